"""A command that decides nothing is refused, and the refusal names what was asked in the
reader's language (the log's English summary said through the catalogue), recording nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tdhelpers.support import names

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Context, EventBody
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


class RegisterNobody(Register):
    """A register that decides no event (no command of the product does, today)."""

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        return []


def test_a_command_deciding_nothing_is_refused_in_the_readers_language(tmp_path: Path) -> None:
    service = Tournament.create(tmp_path / "e.tdc", "e", load_settings(), rng=random.Random(1))
    try:
        before = service.state.last_seq
        with pytest.raises(RuleError) as refused:
            service.execute(RegisterNobody(names=names(1)))
        assert service.state.last_seq == before
        assert service.store.read(after=before) == []
        error = refused.value
        assert error.text("en") == "register Player 01: nothing to record"
        italian = error.text("it")
        assert italian.startswith("niente da registrare (")
        assert "register" not in italian and "Player 01" in italian
    finally:
        service.close()
