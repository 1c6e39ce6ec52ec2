"""The room model: what the room's screen shows at each stage of the night, from the State,
the clock, the log's latest moves and the time alone (no I/O). The terminal display and the
web page both draw it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from tdhelpers.room_night import NOW, Night

from tdconsole.demo import demo_in_memory
from tdconsole.domain.play import Bust, CloseTable, Final
from tdconsole.domain.room import (
    MOVES_SHOWN,
    WINNER_SHOWN,
    Season,
    SeasonRow,
    chime,
    room_json,
)
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


@pytest.fixture
def night() -> Iterator[Night]:
    made = Night(demo_in_memory(now=NOW))
    yield made
    made.service.close()


def test_a_stopped_clock_before_the_start(night: Night) -> None:
    shown = night.room()
    assert shown.stage == "paused" and not shown.running
    assert shown.blinds is not None and (shown.blinds.small_blind, shown.blinds.big_blind) == (
        50,
        100,
    )
    assert shown.remaining_seconds == 40 * 60 and shown.zero_at is None
    assert (shown.in_play, shown.entrants, shown.average_stack) == (24, 24, 4000)
    assert shown.average_bb == 40.0
    assert [u.level for u in shown.upcoming] == [2, 3, 4, 5]
    assert all(u.starts_at is None for u in shown.upcoming)  # nobody knows when
    assert shown.changes_at is None


def test_a_running_level_then_its_last_minute(night: Night) -> None:
    night.run(ClockControl(action="start"))
    night.advance(minutes=20)
    level = night.room()
    assert level.stage == "level"
    assert level.zero_at == night.at + timedelta(minutes=20)
    assert level.changes_at == night.at + timedelta(minutes=19)  # the last minute starts
    assert level.upcoming[0].starts_at == level.zero_at
    night.advance(minutes=19, seconds=1)
    last = night.room()
    assert last.stage == "last_minute"
    assert last.changes_at == last.zero_at
    assert chime(level, last) == "minute"
    assert chime(last, last) is None


def test_a_pending_change_says_the_level_to_come_never_now(night: Night) -> None:
    night.run(ClockControl(action="start"))
    night.advance(minutes=42, seconds=22)
    shown = night.room()
    assert shown.stage == "pending"
    assert shown.overtime_seconds == 142 and shown.remaining_seconds == 0
    assert shown.zero_at == night.at - timedelta(seconds=142)  # the page counts on from it
    assert shown.blinds is not None and shown.blinds.level == 1  # still played
    assert shown.next is not None and (shown.next.level, shown.next.big_blind) == (2, 200)
    night.run(ClockControl(action="announce"))
    after = night.room()
    assert after.stage == "level" and after.level == 2
    assert chime(shown, after) == "level"


def test_a_break_its_end_the_next_blinds_the_colour_up_and_the_season(night: Night) -> None:
    night.run(EditLevel(level=1, break_minutes=10), ClockControl(action="start"))
    playing = night.room()
    assert playing.next_break_at == night.at + timedelta(minutes=40)
    assert playing.upcoming[0].is_break
    night.advance(minutes=40, seconds=5)
    pending = night.room()
    assert pending.stage == "pending" and pending.next_is_break
    night.run(ClockControl(action="announce"))
    night.advance(minutes=3)
    season = Season("Inverno", (SeasonRow(1, False, "Rossi", "120"),))
    brk = night.room(season)
    assert brk.stage == "break" and brk.is_break and brk.blinds is None
    assert chime(pending, brk) == "break"
    assert brk.zero_at == night.at + timedelta(minutes=7)  # play resumes then
    assert brk.next is not None and (brk.next.level, brk.next.big_blind) == (2, 200)
    assert brk.average_bb == 20.0  # in the blinds of the level after the break
    assert (brk.colour_up, brk.colour_up_to) == (25, 100)  # no level ahead needs the 25s
    assert brk.season == season
    assert night.room().season is None  # the season only when it says so
    night.advance(minutes=7)
    night.run(ClockControl(action="announce"))
    resumed = night.room(season)
    assert resumed.stage == "level" and resumed.level == 2 and resumed.season is None
    assert chime(brk, resumed) == "resume"


def test_the_seats_after_the_draw() -> None:
    service = Tournament.in_memory("Prova", load_settings(), clock=lambda: NOW)
    names = [f"Giocatore {i:02d}" for i in range(1, 15)]
    service.execute(Register(names=names))
    service.execute(Pay(names=names))
    service.execute(Draw(seed=3))
    night = Night(service)
    try:
        shown = night.room()
        assert shown.stage == "seats"
        assert sorted(s.name for s in shown.seats) == names
        by_name = {s.name: s for s in shown.seats}
        for name in names:
            player = night.service.state.find(name)
            assert player is not None
            assert (by_name[name].table, by_name[name].seat) == (player.table, player.seat)
            assert by_name[name].card[-1] in "♠♥♦♣"
    finally:
        night.service.close()


def test_after_a_closing_the_moves_with_the_clock_then_the_clock(night: Night) -> None:
    night.run(ClockControl(action="start"))
    night.bust_at(1, 3)
    table = night.service.state.tables[1]
    movers = night.service.state.players_at(table)
    counts = {p.name: 0 for p in movers}
    counts[movers[0].name] = table.chips
    night.run(CloseTable(table=1, counts=counts))
    shown = night.room()
    assert shown.stage == "moves" and shown.closed_table == 1
    assert shown.clock_shown and shown.level == 1  # the clock stays on the screen
    assert {s.name for s in shown.seats if s.moved} == {p.name for p in movers}
    assert shown.changes_at == night.at + MOVES_SHOWN
    night.advance(minutes=6)
    assert night.room().stage == "level"


def test_the_final_table_then_the_winner_then_the_event_over(night: Night) -> None:
    night.bust_at(1, 3)
    night.bust_at(2, 3)
    night.bust_at(3, 3)
    state = night.service.state
    names = [p.name for p in state.in_players()]
    counts = dict.fromkeys(names, 0)
    counts[names[0]] = state.chips_in_play
    night.run(Final(counts=counts), ClockControl(action="start"))
    assert night.room().stage == "moves"  # the final drawn: who sits where
    assert night.room().final_drawn
    night.advance(minutes=6)
    final = night.room()
    assert final.stage == "final"
    assert [s.seat for s in final.seats] == sorted(s.seat for s in final.seats)
    chips = {p.name: p.chips for p in night.service.state.in_players()}
    assert {s.name: s.chips for s in final.seats} == chips
    assert all(isinstance(c, int) for c in chips.values())
    while night.service.state.in_play > 1:
        last = night.service.state.in_players()[-1].name
        night.run(Bust(names=[last], declined=True))
    won = night.room()
    assert won.stage == "winner" and not won.clock_shown
    assert won.winner == night.service.state.in_players()[0].name
    assert won.places[0].place == 1 and won.places[0].name == won.winner
    assert [p.place for p in won.places] == sorted(p.place for p in won.places)
    assert won.changes_at is not None
    night.advance(seconds=WINNER_SHOWN.total_seconds() + 1)
    over = night.room()
    assert over.stage == "over" and over.winner == won.winner and over.changes_at is None


def test_the_json_view_says_money_with_its_currency(night: Night) -> None:
    document = room_json(night.room())
    assert document["stage"] == "paused"
    assert document["prize_pool"].endswith(night.service.state.settings.currency)
    assert document["payouts"][0]["amount"].endswith(night.service.state.settings.currency)
    assert document["blinds"] == {"level": 1, "small_blind": 50, "big_blind": 100, "ante": 0}
    assert document["now"] == NOW.isoformat()


def test_a_break_just_after_a_closing_is_the_break(night: Night) -> None:
    night.run(EditLevel(level=1, break_minutes=10), ClockControl(action="start"))
    night.advance(minutes=40, seconds=5)
    night.run(ClockControl(action="announce"))
    night.bust_at(1, 3)
    table = night.service.state.tables[1]
    movers = night.service.state.players_at(table)
    counts = {p.name: 0 for p in movers}
    counts[movers[0].name] = table.chips
    night.run(CloseTable(table=1, counts=counts))
    shown = night.room()
    assert shown.stage == "break" and shown.zero_at is not None  # its end, never lost
    assert shown.changes_at == shown.zero_at - timedelta(minutes=1)  # its last minute
    night.advance(minutes=2)
    assert night.room().stage == "break"


def test_the_time_up_chimes_and_so_does_a_break_s_last_minute(night: Night) -> None:
    night.run(EditLevel(level=1, break_minutes=10), ClockControl(action="start"))
    night.advance(minutes=39, seconds=30)
    last = night.room()
    night.advance(seconds=35)
    up = night.room()
    assert up.stage == "pending" and chime(last, up) == "time_up"
    assert chime(up, up) is None
    night.run(ClockControl(action="announce"))
    brk = night.room()
    assert brk.stage == "break" and brk.zero_at is not None
    assert brk.changes_at == brk.zero_at - timedelta(minutes=1)
    night.advance(minutes=8, seconds=30)
    assert chime(brk, night.room()) is None
    night.advance(seconds=40)
    ending = night.room()
    assert ending.stage == "break" and chime(brk, ending) == "minute"
    assert chime(ending, night.room()) is None


def test_the_final_table_s_seats_leave_at_the_first_elimination(night: Night) -> None:
    night.bust_at(1, 3)
    night.bust_at(2, 3)
    night.bust_at(3, 3)
    state = night.service.state
    names = [p.name for p in state.in_players()]
    counts = dict.fromkeys(names, 0)
    counts[names[0]] = state.chips_in_play
    night.run(Final(counts=counts))
    assert night.room().stage == "moves"
    night.advance(seconds=30)
    night.run(Bust(names=[night.service.state.in_players()[-1].name], declined=True))
    shown = night.room()
    assert shown.stage == "paused" and shown.seats == ()  # the clock, stopped, as it is


def test_the_seats_in_the_order_a_person_sorts_names() -> None:
    service = Tournament.in_memory("Prova", load_settings(), clock=lambda: NOW)
    names = ["Zoë", "Ólafur", "Zeno", "Olga", "Émile", "Δημήτρης", "Anna", "Eva", "Oscar"]
    service.execute(Register(names=names))
    service.execute(Pay(names=names))
    service.execute(Draw(seed=3))
    night = Night(service)
    try:
        shown = [s.name for s in night.room().seats]
        assert shown == ["Anna", "Émile", "Eva", "Ólafur", "Olga", "Oscar", "Zeno", "Zoë",
                         "Δημήτρης"]  # fmt: skip
    finally:
        night.service.close()


@pytest.mark.parametrize("in_break", [False, True], ids=["level", "break"])
def test_a_clock_set_to_less_than_a_minute_is_no_minute_left(night: Night, in_break: bool) -> None:
    """``clock set 00:04`` chimed "one minute left" with 4 s left, in a level and in a break:
    the minute's chime is the countdown running into its last minute, nothing else."""
    night.run(EditLevel(level=1, break_minutes=10), ClockControl(action="start"))
    if in_break:
        night.advance(minutes=40, seconds=5)
        night.run(ClockControl(action="announce"))
        night.advance(minutes=2)
    else:
        night.advance(minutes=5)
    before = night.room()
    night.run(ClockControl(action="set", seconds=4))
    after = night.room()
    assert after.remaining_seconds == 4
    assert chime(before, after) is None
    night.advance(seconds=5)
    assert chime(after, night.room()) in ("time_up", "resume")  # (its end still chimes)


def test_the_final_table_shows_its_latest_counts_and_when_they_were_made(night: Night) -> None:
    """Heads-up, the TV's chips column read the final draw's counts beside an average ten
    times larger: it shows the latest count, and when it was made."""
    from tdconsole.domain.play import Count

    night.run(ClockControl(action="start"))
    night.final()
    drawn = night.at
    night.advance(minutes=6)
    while night.service.state.in_play > 2:
        night.run(Bust(names=[night.service.state.in_players()[-1].name], declined=True))
    heads_up = night.room()
    assert heads_up.stage == "final" and heads_up.counted_at == drawn
    night.advance(minutes=3)
    two = [p.name for p in night.service.state.in_players()]
    night.run(Count(counts={two[0]: 60000, two[1]: night.service.state.chips_in_play - 60000}))
    counted = night.room()
    assert {s.name: s.chips for s in counted.seats}[two[0]] == 60000
    assert counted.counted_at == night.at
    assert room_json(counted)["counted_at"] == night.at.isoformat()
