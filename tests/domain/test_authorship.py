"""What each command records (``authorship.RECORDS``) is what the live commands record: every
command and every event type is in the table, each field of every command's summary is said
where its events hold it or said to be held nowhere (``Command.named``), and evenings the live
commands wrote — the random Director's, and one giving every command the floor and the
Director have — replay with every proof an import asks (``replay(proving=True)``,
``check_times``), and the latter is exported and imported as it stands."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.played import play
from tdhelpers.support import FakeClock, MakeService, names, terminal

from tdconsole.demo import build_demo
from tdconsole.domain.authorship import RECORDS, check_times, command_class, described
from tdconsole.domain.commands import DESCRIPTIONS
from tdconsole.domain.events import EVENT_MODULES, EVENT_TYPES, Command, CommandNoted, Record
from tdconsole.domain.invariants import replay
from tdconsole.domain.play import Bust, ClosePlan, CloseTable, Count, Final, SecondStack, Start
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.call_break import CallBreak
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clear_message import ClearMessage
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.close_plan_seats import ClosePlanRaisingSeats
from tdconsole.domain.slices.colour_up import ColourUp
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.hand_over import HandOverPrize
from tdconsole.domain.slices.import_rulebook import ImportRulebook
from tdconsole.domain.slices.mark_served import MarkServed
from tdconsole.domain.slices.move_button import MoveButton
from tdconsole.domain.slices.move_player import MovePlayer
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.domain.slices.sign_phones_out import SignPhonesOut
from tdconsole.domain.slices.take_over import TakeOver
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.domain.summaries import fields_of
from tdconsole.service import Tournament
from tdconsole.store.copy_marks import mark_following
from tdconsole.store.eventstore import EventStore
from tdconsole.store.transfer import export_document, import_document


def test_the_table_names_every_command_and_every_event() -> None:
    assert set(RECORDS) == {d.command for d in DESCRIPTIONS}
    recorded = set().union(*RECORDS.values())
    assert recorded | {"command", "undone", "redone"} == set(EVENT_MODULES)


def test_every_summarys_field_is_said_where_its_events_hold_it() -> None:
    """And a command of several summaries says which one its events tell."""
    for description in DESCRIPTIONS:
        command = command_class(description)
        if len(description.summaries) > 1:
            assert command.message_of.__func__ is not Command.message_of.__func__  # type: ignore[attr-defined]
        named = command.named
        fields = set().union(*(fields_of(m) for m in description.summaries))
        assert set(named) == fields, description.command
        for path in (p for paths in named.values() for p in paths):
            kind, attribute, *_ = path.split(".")
            assert kind in RECORDS[description.command], path
            assert attribute in EVENT_TYPES[kind].model_fields, path


def proved(records: list[Record]) -> set[str]:
    """``records`` replayed as an import replays them; the commands they hold."""
    replay(records, registering=True, proving=True)
    check_times(records, records[-1].at)
    return {d.command for r in records if (d := described(r)) is not None}


@pytest.mark.parametrize("seed", [3, 11])
def test_the_random_directors_evenings_prove_their_authors(settings: Settings, seed: int) -> None:
    service = play(None, settings, 400, seed=seed)
    try:
        assert service.state.phase == "finished"
        assert {"Bust", "CloseTable", "Final", "Count"} <= proved(service.log())
    finally:
        service.close()


def every_command(service: Tournament, clock: FakeClock) -> None:
    """An evening giving every command, the floor's (Anna's) and the Director's: pays of
    several, a bust of two players, a sanction that disqualifies."""
    anna = terminal(service, actor="Anna", role="floor", clock=clock)
    try:
        field = names(20)
        service.execute(Register(names=field))
        service.execute(Pay(names=field))
        service.execute(Pay(names=field[:3], food=True))
        anna.refresh()
        anna.execute(Register(names=["Zoe"]))
        anna.execute(Pay(names=["Zoe"]))
        service.refresh()
        service.execute(Withdraw(name="Zoe"))
        service.execute(ChangeSettings(assignments=[("floor_pin", "246813")]))
        service.execute(ImportRulebook(book="club", source="club.txt", articles=3))
        service.execute(Draw(seed=1))
        service.execute(Start(stack=4000, big_blind=100))
        clock.advance(60)
        service.execute(ClockControl(action="start"))
        service.execute(EditLevel(level=3, minutes=25))
        service.execute(ShowMessage(message="Pausa alle 22"))
        service.execute(ClearMessage())
        service.execute(SignPhonesOut())
        state = service.state
        one = state.players_at(state.tables[1])
        seat = next(p.seat for p in one if p.seat != state.tables[1].button)
        service.execute(MoveButton(table=1, seat=seat or 1))
        anna.refresh()
        anna.execute(Count(counts={one[0].name: 3000}))
        anna.execute(SecondStack(name=one[1].name, stack=0))
        service.refresh()
        service.execute(RecordRuling(table=1, players=[one[2].name], text="ok"))
        service.execute(Sanction(name=one[3].name, kind="suspend", orbits=1, reason="phone"))
        service.execute(MarkServed(ruling=2))
        service.execute(Disqualify(name=one[4].name, reason="collusion"))
        # (the name as typed: the summary keeps it, the events the player's)
        service.execute(Sanction(name=one[6].name.lower(), kind="disqualify", reason="collusion"))
        free = next(s.number for s in state.tables[2].seats if s.player is None)
        service.execute(MovePlayer(name=one[5].name, table=2, seat=free, reason="balance"))
        service.execute(ClockControl(action="next"))  # level 2: the 25 chip may leave
        players = service.state.in_players()
        counts = {p.name: -(-(p.chips or 4000) // 100) * 100 for p in players}
        service.execute(ColourUp(counts=counts, override="recount"))
        service.execute(CallBreak(minutes=10, reason="dinner"))
        service.execute(ClosePlan(table=3, seed=1, override="short"))
        service.execute(ClosePlanRaisingSeats(table=3, seats=11, seed=1, override="short"))
        movers = service.state.players_at(service.state.tables[3])
        chips = service.state.tables[3].chips
        counts = {p.name: chips // len(movers) for p in movers}
        counts[movers[0].name] += chips - sum(counts.values())
        service.execute(CloseTable(table=3, counts=counts, override="short"))
        two = service.state.in_players()[-2:]
        stacks = [p.chips or 4000 for p in two]
        service.execute(Bust(names=[p.name for p in two], stacks=stacks, declined=True))
        while service.state.in_play > 9:
            service.execute(Bust(names=[service.state.in_players()[-1].name], declined=True))
        finalists = service.state.in_players()
        counts = {p.name: p.chips or 4000 for p in finalists}
        service.execute(Final(counts=counts, seed=1, override="recount"))
        while service.state.in_play > 1:
            service.execute(Bust(names=[service.state.in_players()[-1].name], declined=True))
        service.execute(HandOverPrize(name=service.state.in_players()[0].name))
    finally:
        anna.close()


def test_an_evening_of_every_command_proves_its_authors(
    make_service: MakeService, clock: FakeClock
) -> None:
    service = make_service()
    every_command(service, clock)
    # (a take-over is recorded on a copy's file alone: proved on one below)
    assert proved(service.log()) == set(RECORDS) - {"TakeOver"}


@pytest.mark.event_file
def test_a_take_over_proves_its_author(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=["Ada", "Bea"]))
    assert isinstance(service.store, EventStore)
    mark_following(service.store, "http://192.168.1.5:8000")
    service.execute(TakeOver(device="cassa"))
    assert proved(service.log()) == {"CreateEvent", "Register", "TakeOver"}
    copy = import_document(export_document(service.store), service.store.path.with_name("c.tdc"))
    assert copy == len(service.log())


@pytest.mark.event_file
def test_an_evening_of_every_command_exports_and_imports(
    make_service: MakeService, clock: FakeClock, tmp_path: Path
) -> None:
    service = make_service()
    every_command(service, clock)
    document = export_document(service.store)
    target = tmp_path / "copy.tdc"
    assert import_document(document, target, now=clock.now) == len(service.log())
    copy = Tournament.open(target)
    try:
        assert copy.state.players == service.state.players
    finally:
        copy.close()


def test_an_undone_command_is_still_proved(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=["Ada", "Bea"]))
    service.undo()
    service.redo()
    records = service.log()
    assert any(isinstance(r.body, CommandNoted) for r in records)
    assert proved(records) == {"CreateEvent", "Register"}


@pytest.mark.event_file
def test_the_demo_event_exports_and_imports(tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))
        demo = Tournament.open(build_demo(tmp_path / "demo.tdc"))
        try:
            document = export_document(demo.store)
            assert import_document(document, tmp_path / "copy.tdc") == len(demo.log())
        finally:
            demo.close()
