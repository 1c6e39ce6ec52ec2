"""Only what applies: once the final is drawn no second stack is offered (III.4), tables close
until the final is due and its draw is offered then (IV.2, IV.4), an event that starts as its
final offers neither, and a finished event's structure offers neither its start nor an edit."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Checkbox, Input, Label, Static

from tdconsole.domain.play import Bust, Final
from tdconsole.domain.slices.draw import Draw
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.screens.console import ConsoleScreen, palette_entries
from tdconsole.ui.screens.structure import StructureScreen
from tdconsole.ui.widgets.keys_footer import KeysFooter
from tdconsole.ui.widgets.room_summary import RoomSummary

from .conftest import MakeApp, frozen, settle
from .test_actions import messages, text_of
from .test_pay_draw_and_standings import new_event


def draw_the_final(path: Path, *, finish: bool = False) -> None:
    service = Tournament.open(path, clock=frozen)
    try:
        finalists = service.state.in_players()
        counts = {p.name: p.chips or 0 for p in finalists}
        service.execute(Final(counts=counts, override="counted at the final"))
        while finish and service.state.in_play > 1:
            service.execute(Bust(names=[service.state.in_players()[-1].name]))
    finally:
        service.close()


async def test_no_second_stack_is_offered_after_the_final(
    final_file: Path, make_app: MakeApp
) -> None:
    draw_the_final(final_file)
    app = make_app(path=final_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        labels = [label for label, *_ in palette_entries(screen)]  # type: ignore[arg-type]
        assert not [label for label in labels if "dote" in label.lower()], labels
        assert screen.check_action("command", ("SecondStack",)) is False
        footer = text_of(screen.query_one(KeysFooter))
        assert "dote" not in footer.lower(), footer


async def test_a_finished_events_structure_offers_no_start(
    final_file: Path, make_app: MakeApp
) -> None:
    draw_the_final(final_file, finish=True)
    app = make_app(path=final_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.service is not None and app.service.state.phase == "finished"
        await pilot.press("S")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StructureScreen)
        summary = text_of(screen.query_one("#structure-summary", Static))
        assert "--stack" not in summary and "IV.7" in summary, summary
        footer = screen.query_one(KeysFooter)
        keys = [key.key for key in footer.query("FooterKey")]  # type: ignore[attr-defined]
        assert "ctrl+g" not in keys and "r" not in keys and "enter" not in keys, keys
        assert "escape" in keys


def footer_keys(screen: Screen[object]) -> list[str]:
    return [key.key for key in screen.query_one(KeysFooter).query("FooterKey")]  # type: ignore[attr-defined]


async def test_an_event_that_starts_as_its_final_offers_no_closing_no_final_draw(
    tmp_path: Path,
) -> None:
    service = new_event(tmp_path / "e.tdc")  # six players: the final table from the start
    assert service.state.phase == "final"
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, ConsoleScreen)
            keys = footer_keys(screen)
            assert "e" in keys and "c" not in keys and "f" not in keys, keys
            assert screen.check_action("close_table", ()) is False
            assert screen.check_action("final", ()) is False
            labels = [label for label, *_ in palette_entries(screen)]
            assert not [x for x in labels if "Close table" in x or "Final table" in x], labels
            room = text_of(screen.query_one(RoomSummary))
            assert "Final: at" not in room, room
            await pilot.press("e")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, EliminateDialog)
            assert not dialog.query_one("#declined", Checkbox).display
            hint = text_of(dialog.query_one(".hint", Label))
            assert "ctrl+n" in hint and "second stack" not in hint, hint
            title = str(dialog.query_one(".dialog").border_title)
            assert "IV.7" in title and "III.2" not in title, title
            assert dialog.check_action("toggle_declined", ()) is False
            await pilot.press("enter")  # the player out, no word of a second stack
            await settle(pilot)
            assert service.state.in_play == 5
            assert not [m for m in messages(app) if "second stack" in m], messages(app)
    finally:
        service.close()


@pytest.mark.parametrize(
    ("when", "offered", "hidden"),
    [
        ("demo_file", {"c", "d", "e"}, {"f"}),  # the elimination: tables close, no final yet
        ("final_file", {"f"}, {"c", "d", "e"}),  # nine in: the final's draw, no play (IV.2)
    ],
)
async def test_closings_until_the_final_is_due_and_its_draw_then(
    make_app: MakeApp,
    request: pytest.FixtureRequest,
    when: str,
    offered: set[str],
    hidden: set[str],
) -> None:
    app = make_app(path=request.getfixturevalue(when))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = set(footer_keys(app.screen))
        assert offered <= keys and not hidden & keys, keys
        await pilot.press("e")
        await settle(pilot)
        dialog = app.screen
        if "e" in hidden:  # refused at once, before its dialog
            assert isinstance(dialog, ConsoleScreen)
            assert any("(Art. IV.2)" in m for m in messages(app)), messages(app)
            return
        assert isinstance(dialog, EliminateDialog)
        assert dialog.query_one("#declined", Checkbox).display
        assert "III.2" in str(dialog.query_one(".dialog").border_title)


def refused_at_once(app: ConsoleApp, key: str, article: str) -> None:
    assert isinstance(app.screen, ConsoleScreen), key
    assert any(f"(Art. {article})" in m for m in messages(app)), (key, messages(app))


async def refused_one_by_one(pilot: Pilot[ConsoleApp], refusals: dict[str, str]) -> None:
    """Each key of ``refusals`` pressed in turn on the one console, its notices cleared
    first: each refused at once with its article (``refusals[key]``), no search started."""
    app = pilot.app
    for key, article in refusals.items():
        app.clear_notifications()
        await pilot.press(key)
        await settle(pilot)
        refused_at_once(app, key, article)
        no_search(app)


async def test_after_the_final_draw_its_keys_are_refused_before_their_dialog(
    final_file: Path, make_app: MakeApp
) -> None:
    draw_the_final(final_file)
    app = make_app(path=final_file, lang="en")
    refusals = {"f": "IV.5", "c": "IV.4", "d": "III.4"}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not set(refusals) & set(footer_keys(app.screen))
        await refused_one_by_one(pilot, refusals)


async def test_a_finished_event_refuses_play_and_the_clock_at_once(
    final_file: Path, make_app: MakeApp
) -> None:
    """No play in the footer nor the palette; each key of play and of the clock refused at
    once (IV.7); ``c`` says the tournament is over."""
    draw_the_final(final_file, finish=True)
    app = make_app(path=final_file, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        keys = footer_keys(app.screen)
        assert not {"space", "a", "e", "c", "f"} & set(keys), keys
        labels = [label for label, *_ in palette_entries(app.screen)]  # type: ignore[arg-type]
        assert not [x for x in labels if x.startswith("Eliminate")], labels
        played = ["e", "space", "a", "T", "x", "k", "M", "B", "c"]
        await refused_one_by_one(pilot, dict.fromkeys(played, "IV.7"))
        assert any("the tournament is over (Art. IV.7)" in m for m in messages(app))


async def test_after_the_seat_draw_i_is_refused_with_the_way_for_a_latecomer(
    tmp_path: Path,
) -> None:
    service = new_event(tmp_path / "e.tdc", started=False)
    service.execute(Draw(seed=1))
    assert service.state.phase == "seated"
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert "i" not in footer_keys(app.screen)
            await pilot.press("i")
            await settle(pilot)
            refused_at_once(app, "i", "I.1")
            assert any("undo the draw" in m for m in messages(app)), messages(app)
    finally:
        service.close()


def no_search(app: ConsoleApp) -> None:
    searches = app.screen.query("#player-search").results(Input)
    assert all(not box.value for box in searches)


async def test_after_the_start_the_registrations_keys_say_why_and_start_no_search(
    make_app: MakeApp,
) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        refusals = {**dict.fromkeys(["s", "g", "y", "Y", "w"], "III.1"), "i": "I.1"}
        await refused_one_by_one(pilot, refusals)
