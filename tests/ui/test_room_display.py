"""What the room reads on the TV, and the clock's words on the console: overtime with its sign,
no instruction to the Director on the TV, a break is a break and a stopped clock is not, the
seating after the draw and each closing, the result at the end."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.ties import tie_and_disqualified
from textual.pilot import Pilot
from textual.widgets import Digits, Static

from tdconsole.domain.play import Bust, CloseTable
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import Player
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, Mode, build_app
from tdconsole.ui.screens.display import DisplayScreen
from tdconsole.ui.widgets.big_clock import BigClock
from tdconsole.ui.widgets.clock_panel import ClockPanel
from tdconsole.ui.widgets.seating_board import SeatingBoard
from tdconsole.ui.widgets.title_bar import TitleBar

from .conftest import NOW, bust_at
from .test_actions import text_of

SIZE = (100, 34)


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self, at: datetime = NOW) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


class Room:
    """Services and apps on one event file, all on the same hand-moved clock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.clock = Clock()
        self.services: list[Tournament] = []

    def service(self, role: str = "director", actor: str | None = None) -> Tournament:
        service = Tournament.open(
            self.path, clock=self.clock, role=role, actor=actor, rng=random.Random(7)
        )
        self.services.append(service)
        return service

    def app(self, mode: Mode = "director", actor: str | None = None) -> ConsoleApp:
        role = "floor" if mode == "floor" else "director"
        return build_app(self.service(role, actor), self.clock, mode=mode, actor=actor)


@pytest.fixture
def room(demo_file: Path) -> Iterator[Room]:
    made = Room(demo_file)
    yield made
    for service in made.services:
        service.close()


def shown(app: ConsoleApp, selector: str) -> str:
    return text_of(app.screen.query_one(selector, Static)).strip()


def console_state_line(app: ConsoleApp) -> str:
    return shown(app, "#clock-state")


@asynccontextmanager
async def ringing(
    display: ConsoleApp,
) -> AsyncIterator[tuple[Pilot[Any], DisplayScreen, list[str]]]:
    """The room display run at ``SIZE``, at rest, and its bell's rings as they come."""
    rung: list[str] = []
    async with display.run_test(size=SIZE) as tv:
        display.bell = lambda: rung.append("bell")  # type: ignore[method-assign]
        await tv.pause()
        screen = display.screen
        assert isinstance(screen, DisplayScreen)
        yield tv, screen, rung


@asynccontextmanager
async def room_and_desk(
    room: Room,
) -> AsyncIterator[tuple[ConsoleApp, ConsoleApp, Pilot[Any], Pilot[Any]]]:
    """The room display and the Director's console on ``room``, both run at ``SIZE`` and at
    rest: the apps and their pilots."""
    display, console = room.app("display"), room.app()
    async with display.run_test(size=SIZE) as tv, console.run_test(size=SIZE) as desk:
        await tv.pause()
        await desk.pause()
        yield display, console, tv, desk


async def test_overtime_keeps_its_sign_and_the_room_reads_no_instruction(room: Room) -> None:
    director = room.service()
    director.execute(ClockControl(action="start"))
    room.clock.advance(minutes=40, seconds=142)
    async with room_and_desk(room) as (display, console, _, _):
        assert display.screen.query_one(BigClock).text == "+02:22"
        words = shown(display, "#display-state") + shown(display, "#display-blinds")
        assert "ANNUNCIARE" not in words.upper()
        # The level to come, never "now" beside the blinds still played.
        assert shown(display, "#display-state") == "TEMPO SCADUTO — PROSSIMO: LIVELLO 2, 100 / 200"
        assert shown(display, "#display-blinds") == "BUI 50 / 100"
        assert "ORA" not in words.split()
        assert str(console.screen.query_one("#clock-digits", Digits).value) == "+02:22"
        assert console_state_line(console) == "Annunciare il livello 2 — tasto a"


async def test_a_break_is_announced_as_a_break_and_shown_to_the_room(room: Room) -> None:
    director = room.service()
    director.execute(EditLevel(level=1, break_minutes=10))
    director.execute(ClockControl(action="start"))
    room.clock.advance(minutes=40, seconds=5)
    async with room_and_desk(room) as (display, console, tv, desk):
        assert console_state_line(console) == "Annunciare la pausa — tasto a"
        assert shown(display, "#display-state") == "TEMPO SCADUTO — SEGUE LA PAUSA"
        await desk.press("a")
        await desk.pause()
        assert console.screen.query_one(ClockPanel).border_title == "Pausa"
        assert console_state_line(console) == "Pausa in corso"
        room.clock.advance(minutes=3)
        display.poll()
        display.tick()
        await tv.pause()
        assert shown(display, "#display-level") == "PAUSA"
        assert display.screen.query_one(BigClock).text == "07:00"
        resume = (room.clock() + timedelta(minutes=7)).astimezone()
        assert shown(display, "#display-state") == f"SI RIPRENDE ALLE {resume:%H:%M}"
        blinds = [line.strip() for line in shown(display, "#display-blinds").splitlines()]
        assert blinds[0] == "LIVELLO 2: BUI 100 / 200"
        # The colour-up the plan marks for this break, in the room's words.
        assert blinds[-1].strip() == (
            "Cambio colore: i gettoni da 25 escono dal gioco, cambiati con quelli da 100"
        )
        assert "(20 grandi bui)" in shown(display, "#display-room")  # in level 2's blinds
        await desk.press("space")  # the clock stopped during the break: not another "pausa"
        await desk.pause()
        assert console_state_line(console) == "Orologio fermo"
        display.poll()
        display.tick()
        await tv.pause()
        assert shown(display, "#display-state") == "OROLOGIO FERMO"


async def test_a_stopped_clock_is_not_called_a_break(room: Room) -> None:
    async with room_and_desk(room) as (display, console, _, _):
        assert console_state_line(console) == "Orologio fermo"
        assert shown(display, "#display-state") == "OROLOGIO FERMO"
        assert "PAUSA" not in shown(display, "#display-level")


async def test_the_average_stack_in_big_blinds(room: Room) -> None:
    display = room.app("display")
    async with display.run_test(size=SIZE) as tv:
        await tv.pause()
        assert "Media 4 000 (40 grandi bui)" in shown(display, "#display-room")


async def test_the_title_bar_time_of_day_ticks(room: Room) -> None:
    console = room.app()
    async with console.run_test(size=SIZE) as desk:
        await desk.pause()
        bar = console.screen.query_one(TitleBar)
        assert f"{NOW.astimezone():%H:%M}" in text_of(bar)
        room.clock.advance(minutes=1, seconds=23)  # nothing recorded meanwhile
        console.tick()  # what the App's timer calls four times a second
        await desk.pause()
        assert f"{room.clock().astimezone():%H:%M}" in text_of(bar)


def drawn_event(path: Path) -> Path:
    service = Tournament.create(path, "Prova", load_settings(), clock=lambda: NOW)
    names = [f"Giocatore {i:02d}" for i in range(1, 15)]
    service.execute(Register(names=names))
    service.execute(Pay(names=names))
    service.execute(Draw(seed=3))
    service.close()
    return path


async def test_after_the_draw_the_room_reads_the_seats(tmp_path: Path) -> None:
    room = Room(drawn_event(tmp_path / "drawn.tdc"))
    display = room.app("display")
    try:
        async with display.run_test(size=SIZE) as tv:
            await tv.pause()
            assert display.screen.has_class("-seating")
            board = display.screen.query_one(SeatingBoard)
            state = room.services[0].state
            assert len(board.entries) == 14
            for name, where in board.entries:
                player = state.find(name)
                assert player is not None
                assert where.startswith(f"Tavolo {player.table} · posto {player.seat} ")
            assert "Posti sorteggiati" in board.heading
    finally:
        for service in room.services:
            service.close()


def close_table_one(director: Tournament) -> list[Player]:
    """Table 1 down to three players and closed, its chips to the first: who moves."""
    bust_at(director, 1, 3)
    table = director.state.tables[1]
    movers = director.state.players_at(table)
    counts = {p.name: 0 for p in movers}
    counts[movers[0].name] = table.chips
    director.execute(CloseTable(table=1, counts=counts))
    return movers


async def test_after_a_closing_the_room_reads_the_moves_then_the_clock(room: Room) -> None:
    director = room.service()
    display = room.app("display")
    async with display.run_test(size=SIZE) as tv:
        await tv.pause()
        assert not display.screen.has_class("-seating")
        movers = close_table_one(director)
        display.poll()  # what the App's timer calls: another terminal recorded the closing
        display.tick()
        await tv.pause()
        assert display.screen.has_class("-seating")
        board = display.screen.query_one(SeatingBoard)
        assert board.moves_title.startswith("Il tavolo 1 è chiuso")
        state = director.state
        for p in movers:
            player = state.find(p.name)
            assert player is not None
            where = f"→ Tavolo {player.table} · posto {player.seat} "
            assert dict(board.moves)[p.name].startswith(where)
        assert "LIVELLO 1" in shown(display, "#display-level")  # the clock on one line
        room.clock.advance(minutes=6)
        display.tick()
        await tv.pause()
        assert not display.screen.has_class("-seating")
        assert display.screen.query_one(BigClock).display


async def test_at_the_end_the_room_and_the_console_show_the_result(room: Room) -> None:
    from tdconsole.domain.play import Final
    from tdconsole.domain.view import payouts_json

    director = room.service()
    bust_at(director, 1, 3)
    bust_at(director, 2, 3)
    bust_at(director, 3, 3)
    state = director.state
    names = [p.name for p in state.in_players()]
    counts = dict.fromkeys(names, 0)
    counts[names[0]] = state.chips_in_play
    director.execute(Final(counts=counts))
    director.execute(ClockControl(action="start"))
    while director.state.in_play > 1:
        director.execute(Bust(names=[director.state.in_players()[-1].name], declined=True))
    room.clock.advance(hours=3)  # long after the last level's end
    paid = [(r["place"], r["player"], r["amount"]) for r in payouts_json(director.state)]
    async with room_and_desk(room) as (display, console, _, _):
        assert display.screen.has_class("-finished")
        assert shown(display, "#display-level") == "TORNEO CONCLUSO"
        result = shown(display, "#display-result")
        winner = paid[0][1]
        assert "VINCITORE" in result and winner in result
        for place, name, amount in paid:
            assert any(
                line.split() == [f"{place}°", *name.split(), amount, "scudi"]
                for line in result.splitlines()
            ), (place, name, amount)
        assert not display.screen.query_one(BigClock).display
        panel = console.screen.query_one(ClockPanel)
        assert panel.border_title == "Torneo concluso"
        assert not console.screen.query_one("#clock-digits", Digits).display
        lines = shown(console, "#clock-result").splitlines()
        assert lines[0].split()[:2] == ["1°", winner.split()[0]]
        assert len(lines) == len(paid)


async def test_after_a_closing_the_clock_stays_a_quarter_of_the_screen(room: Room) -> None:
    director = room.service()
    director.execute(ClockControl(action="start"))
    close_table_one(director)
    display = room.app("display")
    async with display.run_test(size=SIZE) as tv:
        await tv.pause()
        assert display.screen.has_class("-seating")
        clock = display.screen.query_one(BigClock)
        assert clock.display and clock.region.height >= SIZE[1] // 4
        assert "BUI 50 / 100" in shown(display, "#display-blinds")


async def test_the_bell_rings_where_the_page_chimes(room: Room) -> None:

    director = room.service()
    director.execute(EditLevel(level=2, break_minutes=10))
    director.execute(ClockControl(action="start"))
    display = room.app("display")
    async with ringing(display) as (tv, screen, rung):

        async def moment(**delta: float) -> None:
            room.clock.advance(**delta)
            display.poll()
            display.tick()
            await tv.pause()

        await moment(minutes=39, seconds=1)  # one minute left
        await moment(minutes=1)  # time up
        director.execute(ClockControl(action="announce"))
        await moment(seconds=1)  # level 2
        await moment(minutes=19)  # one minute left
        await moment(minutes=1)  # time up
        director.execute(ClockControl(action="announce"))
        await moment(seconds=1)  # the break
        await moment(minutes=9, seconds=30)  # its last minute
        await moment(seconds=30)  # time up
        director.execute(ClockControl(action="announce"))
        await moment(seconds=1)  # play resumes
        assert screen.chimes == [
            "minute", "time_up", "level", "minute", "time_up", "break", "minute", "time_up",
            "resume",
        ]  # fmt: skip
        assert rung == ["bell"] * 9


async def test_the_prizes_line_marks_a_tie_s_shares_and_a_disqualification(
    tmp_path: Path,
) -> None:
    """The terminal display's prizes line read "3° 0 scudi · 4° 42 scudi · 5° 21 scudi" with a
    disqualified 3rd and two players tied at 4th and 5th; it reads what the web page reads:
    the shared place marked, each tied player's prize, DQ (SQ)."""
    path = tie_and_disqualified(tmp_path / "tie.tdc", "Prova", clock=lambda: NOW)
    room = Room(path)
    display = room.app("display")
    try:
        async with display.run_test(size=(140, 34)) as tv:
            await tv.pause()
            assert "3° SQ · 4°= 32 scudi · 4°= 31 scudi" in shown(display, "#display-prizes")
    finally:
        for made in room.services:
            made.close()
