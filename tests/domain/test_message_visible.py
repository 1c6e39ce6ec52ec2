"""The Director's message needs a character a reader sees: one of only a blank symbol
(U+1D159), a lone combining mark or spaces of any kind is refused, never shown on every
screen."""

from __future__ import annotations

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.domain.texts import shows_something
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

NOTHING = ["\U0001d159", "\u0301", "\u0301\u0301", "\u2003\u0301", "\U0001d159 \U0001d159"]
SOMETHING = ["é", "e\u0301", "...", "€", "7", "Cena!"]


@pytest.mark.parametrize("text", NOTHING)
def test_a_message_that_shows_nothing_is_refused(text: str) -> None:
    service = Tournament.in_memory("e", load_settings())
    try:
        seq = service.state.last_seq
        with pytest.raises(RuleError, match="shows nothing") as refused:
            service.execute(ShowMessage(message=text))
        assert refused.value.article == "VII.1"
        assert service.state.message is None and service.state.last_seq == seq
    finally:
        service.close()


@pytest.mark.parametrize("text", SOMETHING)
def test_a_message_with_a_visible_character_shows(text: str) -> None:
    assert shows_something(text)


@pytest.mark.parametrize("text", NOTHING)
def test_what_shows_nothing_is_told(text: str) -> None:
    assert not shows_something(text)
