"""The Italian console shows no English label on any screen: every tab, every screen its keys
open (the structure, the settings, the help, the calculators, the palette) and every dialog.
Each screen's text (what it shows, and the words of its lines scrolled out of view: the
settings' help lines) is held against the catalogue: a piece of an English message whose
Italian differs, found as a whole word on the screen, is a label left in English."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from textual.screen import Screen
from textual.widgets import Static

from tdconsole.service import Tournament
from tdconsole.ui.screens.console_keys import ACTIONS

from .test_pseudo import screen_text

CATALOGUE = Path(__file__).parents[2] / "tdconsole/locale/it/LC_MESSAGES/tdconsole.po"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LETTERS = re.compile(r"[A-Za-z]")


@cache
def english_pieces() -> frozenset[str]:
    """The pieces between placeholders of every message the Italian says otherwise, long
    enough to be a label (eight letters or more) and absent from its Italian."""
    with CATALOGUE.open("rb") as f:
        catalogue = read_po(f)
    pieces: set[str] = set()
    for message in catalogue:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        italian = " ".join(strings)
        for english in ids:
            for piece in PLACEHOLDER.split(english):
                piece = " ".join(piece.split())
                if len(LETTERS.findall(piece)) >= 8 and not whole(piece, italian):
                    pieces.add(piece)
    return frozenset(pieces)


def whole(piece: str, text: str) -> bool:
    """``piece`` is in ``text`` and cuts no word there ("Decision" is not in "Decisione")."""
    before = r"(?<!\w)" if piece[:1].isalnum() else ""
    after = r"(?!\w)" if piece[-1:].isalnum() else ""
    return re.search(before + re.escape(piece) + after, text) is not None


def english_in(text: str) -> list[str]:
    flat = " ".join(text.split())
    return sorted(piece for piece in english_pieces() if piece in flat and whole(piece, flat))


def test_the_check_finds_an_english_label() -> None:
    assert english_in("Regole  Decision (IV.4) · massimo") == ["Decision", "Decision ("]
    assert english_in("Decision · i posti a pari merito") == ["Decision"]
    assert english_in("Decisione (IV.4) · Livello successivo") == []


def words_of(screen: Screen[object]) -> str:
    """The words of every line of ``screen``, those scrolled out of view too."""
    return "\n".join(str(static.render()) for static in screen.query(Static))


# Every tab, every screen a key opens, every dialog of the Director's keys.
KEYS: list[tuple[str, ...]] = [
    ("1",),
    ("2",),
    ("3",),
    ("4",),
    ("5",),
    ("6",),
    ("question_mark",),
    ("o",),
    ("f2",),
    ("ctrl+p",),
    *(
        (key.key,)
        for key in ACTIONS
        if key.key not in ("space", "u", "n", "b", "a", "plus", "minus")
    ),
]


async def test_no_screen_of_the_italian_console_shows_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui.conftest import NOW, frozen, lapse_by_hand, settle

    lapse_by_hand(monkeypatch)  # a key pressed, then the app at rest: a key pressed alone

    from tdconsole.demo import build_demo
    from tdconsole.ui.app import build_app

    path = build_demo(tmp_path / "demo.tdc", now=NOW)
    problems: dict[str, list[str]] = {}
    service = Tournament.open(path, clock=frozen, rng=random.Random(1))
    try:
        app = build_app(service, frozen, lang="it")
        app.animation_level = "none"
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            base = len(app.screen_stack)
            console, focused = app.screen, app.focused
            for keys in KEYS:
                for key in keys:
                    await pilot.press(key)
                    await settle(pilot)
                shown = screen_text(app.export_screenshot()) + "\n" + words_of(app.screen)
                if found := english_in(shown):
                    problems["+".join(keys)] = found
                while len(app.screen_stack) > base:
                    app.pop_screen()
                await console.action_tab("tables")  # type: ignore[attr-defined]
                app.set_focus(focused)
                await settle(pilot)
    finally:
        service.close()
    assert problems == {}, problems
