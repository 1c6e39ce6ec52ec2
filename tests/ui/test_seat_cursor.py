"""The seat cursor moves over the seats as they are drawn, and every dialog names the player it
will act on, with his seat, before anything is recorded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tdconsole.domain.play import Bust
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.widgets.tables_view import TablesView

from .conftest import frozen, pressed, settle
from .test_actions import svc
from .test_pay_draw_and_standings import new_event

MakeApp = Callable[..., ConsoleApp]


def cursor(app: ConsoleApp) -> tuple[int, int] | None:
    return app.screen.query_one(TablesView).cursor


async def test_arrows_follow_the_seats_as_drawn_at_120_columns(app: ConsoleApp) -> None:
    # At 120 columns a table of ten seats is drawn as two rows of five.
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert cursor(app) == (1, 1)
        moves = {
            "down": (1, 6),
            "right": (1, 7),
            "up": (1, 2),
            "left": (1, 1),
        }
        for key, expected in moves.items():
            await pilot.press(key)
            assert cursor(app) == expected, key
        await pilot.press("left")  # the row's first seat: the cursor stays
        assert cursor(app) == (1, 1)
        await pilot.press(*["right"] * 5)  # the row's last seat: it stays
        assert cursor(app) == (1, 5)
        await pilot.press("down")
        assert cursor(app) == (1, 10)
        await pilot.press("down")  # on to the table below, same column
        assert cursor(app) == (2, 5)
        await pilot.press("up")  # and back to the last row of the table above
        assert cursor(app) == (1, 10)


async def test_down_right_from_the_first_seat_stays_at_the_table(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "e")
        await pilot.pause()
        assert isinstance(app.screen, EliminateDialog)
        state = svc(app).state
        player = state.tables[1].seat(7).player
        assert player is not None
        name = state.players[player].name
        title = str(app.screen.query_one(".dialog").border_title)
        assert title.startswith(f"Elimina: {name} (tavolo 1, posto 7)")


async def test_rows_of_three_at_80_columns(app: ConsoleApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "right")
        assert cursor(app) == (1, 3)
        await pilot.press("down")
        assert cursor(app) == (1, 6)
        await pilot.press("down")
        assert cursor(app) == (1, 9)
        await pilot.press("down")  # the last row holds one seat: that one
        assert cursor(app) == (1, 10)
        await pilot.press("down")  # on to the table below, in the column the arrows chose
        assert cursor(app) == (2, 3)
        await pilot.press("up")  # and back: the column kept, on the short row its one seat
        assert cursor(app) == (1, 10)
        await pilot.press("up")
        assert cursor(app) == (1, 9)


async def test_the_title_follows_the_name_typed(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pressed(pilot, "d")
        box = app.screen.query_one(".dialog")
        assert str(box.border_title).startswith("Seconda dote: Moretti (tavolo 1, posto 1)")
        # The cursor is in the stack: a name typed there takes the player's place.
        await pilot.press(*"Rossi")
        await pilot.pause()
        assert str(box.border_title).startswith("Seconda dote: Rossi (tavolo 1, posto 6)")


async def test_after_a_bust_the_cursor_goes_on_to_the_next_player_of_the_table(
    tmp_path: Path,
) -> None:
    service = new_event(tmp_path / "e.tdc")  # six players at one table, seats 1 to 6
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            tables = app.screen.query_one(TablesView)
            first = tables.selected_player()
            assert cursor(app) == (1, 1) and first is not None
            await pilot.press("e", "enter")
            await settle(pilot)
            assert service.state.find(first).status == "out"  # type: ignore[union-attr]
            assert cursor(app) == (1, 2)
            assert tables.selected_player() == seated(service, 1, 2)
            # the table's last player out: on to its first
            last = seated(service, 1, 6)
            assert tables.select_player(last)
            await pilot.press("e", "enter")
            await settle(pilot)
            assert cursor(app) == (1, 2)
            # an empty seat the arrows chose stays chosen when another player goes out
            await pilot.press("down")
            assert cursor(app) == (1, 7) and tables.selected_player() is None
            service.execute(Bust(names=[seated(service, 1, 3)]))
            await settle(pilot)
            assert cursor(app) == (1, 7)
    finally:
        service.close()


def seated(service: Tournament, table: int, seat: int) -> str:
    player = service.state.tables[table].seat(seat).player
    assert player is not None
    return service.state.players[player].name
