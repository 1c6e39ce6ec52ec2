"""Suspensions marked served, by the Director and from a floor terminal, with undo and redo
said in the console's language."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tdconsole.domain.play import Bust
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import frozen, settle
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
        assert isinstance(app.screen, SliceDialog)  # the suspensions to serve, listed
        options = app.screen.query_one("#ruling", OptionList)
        assert name in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert svc(app).state.rulings[-1].served
        assert any("scontata" in m for m in messages(app))
        await pilot.press("u", "enter")
        await pilot.pause()
        assert not svc(app).state.rulings[-1].served
        assert any(m.startswith("Annullato: sospensione 1 scontata") for m in messages(app))
        await pilot.press("r", "enter")  # asked first, naming what
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


async def test_the_rules_tab_says_a_suspension_lapsed_when_its_player_is_out(
    app: ConsoleApp,
) -> None:
    """As the printed rulings log: a player out serves no suspension; one still in does."""
    gone, staying = (p.name for p in svc(app).state.in_players()[:2])
    suspend(app, gone)
    suspend(app, staying)
    svc(app).execute(Bust(names=[gone], declined=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5")
        await settle(pilot)
        lines = text_of(app.screen.query_one("#rulings-log")).splitlines()
        said = {name: next(line for line in lines if name in line) for name in (gone, staying)}
        assert said[gone].endswith("decaduta: non più in gioco")
        assert said[staying].endswith("da scontare (m)")
