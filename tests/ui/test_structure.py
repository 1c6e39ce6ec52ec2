"""The structure screen (S, and the palette's "Struttura"), driven by keys (Art. III.1, III.5)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input

from tdconsole.domain.slices.draw import Draw
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.screens.structure import StructureScreen

from .conftest import MakeApp, frozen, opened_by, paid, pressed
from .test_actions import messages, text_of

SIZE = (120, 40)
CLEAR = ("end", *["backspace"] * 8)


def seated_event(path: Path, players: int = 24) -> Tournament:
    names = [f"Giocatore {i}" for i in range(1, players + 1)]
    service = paid(path, "Prova", names, rng=random.Random(1))
    service.execute(Draw(seed=3))
    return service


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[Tournament]:
    service = seated_event(tmp_path / "seated.tdc")
    yield service
    service.close()


def rows(app: ConsoleApp) -> list[list[str]]:
    table: DataTable[object] = app.screen.query_one("#structure-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_before_the_start_the_structure_is_proposed_previewed_and_started(
    seated: Tournament,
) -> None:
    app = build_app(seated, frozen)
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened_by(pilot, "S", StructureScreen)
        # Proposed from 24 players starting at 20:15 (frozen clock 20:00 UTC): the deepest
        # first big blind that ends before 01:00, the colour-up break after level 2.
        assert screen.query_one("#f-stack", Input).value == "4000"
        assert screen.query_one("#f-bb", Input).value == "50"
        assert screen.query_one("#f-players", Input).value == "24"
        shown = rows(app)
        assert shown[0][:4] == ["1", "25 / 50", "–", "40"]
        assert shown[1][:2] == ["2", "50 / 100"]
        assert shown[2][0] == "Pausa" and shown[2][7] == "↔ 25"
        summary = text_of(screen.query_one("#structure-summary"))
        assert "Fine prevista" in summary and "cambio dei gettoni da 25" in summary
        # A field typed: the preview follows at once (III.1 refused in Italian, nothing kept).
        field = screen.query_one("#f-bb", Input)
        field.focus()
        await pilot.press(*CLEAR, *"150")
        await pilot.pause()
        assert "Art. III.1" in text_of(screen.query_one("#structure-summary"))
        assert rows(app)[0][1] == "25 / 50"
        await pilot.press(*CLEAR, *"100")
        await pilot.pause()
        assert screen.query_one("#f-second", Input).value == "200"
        assert rows(app)[0][1] == "50 / 100"
        # Edited in place: level 4's big blind, on its row (Enter, type, Enter).
        table = screen.query_one("#structure-table", DataTable)
        table.focus()
        await pilot.press("down", "down", "down", "down", "enter")
        await pilot.pause()
        assert "Livello 4 · Grande buio" in text_of(screen.query_one("#edit-label"))
        await pilot.press(*CLEAR, *"1000", "enter")
        await pilot.pause()
        assert rows(app)[4][:2] == ["4", "500 / 1 000"]
        assert rows(app)[5][1] == "1 000 / 2 000"
        # A break inserted after level 5, and removed again.
        await pilot.press("down", "p")
        await pilot.pause()
        assert rows(app)[6][0] == "Pausa"
        await pilot.press("down", "delete")
        await pilot.pause()
        assert rows(app)[6][0] == "6"
        # Started with this structure: the log holds the break and the edit.
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert seated.state.phase == "elimination"
        structure = seated.state.structure
        assert structure.first_bb == 100 and structure.breaks == {2: 15}
        assert structure.big_blind(4) == 1000 and structure.big_blind(5) == 2000
        assert not isinstance(app.screen, StructureScreen)


async def test_after_the_start_levels_are_edited_through_clock_edit(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "S", StructureScreen)
        shown = rows(app)
        assert shown[0][0] == "▶ 1" and shown[1][0] == "2"
        # The current level is frozen (III.5): refused, in Italian, nothing changed.
        await pilot.press("enter", *CLEAR, *"200", "enter")
        await pilot.pause()
        assert any("Art. III.5" in m and "in corso" in m for m in messages(app))
        assert app.service is not None and app.service.state.structure.big_blind(1) == 100
        # Level 3's ante, in its row.
        await pilot.press("down", "down", "right", "right", "enter")
        await pilot.press(*CLEAR, *"100", "enter")
        await pilot.pause()
        assert app.service.state.structure.ante(3) == 100
        assert rows(app)[2][2] == "100"
        # A break after level 2 (the colour-up break is then marked on it), asked first.
        await pilot.press("up", "p", "enter")
        await pilot.pause()
        assert app.service.state.structure.breaks == {2: 15}
        assert rows(app)[2][0] == "Pausa" and rows(app)[2][7] == "↔ 25"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StructureScreen)


async def test_the_palette_opens_the_structure(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"Struttura")
        await opened_by(pilot, "enter", StructureScreen)


async def test_the_start_dialog_labels_its_fields(seated: Tournament) -> None:
    app = build_app(seated, frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "g")
        # each field's label kept once filled (every one opens on the settings' value)
        boxes = list(app.screen.query(Input))
        assert [str(box.border_title) for box in boxes if box.value] == [
            "Dote iniziale",
            "Primo grande buio",
            "Primo livello, minuti",
            "Secondo grande buio",
            "Livelli successivi, minuti",
        ]
        assert [box.value for box in boxes] == ["4000", "100", "40", "200", "20", ""]
        app.screen.query_one("#breaks", Input).value = "2=15"  # as on the command line
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert seated.state.stack == 4000 and seated.state.structure.second_bb == 200
        assert seated.state.structure.breaks == {2: 15}


@pytest.mark.parametrize(
    ("keys", "asked"),
    [
        (("p",), "Insert a break of 15 minutes after level 1?"),
        (("p", "enter", "down", "delete"), "Remove the break after level 1?"),
    ],
)
async def test_p_or_delete_in_the_structure_asks_first_and_escape_changes_nothing(
    make_app: MakeApp, keys: tuple[str, ...], asked: str
) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("S", *keys)
        await pilot.pause()
        assert app.service is not None
        before = app.service.state.last_seq
        assert isinstance(app.screen, ConfirmDialog)
        assert asked in text_of(app.screen.query_one("#question"))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StructureScreen)
        assert app.service.state.last_seq == before
