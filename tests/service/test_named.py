"""The service names players as recorded from names as typed (``Tournament.named``): what the
command line builds its commands with, so the log keeps registered names."""

from __future__ import annotations

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def test_typed_names_are_the_recorded_ones_and_a_doubtful_one_is_refused() -> None:
    service = Tournament.in_memory("e", load_settings())
    try:
        service.execute(Register(names=["Zoë Ångström", "Rossi", "Rossini"]))
        assert service.named(["zoe", "  ROSSI ", "angst"]) == [
            "Zoë Ångström",
            "Rossi",
            "Zoë Ångström",
        ]
        assert service.named([]) == []
        with pytest.raises(RuleError, match="Rossi, Rossini"):
            service.named(["ross"])
        with pytest.raises(RuleError, match="no player named 'Bianchi'"):
            service.named(["Zoë", "Bianchi"])
    finally:
        service.close()
