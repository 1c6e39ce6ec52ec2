"""The words of a served view's page (around the terminal) follow the console's language."""

from __future__ import annotations

from tdconsole.i18n import OPEN, PSEUDO
from tdconsole.serve.legacy_floor import page_words


def test_the_page_speaks_the_console_s_language() -> None:
    assert page_words("it") == {"ended": "Sessione terminata.", "again": "Riapri"}
    assert page_words("en") == {"ended": "Session ended.", "again": "Open again"}
    assert all(word.startswith(OPEN) for word in page_words(PSEUDO).values())
