"""A typed word is never an action (``ui.keyboard``): on every tab, at every stage of the night
(registration, play, the final, the end), a word typed at once then Enter records nothing and
leaves no dialog open; a name loses no letter and the search ends on that player.

The keyboard decides a word on its first letter and its case (a key of the console waits for
the next letter, any other begins the word at once; ``B`` and ``b`` are two keys): each first
letter of the night's names begins a name typed on every tab at every stage, capitalised on
one tab and lowercase on the next, the other way at the next stage (so in both cases on every
tab and at every stage), the names of one letter taken in turn (each of the 24 is typed). Words
that begin with the keys no name begins with (``w``, ``q``, ``u``, ``n``; ``T``, ``H``) and
``+-`` (a key that asks first, then a stray key in its question) are typed on every tab at every
stage too. One console per stage; a failure names the stage, the tab and the word."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Input

from tdconsole.demo import DEMO_PLAYERS
from tdconsole.domain.play import Bust
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.screens.console_keys import TABS
from tdconsole.ui.widgets.players_view import PlayersView

from .conftest import console, frozen, settle
from .test_key_misfires import back_to_the_console, log_length, no_printing
from .test_keys_in_flight import send_at_once
from .test_only_what_applies import draw_the_final

STAGES = ("registration", "play", "final", "finished")

TYPED_APART = 0.12
"""Seconds between two letters typed: a quick typist's, well within the window."""


def stage(tmp_path: Path, demo_file: Path, final_file: Path, name: str) -> Tournament:
    """The demo's players at ``name``; an action undone at each stage, so ``r`` would redo."""
    if name == "registration":
        service = Tournament.create(
            tmp_path / "r.tdc", "r", load_settings(), clock=frozen, rng=random.Random(1)
        )
        service.execute(Register(names=list(DEMO_PLAYERS)))
        service.execute(Pay(names=["Rossi"]))
        service.undo()
        return service
    if name == "play":
        service = Tournament.open(demo_file, clock=frozen, rng=random.Random(7))
        service.execute(Bust(names=["Moretti"], declined=True))
        service.undo()
        return service
    draw_the_final(final_file, finish=name == "finished")
    return Tournament.open(final_file, clock=frozen, rng=random.Random(7))


BY_LETTER = {
    letter: [name for name in DEMO_PLAYERS if name[0] == letter]
    for letter in dict.fromkeys(name[0] for name in DEMO_PLAYERS)
}
"""The night's names by their first letter."""

OTHER_WORDS = ("wavy", "quasi", "uno", "nebbia", "Tommaso", "Hanna")
"""Words that begin with a key no name begins with: no player is named, no letter is lost."""

NOT_A_WORD = "+-"
"""A key that asks first (a minute more), then a key typed into its question: Enter closes it."""


def names_typed(stage_number: int, tab: int) -> list[tuple[str, str]]:
    """(typed, name) for each first letter of the names: its names taken in turn (each is
    typed), all capitalised on a tab at a stage, all lowercase on the next tab and at the next
    stage (capitalised on the tables in play, where ``B``, ``C``, ``M``, ``S`` are keys)."""
    turn = stage_number * len(TABS) + tab
    capitalised = (stage_number + tab) % 2 == 0
    typed = []
    for names in BY_LETTER.values():
        name = names[turn % len(names)]
        typed.append((name if capitalised else name.lower(), name))
    return typed


@pytest.mark.parametrize("when", STAGES)
async def test_words_typed_on_every_tab_are_searches(
    tmp_path: Path, demo_file: Path, when: str, request: pytest.FixtureRequest
) -> None:
    """At ``when``, on each tab: each first letter of the names begins a name typed (one case
    here, the other on the next tab), then the other keys' words, each with Enter: nothing
    recorded, no dialog left open, every letter in the search, the search on the name typed;
    then ``+-`` and Enter: nothing recorded."""
    final_file = request.getfixturevalue("final_file") if when in ("final", "finished") else None
    service = stage(tmp_path, demo_file, final_file or demo_file, when)
    async with console(service, lang="en") as (app, pilot):
        no_printing(app)
        before = log_length(service)
        for tab, tab_name in enumerate(TABS, start=1):
            words = [*names_typed(STAGES.index(when), tab), *((w, None) for w in OTHER_WORDS)]
            for typed, name in words:
                where = (when, tab_name, typed)
                await pilot.press(str(tab))
                send_at_once(app, *typed, "enter", apart=TYPED_APART)
                await settle(pilot)
                assert isinstance(app.screen, ConsoleScreen), (*where, app.screen)
                assert log_length(service) == before, where
                box = app.screen.query_one("#player-search", Input)
                assert box.value == typed, where  # no letter lost
                view = app.screen.query_one(PlayersView)
                assert view.selected_player() == name or name is None, where
            await pilot.press(str(tab))
            send_at_once(app, *NOT_A_WORD, "enter", apart=TYPED_APART)
            await settle(pilot)
            await back_to_the_console(app, pilot)
            assert log_length(service) == before, (when, tab_name, NOT_A_WORD)


async def test_letters_on_their_way_go_on_the_word_wherever_the_focus_is(
    demo_file: Path,
) -> None:
    """A letter handed to the view before the search box took the focus comes back unused
    and goes on the word begun, never a new search replacing its first letters ("co" +
    "s" is "cos", not "s")."""
    service = Tournament.open(demo_file, clock=frozen, rng=random.Random(7))
    async with console(service, lang="en") as (app, pilot):
        await pilot.press("2")
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        await screen.typed_word("co", True)
        screen.set_focus(screen.query_one("#player-table"))  # as before the box had it
        await screen.typed_word("s", False)
        await settle(pilot)
        assert screen.query_one("#player-search", Input).value == "cos"
