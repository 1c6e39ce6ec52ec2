"""The settings' defaults are built without validation at import: each is what its
section validates to, so nothing an event or a file is checked against changes."""

from __future__ import annotations

from tdconsole.domain.settings import Settings
from tdconsole.store.settings_file import load_settings


def test_each_section_default_is_its_validated_self() -> None:
    defaults = Settings()
    for name in Settings.model_fields:
        value = getattr(defaults, name)
        if hasattr(type(value), "model_validate"):
            validated = type(value).model_validate(value.model_dump())
            assert validated == value, name
            assert validated.model_dump() == value.model_dump(), name


def test_the_defaults_validate_whole_and_match_the_shipped_file() -> None:
    defaults = Settings()
    assert Settings.model_validate(defaults.model_dump()) == defaults
    assert Settings.model_validate_json(defaults.model_dump_json()) == defaults
    shipped = load_settings()
    assert shipped.model_dump().keys() == defaults.model_dump().keys()
