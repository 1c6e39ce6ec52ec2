"""The console's widgets read the typed read model, never the State: the screen builds the
event's model once per change (``domain.console_view``) and holds it in one reactive attribute,
``shown``, which every widget follows (``ui.widgets.shown``)."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain import console_view as console_view_module
from tdconsole.domain.console_view import console_view
from tdconsole.domain.play import Bust
from tdconsole.service import console_face
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.screens import console as console_module
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.widgets.shown import Shown
from tdconsole.ui.widgets.table_card import TableCard
from tdconsole.ui.widgets.title_bar import TitleBar

from .conftest import settle

UI = Path(console_module.__file__).resolve().parent.parent


def imports_state(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "tdconsole.domain.state"
        and any(alias.name == "State" for alias in node.names)
        for node in ast.walk(tree)
    )


def test_no_module_of_the_console_imports_the_state() -> None:
    reading = {path.relative_to(UI).as_posix() for path in UI.rglob("*.py") if imports_state(path)}
    assert reading == set()


def test_no_dialog_is_handed_a_state() -> None:
    """A dialog is built from what the service gives (a ``Roster``, a ``Form``, names): no
    parameter of its constructor takes a State, typed or not."""
    handed = set()
    for path in (UI / "dialogs").glob("*.py"):
        module = importlib.import_module(f"tdconsole.ui.dialogs.{path.stem}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Dialog):
                parameters = inspect.signature(value.__init__).parameters.values()
                if any("state" in p.name or "State" in str(p.annotation) for p in parameters):
                    handed.add(value.__name__)
    assert handed == set()


async def test_the_model_is_built_once_per_change_for_every_widget(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[Any] = []
    views: list[Any] = []

    def counted(*args: Any) -> Any:
        built.append(args)
        return console_view(*args)

    real_state_view = console_view_module.state_view

    def counted_view(*args: Any) -> Any:
        views.append(args)
        return real_state_view(*args)

    monkeypatch.setattr(console_face, "console_view", counted)  # (where the service calls it)
    monkeypatch.setattr(console_view_module, "state_view", counted_view)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for tab in ("2", "3", "4", "5", "1"):  # every tab's views built and drawn once
            await pilot.press(tab)
            await settle(pilot)
        built.clear()
        views.clear()
        assert app.service is not None
        state = app.service.state
        name = state.players_at(state.tables[1])[-1].name
        app.service.execute(Bust(names=[name], declined=True))
        app.refresh_views()
        await settle(pilot)
        assert len(built) == 1 and len(views) == 1


async def test_the_widgets_follow_the_screens_attribute(app: ConsoleApp) -> None:
    """Nothing but ``shown`` set: the title bar and the table's card draw the new model."""
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ConsoleScreen) and screen.shown is not None
        service = app.service
        assert service is not None
        player = service.state.players_at(service.state.tables[2])[-1]
        in_play = service.state.in_play
        service.execute(Bust(names=[player.name], declined=True))
        now = service.now()
        screen.shown = Shown(console_view(service.state, now), now, screen.shown.who)
        await pilot.pause()
        title = str(screen.query_one(TitleBar).render_line(0).text)
        assert f"{in_play - 1}/" in title and f"{in_play}/" not in title
        card = screen.query_one("#table-2", TableCard)
        assert player.name not in [seat.name for seat in card.view.seats]
