"""Counts: the count dialog's running total against the table's chips, the final's counts in
seat order and all in view at 120×40, its bonus only from every count typed (never from the last
stacks known)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from tdconsole.domain.play import round_chips
from tdconsole.ui.app import ConsoleApp

from .conftest import MakeApp, settle
from .test_actions import text_of


def note(app: ConsoleApp) -> str:
    return text_of(app.screen.query_one("#dialog-note", Static)).replace("\xa0", " ")


async def test_the_count_dialog_adds_up_against_the_tables_chips(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("k")
        table = app.service.state.tables[app.screen.board.number]  # type: ignore[union-attr,attr-defined]
        first = app.service.state.players_at(table)[0].chips  # type: ignore[union-attr]
        target = f"{table.chips:,}".replace(",", " ")
        assert note(app).endswith(target)
        await pilot.press("ctrl+u", *str(first - 1000))
        less = f"{table.chips - 1000:,}".replace(",", " ")
        shown = note(app)
        assert target in shown and less in shown, shown


async def test_the_final_counts_in_seat_order_in_view_and_the_bonus_waits(
    final_file: Path, make_app: MakeApp
) -> None:
    app = make_app(path=final_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        state = app.service.state  # type: ignore[union-attr]
        seats = sorted((p.table, p.seat, p.name) for p in state.in_players())
        labels = [str(label.render()) for label in app.screen.query(Label).filter(".who")]
        assert [label.split("  ")[-1] for label in labels] == [name for *_, name in seats]
        body = app.screen.query_one(".dialog-body", VerticalScroll)
        assert body.max_scroll_y == 0  # every count in view, no scrolling
        # No bonus from the last stacks known (a hint in each field): only from every count.
        bonus_line = note(app).split("\n")[-1]
        assert "—" in bonus_line, bonus_line
        assert not any(ch.isdigit() for ch in bonus_line.replace("III.4", "")), bonus_line
        finalists = len(seats)
        first = state.chips_in_play - 1000 * (finalists - 1)
        await pilot.press(*str(first))
        for _ in range(finalists - 2):
            await pilot.press("tab", *"1000")
        assert "—" in note(app).split("\n")[-1]  # one count still to type
        await pilot.press("tab", *"1000")
        await settle(pilot)
        stacks = state.settings.stacks
        bonus = round_chips(
            Decimal(state.chips_in_play) / finalists, stacks.chip_unit, stacks.second_stack_rounding
        )
        bonus_line = note(app).split("\n")[-1]
        assert f"{bonus:,}".replace(",", " ") in bonus_line and "—" not in bonus_line, bonus_line
