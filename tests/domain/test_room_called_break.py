"""A break called now (Decision, Art. VII.1) on the faces that follow the room's picture: the TV
shows it as the break, counting down, with the chime a break of the structure gets when it
starts, its last minute's, and "resume" when it ends by itself; the players' pages say the same
(their document is the room's picture)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from tdhelpers.room_night import NOW, Night

from tdconsole.demo import demo_in_memory
from tdconsole.domain.players_page import players_json, players_page
from tdconsole.domain.room import Room, chime, room_json
from tdconsole.domain.slices.call_break import CallBreak
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.edit_level import EditLevel


def players(night: Night, shown: Room) -> dict[str, Any]:
    service = night.service
    return players_json(players_page(service.state, service.latest_moves(), shown))


@pytest.fixture
def night() -> Iterator[Night]:
    made = Night(demo_in_memory(now=NOW))
    # (the planned break after level 1 is the colour-up's: a break called in level 1 is not)
    made.run(EditLevel(level=1, break_minutes=10), ClockControl(action="start"))
    made.advance(minutes=10)
    yield made
    made.service.close()


def test_the_tv_shows_a_called_break_counting_down_then_resumes_by_itself(night: Night) -> None:
    playing = night.room()
    assert playing.stage == "level"
    night.run(CallBreak(minutes=5))
    brk = night.room()
    assert brk.stage == "break" and brk.is_break and brk.running and brk.blinds is None
    assert chime(playing, brk) == "break"  # the chime a planned break gets as it starts
    assert brk.zero_at == night.at + timedelta(minutes=5) and brk.remaining_seconds == 300
    assert brk.next is not None and (brk.next.level, brk.next.big_blind) == (1, 100)
    assert brk.colour_up is None and brk.colour_up_to is None  # (the planned break's, later)
    assert brk.changes_at == night.at + timedelta(minutes=4)  # its last minute, then zero
    shown = room_json(brk)
    assert (shown["stage"], shown["is_break"], shown["remaining_seconds"]) == ("break", True, 300)
    assert shown["zero_at"] == (night.at + timedelta(minutes=5)).isoformat()
    night.advance(minutes=2)
    assert night.room().remaining_seconds == 180  # counting down
    assert chime(brk, night.room()) is None
    night.advance(minutes=2, seconds=1)
    ending = night.room()
    assert ending.stage == "break" and chime(brk, ending) == "minute"
    night.advance(minutes=1)
    resumed = night.room()
    # No announcement: level 1 goes on with the 30 minutes it kept, and the room hears it.
    assert resumed.stage == "level" and resumed.level == 1 and resumed.running
    assert resumed.blinds is not None and resumed.blinds.big_blind == 100
    assert 29 * 60 < resumed.remaining_seconds <= 30 * 60
    assert chime(ending, resumed) == "resume"


def test_the_players_pages_show_the_called_break_as_the_tv_does(night: Night) -> None:
    night.run(CallBreak(minutes=5))
    night.advance(minutes=1)
    document = players(night, night.room())
    assert (document["stage"], document["is_break"], document["running"]) == ("break", True, True)
    assert document["remaining_seconds"] == 240 and document["blinds"] is None
    assert document["zero_at"] == (night.at + timedelta(minutes=4)).isoformat()
    assert document["next"]["level"] == 1 and document["next"]["big_blind"] == 100
    assert document["clock_shown"] and len(document["players"]) == 24
    night.advance(minutes=4)
    after = players(night, night.room())
    assert (after["stage"], after["is_break"], after["level"]) == ("level", False, 1)
