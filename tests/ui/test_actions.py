"""Every action of the console through its keys, checked against the event's state."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Input

from tdconsole.domain.play import Count
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.close_table import CloseTableDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.screens.keys import KeysScreen
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.players_view import PlayersView

from .conftest import SIZE, frozen, opened_by, paid, pressed, settle
from .textual_reach import own_bindings

MakeApp = Callable[..., ConsoleApp]


def svc(app: ConsoleApp) -> Tournament:
    assert app.service is not None
    return app.service


def text_of(widget: object) -> str:
    """What a widget shows, as plain text."""
    from rich.console import Console
    from textual.widgets import Static

    shown = widget.content if isinstance(widget, Static) else widget.render()  # type: ignore[attr-defined]
    rendered: object = shown
    plain = getattr(rendered, "plain", None)
    if isinstance(plain, str):
        return plain
    console = Console(width=200, record=True, color_system=None)
    console.print(rendered)
    return console.export_text()


def messages(app: ConsoleApp) -> list[str]:
    return [n.message for n in notifications(app)]


async def test_clock_keys(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space")
        assert svc(app).state.clock.running
        await pilot.press("space")
        assert not svc(app).state.clock.running
        await pilot.press("n", "enter")  # asked first (``test_key_misfires``)
        assert svc(app).state.clock.index == 1
        await pilot.press("b", "enter")
        assert svc(app).state.clock.index == 0
        await pilot.press("minus", "enter")
        status = app.clock_status()
        assert status is not None and status.remaining_seconds == 39 * 60
        await pilot.press("plus", "enter")
        status = app.clock_status()
        assert status is not None and status.remaining_seconds == 40 * 60
        await pilot.press("a")  # nothing pending: refused with the article
        await pilot.pause()
        assert any("III.5" in m for m in messages(app))


async def test_second_stack_shows_the_amount(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "d")
        note = text_of(app.screen.query_one("#context"))
        assert "4 000" in note
        await pilot.press(*"50", "enter")  # opened on Moretti: the cursor is in the stack
        await pilot.pause()
        player = svc(app).state.find("Moretti")
        assert player is not None and player.second_stack == 4000 and player.chips == 4050
        assert any("4\xa0000" in m for m in messages(app))  # never split across lines
        assert "²" in text_of(app.screen.query_one("#table-1"))


async def test_second_stack_asks_for_the_stack_of_a_player_never_counted(app: ConsoleApp) -> None:
    """Rules.md, Decision of III.2: never counted, the dialog cannot be recorded with his stack
    empty (his starting stack is no evidence of his stack now); with
    a count below the big blind on record, the field may stay empty and that count is used."""
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "d")
        stack = app.screen.query_one("#stack", Input)
        assert stack.placeholder == "Resto attuale"
        await pilot.press("enter")
        await pilot.pause()
        player = svc(app).state.find("Moretti")
        assert player is not None and player.second_stack is None
        assert any("resto attuale" in m and "III.2" in m for m in messages(app))
        assert app.screen.query("#stack")  # the dialog stays open, asking
        await pilot.press("escape")
        svc(app).execute(Count(counts={"Moretti": 50}))
        await pilot.press("d")
        await pilot.pause()
        assert "Resto attuale (vuoto: il suo conteggio 50)" in text_of(
            app.screen.query_one("#context")
        )
        await pilot.press("enter")
        await pilot.pause()
        player = svc(app).state.find("Moretti")
        assert player is not None and player.second_stack == 4000 and player.chips == 4050


async def test_count_a_table(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "k")
        first = app.screen.query_one("#count-0", Input)
        first.value = "3000"
        second = app.screen.query_one("#count-1", Input)
        second.value = "5000"
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = svc(app).state
        assert state.find("Moretti").chips == 3000  # type: ignore[union-attr]
        assert state.find("Mancini").chips == 5000  # type: ignore[union-attr]


async def test_close_a_table_with_its_plan_and_counts(
    make_app: MakeApp, closing_file: Path
) -> None:
    app = make_app(path=closing_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "IV.4" in text_of(app.screen.query_one("#room"))
        await pilot.press("c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CloseTableDialog) and dialog.table == 1
        await pilot.press("ctrl+o")  # draw the plan: recorded, the dialog stays open
        await pilot.pause()
        assert svc(app).state.tables[1].plan is not None
        assert isinstance(app.screen, CloseTableDialog)
        movers = [p.name for p in svc(app).state.players_at(svc(app).state.tables[1])]
        for i, _ in enumerate(movers):
            app.screen.query_one(f"#count-{i}", Input).value = "4000"
        await pilot.pause()
        assert "32 000: ora 12 000" in text_of(app.screen.query_one("#dialog-note"))
        await pilot.press("ctrl+s")  # refused: counts differ from C_t
        await pilot.pause()
        assert svc(app).state.tables[1].open
        app.screen.query_one("#override", Input).value = "recount agreed at the table"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not svc(app).state.tables[1].open
        assert isinstance(app.screen, ConsoleScreen)


async def test_final_table_draw(make_app: MakeApp, final_file: Path) -> None:
    app = make_app(path=final_file)
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "f")
        note = text_of(app.screen.query_one("#dialog-note"))
        assert "III.4" in note
        for i in range(9):
            app.screen.query_one(f"#count-{i}", Input).value = "10600" if i == 8 else "10675"
        await pilot.pause()
        assert "96 000" in text_of(app.screen.query_one("#dialog-note"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = svc(app).state
        assert state.phase == "final"
        assert state.final_bonus is not None


async def test_disqualify(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x", "tab", *"offese", "enter")  # the name first, then the reason
        await pilot.pause()
        assert svc(app).state.find("Moretti").status == "disqualified"  # type: ignore[union-attr]


async def test_players_view_search_pay_withdraw_register(tmp_path: Path) -> None:
    from tdconsole.ui.app import build_app

    path = tmp_path / "new.tdc"
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(1))
    service.execute(Register(names=["Anna", "Bruno", "Carla"]))
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("i", *"Dario, Elena", "enter")
            await pilot.pause()
            assert service.state.find("Elena") is not None
            await pilot.press("slash", *"bru", "enter")
            await pilot.pause()
            players = app.screen.query_one(PlayersView)
            assert players.selected_player() == "Bruno"
            await pilot.press("y", "enter")  # asked first, naming him
            await pilot.pause()
            assert service.state.find("Bruno").paid  # type: ignore[union-attr]
            await pilot.press("v", "enter")
            await pilot.pause()
            assert service.state.find("Bruno").food_paid  # type: ignore[union-attr]
            await pilot.press("w", "enter")
            await pilot.pause()
            assert service.state.find("Bruno").status == "withdrawn"  # type: ignore[union-attr]
    finally:
        service.close()


async def test_seat_draw_closes_once_recorded_then_start(tmp_path: Path) -> None:
    from tdconsole.ui.app import build_app

    path = tmp_path / "new.tdc"
    names = [f"Giocatore {i}" for i in range(1, 15)]
    service = paid(path, "Prova", names, rng=random.Random(1))
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s", "tab", *"5", "enter")
            await pilot.pause()
            assert service.state.phase == "seated"
            # Recorded, the dialog closes (no Cancel left to wonder about); the slips print.
            assert not isinstance(app.screen, SliceDialog)
            assert any("p" in n.message for n in notifications(app))
            await pilot.press("g", "enter")
            await pilot.pause()
            assert service.state.phase == "elimination"
            assert service.state.stack == 4000
    finally:
        service.close()


async def test_keys_screen_and_palette(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "question_mark", KeysScreen)
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        labels = [label for label, _, _, _ in screen.palette_entries()]
        assert "Elimina Rossi" in labels and "Vai al tavolo 2" in labels
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Elimina Rossi")
        await settle(pilot)  # the palette searches in a worker
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.query_one("#name-1", Input).value == "Rossi"


async def test_the_palette_speaks_the_console_language(app: ConsoleApp) -> None:
    """Textual's own words in the palette (its placeholder, its empty result) are Italian."""
    from rich.console import Console
    from textual.command import CommandInput

    from tdconsole.ui.palette import ConsolePalette

    async with app.run_test(size=SIZE) as pilot:
        palette = await opened_by(pilot, "ctrl+p", ConsolePalette)
        assert palette.query_one(CommandInput).placeholder == "Cerca un comando…"
        nothing = palette.no_matches()
        console = Console(width=60, record=True, color_system=None)
        console.print(nothing.prompt)
        assert nothing.disabled and console.export_text().strip() == "Nessun risultato"
        footer = [b.description for _key, b in own_bindings(app) if b.action == "command_palette"]
        assert footer == ["comandi"]


async def test_rulebook_tab_and_f1(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d", "f1")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConsoleScreen) and screen.active_tab() == "rules"
        article = text_of(screen.query_one("#rule-article"))
        assert "III.2" in article


async def test_display_leaves_with_q(make_app: MakeApp) -> None:
    app = make_app("display")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "LIVELLO 1" in text_of(app.screen.query_one("#display-level"))
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == 0


async def test_start_screen_opens_the_demo() -> None:
    from tdconsole.ui.app import build_app

    app = build_app(None, frozen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d")
        await settle(pilot)  # the demo built in one worker, then opened in another
        assert isinstance(app.screen, ConsoleScreen)
        assert svc(app).state.in_play == 24
    svc(app).close()


async def test_record_a_ruling_citing_the_article_found(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "slash", *"III.3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press(
            "enter", "l", *"Rossi", "tab", "tab", "tab", *"seconda dote confermata", "enter"
        )
        await pilot.pause()
        rulings = svc(app).state.rulings
        assert rulings and rulings[-1].articles == ["III.3"]
        assert rulings[-1].players == ["Rossi"]


async def test_sanction_suspends_for_an_orbit(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "z")  # opened on the player, at the reason
        await pilot.press(*"carte scoperte", "tab", "down", "tab", "1", "enter")
        await pilot.pause()
        player = svc(app).state.find("Moretti")
        assert player is not None and player.suspended_orbits == 1
