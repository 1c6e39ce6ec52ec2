"""Player names are shown literally: brackets are not markup, accents are kept."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console
from tdhelpers.support import started

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import build_app
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.players_view import PlayersView
from tdconsole.ui.widgets.table_card import TableCard

from .conftest import frozen

ODD = "[bold]Zoë Łukasz-Ångström"


def odd_event(path: Path) -> Path:
    service = Tournament.create(
        path, "Prova [red]", load_settings(), clock=frozen, rng=random.Random(3)
    )
    names = [ODD, *(f"Giocatore {i}" for i in range(1, 12))]
    started(service, names, seed=3)
    service.close()
    return path


def plain(renderable: object, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


async def test_a_bracketed_name_is_shown_literally(tmp_path: Path) -> None:
    path = odd_event(tmp_path / "odd.tdc")
    service = Tournament.open(path, clock=frozen)
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            cards = list(app.screen.query(TableCard))
            shown = "".join(plain(card.render(), 116) for card in cards)
            assert ODD in shown
            await pilot.press("2")
            await pilot.pause()
            table = app.screen.query_one(PlayersView).query_one("#player-table")
            cells = [str(c) for c in table.get_row(ODD)]  # type: ignore[attr-defined]
            assert cells[0] == ODD
            await pilot.press("1")
            await app.screen.select_player(ODD)  # type: ignore[attr-defined]
            await pilot.press("e", "ctrl+r", "enter")
            await pilot.pause()
            assert service.state.find(ODD).status == "out"  # type: ignore[union-attr]
            assert any(ODD in n.message for n in notifications(app))
    finally:
        service.close()
