"""Counts typed where they are read: the close dialog's plan listed in the order of its count
fields (a count called out down the plan landed on another mover's field); the closing's and
the final's count fields alike (the closing's held the last counts as values that counted in
the sum, the final's the same numbers greyed and worth 0); the second stack opened on the seat
cursor's player with the cursor in his stack (a stack typed replaced his name)."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Input, Label, Static

from tdconsole.domain.play import Bust, ClosePlan, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.close_table import CloseTableDialog
from tdconsole.ui.dialogs.final import FinalDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import MakeApp, frozen, opened_by, paid, settle
from .test_actions import messages, text_of

SIZE = (120, 40)


def planned_closing(path: Path) -> Tournament:
    """12 players at 3 tables of 4, one out at table 1: its plan drawn (in the order P10,
    P12, P03, its seats in the order P03, P10, P12)."""
    names = [f"P{i:02d}" for i in range(1, 13)]
    service = paid(path, "Prova", names, rng=random.Random(1))
    service.execute(Draw(seed=1, tables=3))
    service.execute(Start(stack=4000, big_blind=100))
    last = service.state.players_at(service.state.tables[1])[-1]
    service.execute(Bust(names=[last.name], declined=True))
    service.execute(ClosePlan(table=1))
    return service


def note(app: ConsoleApp) -> str:
    return text_of(app.screen.query_one("#dialog-note", Static)).replace("\xa0", " ")


async def test_the_plan_lists_the_movers_in_the_order_of_their_count_fields(
    tmp_path: Path,
) -> None:
    service = planned_closing(tmp_path / "e.tdc")
    plan = service.state.tables[1].plan
    assert plan is not None
    drawn = [service.state.players[key].name for key, *_ in plan.moves]
    seated = [p.name for p in service.state.players_at(service.state.tables[1])]
    assert drawn != seated  # the case: the plan drawn in another order than the seats
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            dialog = await opened_by(pilot, "c", CloseTableDialog, workers=True)
            lines = text_of(dialog.query_one("#plan", Static)).splitlines()[1:]
            listed = [line.split()[0] for line in lines if "→" in line]
            fields = [str(label.render()) for label in dialog.query(Label).filter(".who")]
            assert listed == fields == seated
    finally:
        service.close()


async def test_the_closing_and_the_final_take_every_count_afresh_alike(
    tmp_path: Path, final_file: Path, make_app: MakeApp
) -> None:
    """Both dialogs: empty fields, the last count greyed as "ultimo 4 000", the sum line
    saying how many counts are still to type, and Enter on an empty one naming the player
    and what to type."""
    closing = build_app(planned_closing(tmp_path / "e.tdc"), frozen)
    final = make_app(path=final_file)
    for app, key, kind in ((closing, "c", CloseTableDialog), (final, "f", FinalDialog)):
        try:
            async with app.run_test(size=SIZE) as pilot:
                await settle(pilot)
                await pilot.press(key)
                await settle(pilot)
                assert isinstance(app.screen, kind)
                state = app.service.state  # type: ignore[union-attr]
                fields = list(app.screen.query(Input).filter(".stack"))
                assert all(field.value == "" for field in fields), kind
                first = state.find(
                    str(app.screen.query(Label).filter(".who")[0].render()).split("  ")[-1]
                )
                assert first is not None and first.chips is not None
                hint = " ".join(fields[0].placeholder.split())
                assert hint == f"ultimo {first.chips:,}".replace(",", " ")
                assert f"Conteggi ancora da scrivere: {len(fields)}" in note(app), kind
                await pilot.press("ctrl+s")
                await settle(pilot)
                said = messages(app)[-1]
                assert said.startswith(f"{first.name}: scrivi il suo conteggio di adesso"), said
                await pilot.press(*"1000")
                assert f"Conteggi ancora da scrivere: {len(fields) - 1}" in note(app), kind
        finally:
            app.service.close()  # type: ignore[union-attr]


async def test_the_second_stack_opened_on_a_player_waits_for_his_stack(app: ConsoleApp) -> None:
    """``d`` on the seat cursor's player: the stack typed goes in the stack field, his name
    stays; a name typed instead still takes his place (as in every player dialog)."""
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened_by(pilot, "d", SliceDialog, workers=True)
        name = dialog.query_one("#name", Input)
        opened_on = name.value
        assert opened_on and app.focused is dialog.query_one("#stack", Input)
        await pilot.press("0")
        assert name.value == opened_on
        assert dialog.query_one("#stack", Input).value == "0"
        assert opened_on in str(dialog.query_one(".dialog").border_title)
        await pilot.press("escape", "d", *"Rossi")
        assert dialog.query_one("#name", Input).value == "Rossi"
        assert dialog.query_one("#stack", Input).value == ""
        assert app.focused is dialog.query_one("#name", Input)
