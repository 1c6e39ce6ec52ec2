"""A typed word is never an action (``ui.keyboard``): each of the night's names, typed
lowercase and capitalised, then Enter, on every tab, at every stage of the night (registration,
play, the final, the end), records nothing, leaves no dialog open, loses no letter and ends on
that player. One console per stage and tab types each name once, in one case; the other case
at the next stage, so each name is typed both ways on every tab."""

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
from .test_key_misfires import log_length, no_printing
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


@pytest.mark.parametrize("tab", range(1, len(TABS) + 1))
@pytest.mark.parametrize("when", STAGES)
async def test_every_name_typed_on_every_tab_is_a_search(
    tmp_path: Path, demo_file: Path, when: str, tab: int, request: pytest.FixtureRequest
) -> None:
    final_file = request.getfixturevalue("final_file") if when in ("final", "finished") else None
    service = stage(tmp_path, demo_file, final_file or demo_file, when)
    async with console(service, lang="en") as (app, pilot):
        no_printing(app)
        before = log_length(service)
        for number, name in enumerate(DEMO_PLAYERS):
            lowercase = (number + STAGES.index(when)) % 2 == 0
            typed = name.lower() if lowercase else name
            await pilot.press(str(tab))
            send_at_once(app, *typed, "enter", apart=TYPED_APART)
            await settle(pilot)
            assert isinstance(app.screen, ConsoleScreen), (typed, app.screen)
            assert log_length(service) == before, typed
            box = app.screen.query_one("#player-search", Input)
            assert box.value == typed  # no letter lost
            view = app.screen.query_one(PlayersView)
            assert view.selected_player() == name, typed


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
