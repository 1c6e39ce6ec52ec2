"""Only what applies: once the final is drawn no second stack is offered (III.4), and a finished
event's structure offers neither its start nor an edit."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tdconsole.domain.play import Bust, Final
from tdconsole.service import Tournament
from tdconsole.ui.screens.console import palette_entries
from tdconsole.ui.screens.structure import StructureScreen
from tdconsole.ui.widgets.keys_footer import KeysFooter

from .conftest import MakeApp, frozen, settle
from .test_actions import text_of


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
        assert screen.check_action("second_stack", ()) is False
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
