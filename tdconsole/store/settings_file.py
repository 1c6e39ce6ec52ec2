"""A settings file read from disk (the shipped ``ordine.toml`` or the Director's own), then
validated by the domain (``domain.settings.validate_settings``): the reading, with its hostile
file's limits, is the store's; what the values mean is the domain's."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings, validate_settings
from tdconsole.domain.settings_help import default_settings_path
from tdconsole.i18n import _
from tdconsole.store.reading import MIB, check_depth, read_input, too_deep


def load_settings(path: Path | None = None) -> Settings:
    """Read and validate a settings file (default: the shipped ``ordine.toml``)."""
    path = path or default_settings_path()
    try:
        text = read_input(path, MIB, _("a settings file")).decode()
    except FileNotFoundError:
        raise RuleError(
            _("settings file {path} not found: give an existing file").format(path=path),
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, a NUL in the name
        raise RuleError(
            _("cannot read settings file {path}: {exc}").format(path=path, exc=exc),
        ) from None
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise too_deep(str(path)) from None
    except (tomllib.TOMLDecodeError, ValueError) as exc:  # ValueError: a 5,000-digit number
        raise RuleError(
            _("settings file {path} is not valid TOML ({exc}): fix it").format(path=path, exc=exc),
        ) from None
    check_depth(data, str(path))
    return validate_settings(data, source=str(path))
