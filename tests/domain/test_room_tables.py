"""The room model's tables (the room's tables screen) and its voice setting: every open table,
its players by seat, the button, who has taken the second stack; a closed table gone."""

from __future__ import annotations

from datetime import UTC, datetime

from tdhelpers.room_stages import Played

from tdconsole.demo import demo_in_memory
from tdconsole.domain.play import SecondStack
from tdconsole.domain.room import room, room_json
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.move_button import MoveButton
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def test_every_open_table_by_seat_with_its_button_and_second_stacks() -> None:
    night = Played(demo_in_memory(now=NOW), NOW)
    try:
        state = night.service.state
        first = state.players_at(state.tables[2])[0]
        night.run(MoveButton(table=2, seat=4), SecondStack(name=first.name, stack=0))
        night.close_table(1)
        state = night.service.state
        shown = room(state, None, None, NOW)
        assert [t.table for t in shown.tables] == [2, 3]  # (table 1 closed)
        two = shown.tables[0]
        assert two.button == 4 and not two.final
        assert [s.seat for s in two.seats] == sorted(s.seat for s in two.seats)
        assert {s.name for s in two.seats} == {p.name for p in state.players_at(state.tables[2])}
        assert [s.name for s in two.seats if s.second_stack] == [first.name]
        seat = next(s for s in two.seats if s.name == first.name)
        assert seat.card == state.tables[2].seat(seat.seat).card
        document = room_json(shown)
        assert document["tables"][0]["seats"][0].keys() == {"seat", "card", "name", "second_stack"}
        assert document["voice"] is True
    finally:
        night.service.close()


def test_no_tables_before_the_draw_and_the_voice_setting_carried() -> None:
    service = Tournament.in_memory("Torneo", load_settings())
    try:
        service.execute(Register(names=["Rossi", "Bianchi"]))
        service.execute(ChangeSettings(assignments=[("voice", "off")]))
        shown = room(service.state, None, None, NOW)
        assert shown.tables == () and shown.voice is False
        assert room_json(shown)["voice"] is False
    finally:
        service.close()
