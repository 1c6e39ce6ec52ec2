"""Suspensions served, a future level edited, the button's seat, undo said in the console's
language."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, OptionList

from tdconsole.domain.rulings import Sanction
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.edit_level import EditLevelDialog
from tdconsole.ui.dialogs.mark_served import MarkServedDialog
from tdconsole.ui.dialogs.move_button import MoveButtonDialog

from .conftest import frozen
from .test_actions import SIZE, messages, svc, text_of


def suspend(app: ConsoleApp, name: str) -> None:
    svc(app).execute(Sanction(name=name, kind="suspend", orbits=1, reason="carte mostrate"))


async def test_mark_a_suspension_served(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")  # none yet
        await pilot.pause()
        assert any("Nessuna sospensione" in m for m in messages(app))
        name = svc(app).state.in_players()[0].name
        suspend(app, name)
        app.refresh_views()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MarkServedDialog)
        options = app.screen.query_one("#suspensions", OptionList)
        assert name in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert svc(app).state.rulings[-1].served
        assert any("scontata" in m for m in messages(app))
        await pilot.press("u")
        await pilot.pause()
        assert not svc(app).state.rulings[-1].served
        assert any(m.startswith("Annullato: sospensione 1 scontata") for m in messages(app))
        await pilot.press("r")
        await pilot.pause()
        assert any(m.startswith("Ripristinato: sospensione 1 scontata") for m in messages(app))


async def test_floor_marks_served(make_app: object, demo_file: Path) -> None:
    director = Tournament.open(demo_file, clock=frozen)
    name = director.state.in_players()[0].name
    director.execute(Sanction(name=name, kind="suspend", orbits=2, reason="telefono"))
    director.close()
    app: ConsoleApp = make_app("floor", actor="Bruno")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m", "enter")
        await pilot.pause()
        assert svc(app).state.rulings[-1].served


async def test_edit_a_future_level(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, EditLevelDialog)
        assert app.screen.query_one("#level", Input).value == "2"
        assert "100 / 200" in text_of(app.screen.query_one("#levels"))
        await pilot.press(*"300", "tab", *"25", "enter")
        await pilot.pause()
        structure = svc(app).state.structure
        assert structure is not None and structure.blinds(2).big_blind == 300
        assert structure.blinds(2).ante == 25
        assert any("modifica del livello 2" in m for m in messages(app))
        await pilot.press("h", "shift+tab", "end", "ctrl+u", "1", "tab", *"400", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EditLevelDialog)  # the level in play is frozen: refused
        assert any("III.5" in m for m in messages(app))


async def test_record_the_button(make_app: object) -> None:
    app: ConsoleApp = make_app("floor", actor="Bruno")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert svc(app).state.tables[1].button == 1
        await pilot.press("right", "B")
        await pilot.pause()
        assert isinstance(app.screen, MoveButtonDialog)
        assert app.screen.query_one("#seat", Input).value == "2"
        await pilot.press("enter")
        await pilot.pause()
        assert svc(app).state.tables[1].button == 2
        assert any("bottone al tavolo 1, posto 2" in m for m in messages(app))
        card = text_of(app.screen.query_one("TableCard"))
        assert "D" in card.split("\n")[1]
