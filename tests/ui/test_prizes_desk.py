"""The cash desk on the prizes tab: ``H`` in its footer, and after a handover the cursor on the
next prize due (Art. I.7)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from tdhelpers.support import started

from tdconsole.domain.play import Bust
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.widgets.payouts_view import PayoutsView

from .conftest import console, frozen, settle
from .test_literal_names import screen_text
from .test_only_what_applies import footer_keys

SIX = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]


def four_out(path: Path) -> Tournament:
    """Six paid, five prizes (189 / 105 / 63 / 42 / 21): the 6th, 5th, 4th and 3rd decided."""
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(1))
    started(service, SIX)
    for player in service.state.in_players()[:4]:
        service.execute(Bust(names=[player.name]))
    return service


async def test_h_is_in_the_prizes_footer(tmp_path: Path) -> None:
    service = four_out(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        assert "H" not in footer_keys(app.screen)
        await pilot.press("3")
        await settle(pilot)
        assert "H" in footer_keys(app.screen)


async def test_after_a_handover_the_cursor_goes_to_the_next_prize_due(tmp_path: Path) -> None:
    service = four_out(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        await pilot.press("3", "down", "down")  # the 3rd place
        await settle(pilot)
        view = app.screen.query_one(PayoutsView)
        third = view.selected_player()
        assert third == next(p.name for p in service.state.players.values() if p.place == 3)
        await pilot.press("H", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        view = app.screen.query_one(PayoutsView)
        assert view.cursor_row == 3  # the 4th, due
        await pilot.press("H", "enter", "H", "enter")  # the 4th, then the 5th: one key each
        await settle(pilot)
        handed = sorted(p.place for p in service.state.players.values() if p.handed_over_at)
        assert handed == [3, 4, 5]


@pytest.mark.parametrize(("lang", "undo"), [("en", "u Undo"), ("it", "u Annulla")])
async def test_the_prizes_footer_keeps_undo_whole_at_120_columns(
    demo_file: Path, lang: str, undo: str
) -> None:
    """``H`` takes room in the Prizes tab's footer: ``u`` is still shown whole, in English and
    in Italian (the longest words), at the console's 120 columns, every key of play shown
    (the demo: three tables)."""
    service = Tournament.open(demo_file, clock=frozen)
    async with console(service, lang=lang) as (app, pilot):
        await pilot.press("3")
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert re.search(rf" {undo}(?!\w)", footer), footer
