"""A command's summary: kept as data in the log (a message and its fields), said in the
reader's language through the catalogue; an older log's English text read by its shape. And
every command described once (``domain.commands``): the table holds every command class, and
what the faces derive from it agrees with the commands, the summaries and the command line."""

from __future__ import annotations

import copy
import importlib
import json
import pickle
from datetime import UTC, datetime

import pytest
from tdhelpers.support import terminal

from tdconsole.cli import COMMANDS
from tdconsole.domain import (
    catalog,
    play,
)
from tdconsole.domain.commands import BY_COMMAND, DESCRIPTIONS, MESSAGES, actions, recorded
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, CommandNoted, Context, Record, event_from_json
from tdconsole.domain.fold import History
from tdconsole.domain.slices import clock_control
from tdconsole.domain.slices.call_break import CallBreak
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clear_message import ClearMessage
from tdconsole.domain.slices.close_plan_seats import ClosePlanRaisingSeats
from tdconsole.domain.slices.colour_up import ColourUp
from tdconsole.domain.slices.create_event import CreateEvent, EventCreated
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
from tdconsole.domain.summaries import (
    OLD_SHAPES,
    Summary,
    fields_of,
    summary_msg,
    summary_text,
)
from tdconsole.ui.screens.console_keys import ACTIONS, BEFORE_START, IN_PLAY


def every_command() -> set[type[Command]]:
    """Every command the domain defines (each of its modules imported)."""
    assert catalog.MODULES
    found: set[type[Command]] = set()
    todo = [Command]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("tdconsole."):  # not a test's own
                found.add(sub)
            todo.append(sub)
    return found


def test_a_summary_is_recognised_by_its_message_and_said_in_italian() -> None:
    recorded = "Director's move: Anna Rossi to table 2 seat 7"
    assert summary_text(recorded, "it") == (
        "spostamento deciso dal Direttore: Anna Rossi al tavolo 2, posto 7"
    )
    assert summary_text(recorded, "en") == recorded
    assert summary_text("move plan for table 3, table_seats=10", "it") == (
        "piano degli spostamenti del tavolo 3, posti per tavolo portati a 10"
    )
    assert summary_text("move plan for table 3", "it") == "piano degli spostamenti del tavolo 3"


def test_every_word_of_a_summary_goes_through_the_catalogue() -> None:
    assert summary_text("clock -60s", "pseudo") == "⟦clock -60s⟧"
    assert summary_text("register Anna", "pseudo") == "⟦register Anna⟧"


def test_a_summary_no_message_knows_is_shown_as_recorded() -> None:
    assert summary_msg("SomethingNew 3") == "SomethingNew 3"
    assert summary_text("clock +x s", "it") == "clock +x s"


SAMPLES: list[Command] = [
    CreateEvent(name="Serata", settings={}),
    Register(names=["Anna", "Bruno"]),
    Withdraw(name="Anna"),
    Pay(names=["Anna"]),
    Pay(names=["Anna"], food=True),
    ChangeSettings(assignments=[("table_seats", "11")]),
    Draw(),
    MoveButton(table=1, seat=2),
    play.Start(stack=4000, big_blind=100),
    play.Count(counts={"Anna": 4000}),
    play.SecondStack(name="Anna"),
    play.Bust(names=["Anna"]),
    Disqualify(name="Anna", reason="x"),
    play.ClosePlan(table=3),
    play.CloseTable(table=3, counts={}),
    play.Final(counts={}),
    RecordRuling(text="mano valida"),
    Sanction(name="Anna", kind="warning", reason="x"),
    Sanction(name="Anna", kind="suspend", orbits=1, reason="x"),
    Sanction(name="Anna", kind="disqualify", reason="x"),
    MarkServed(ruling=2),
    ImportRulebook(book="ordine", source="ordine.txt", articles=115),
    ImportRulebook(book="club", source="club.txt", articles=3, replaced=True),
    *(clock_control.ClockControl(action=a) for a in clock_control.TRANSITIONS),
    *(clock_control.ClockControl(action=a, seconds=60) for a in clock_control.TIMED),
    EditLevel(level=5),
    SignPhonesOut(),
    ColourUp(counts={"Anna": 4000}),
    MovePlayer(name="Anna Rossi", table=2, seat=7, reason="x"),
    ClosePlanRaisingSeats(table=3, seats=10),
    HandOverPrize(name="Anna"),
    ShowMessage(message="Dinner is served", minutes=30),
    ClearMessage(),
    CallBreak(minutes=10, reason="cena"),
    TakeOver(device="cassa", address="http://192.168.1.5:8000"),
]


def test_every_command_summary_has_its_italian() -> None:
    assert every_command() == {type(sample) for sample in SAMPLES}  # a new command needs a sample
    assert {type(sample).__name__ for sample in SAMPLES} == set(BY_COMMAND)
    for sample in SAMPLES:
        english = sample.describe()
        italian = summary_text(english, "it")
        assert italian != english, english
        assert summary_text(english, "en") == english
    assert summary_text("start: stack 4000, big blind 100", "it") == (
        "inizio: dote 4000, grande buio 100"
    )
    assert summary_text("clock -60s", "it") == "orologio -60 s"
    assert summary_text("SomethingNew", "it") == "SomethingNew"


def test_every_command_summary_is_data_the_log_keeps_and_an_older_log_reads_alike() -> None:
    for sample in SAMPLES:
        summary = sample.describe()
        assert isinstance(summary, Summary), type(sample)
        assert MESSAGES[summary.message] is not None
        assert set(summary.fields) == fields_of(MESSAGES[summary.message])
        noted = CommandNoted(summary=summary, role="director", person="Direttore")
        stored = event_from_json(CommandNoted, json.dumps(noted.payload()))
        assert (stored.message, stored.fields) == (summary.message, summary.fields)
        assert stored.summary == summary  # the English text, for older readers
        for lang in ("it", "en", "pseudo"):
            said = summary_text(stored.said(), lang)
            assert said == summary_text(summary, lang)
            if any(message.msgid == summary.message for _, message in OLD_SHAPES):
                # an older log's text (a command newer than them has no older text)
                assert said == summary_text(str(summary), lang), summary


def test_a_summary_is_said_from_its_data_not_from_its_text() -> None:
    noted = CommandNoted(
        summary="register Anna",
        message="register {name}",
        fields={"name": "Anna: Bruno"},
    )
    assert summary_text(noted.said(), "it") == "iscrizione di Anna: Bruno"
    assert summary_text(noted.said(), "en") == "register Anna: Bruno"
    assert noted.said() == "register Anna"  # the English text as recorded, for older readers


def test_data_naming_no_summary_or_other_fields_is_read_as_the_text() -> None:
    hostile = (
        ("{name.__class__}", {"name": "x"}),
        ("register {name}", {"name": "x", "other": "y"}),
        ("register {name}", {}),
        (None, {"name": "x"}),
        ("register {name}", None),
    )
    for message, fields in hostile:
        said = recorded("register Anna", message, fields)
        assert not isinstance(said, Summary)
        assert summary_text(said, "it") == summary_text("register Anna", "it")


def described(description_name: str) -> type[Command]:
    description = BY_COMMAND[description_name]
    module = importlib.import_module(f"tdconsole.domain.{description.module}")
    found: type[Command] = getattr(module, description.command)
    assert found.__module__ == module.__name__
    return found


def test_every_command_has_one_description_and_every_description_a_command() -> None:
    assert len(BY_COMMAND) == len(DESCRIPTIONS)
    assert {described(name) for name in BY_COMMAND} == every_command()


def test_who_may_give_a_command_is_its_description() -> None:
    floor = Context(now=None, rng=None, actor="Anna", role="floor")  # type: ignore[arg-type]
    for sample in SAMPLES:
        description = BY_COMMAND[type(sample).__name__]
        assert type(sample).director_only == description.director_only
        if description.director_only:
            try:
                sample.check_role(floor)
            except RuleError as refused:
                assert refused.article == (description.article or "VII.1")
            else:
                raise AssertionError(f"{description.command}: the floor was not refused")
        else:
            sample.check_role(floor)


def test_a_command_is_summarised_with_its_own_messages_alone() -> None:
    owners: dict[str, str] = {}
    for description in DESCRIPTIONS:
        for message in description.summaries:
            assert message.msgid in MESSAGES, description.command
            assert owners.setdefault(message.msgid, description.command) == description.command
    assert {m.msgid for _, m in OLD_SHAPES} <= set(owners)  # an older log's, all described
    for sample in SAMPLES:
        ids = {m.msgid for m in BY_COMMAND[type(sample).__name__].summaries}
        assert sample.describe().message in ids, sample


def test_every_command_is_named_on_the_command_line() -> None:
    names = {name for names in COMMANDS.values() for name in names}
    for description in DESCRIPTIONS:
        assert description.cli.split()[0] in names, description.command


def test_the_console_offers_every_described_key_when_its_description_says() -> None:
    described_keys = [key for d in DESCRIPTIONS for key in d.keys]
    assert set(described_keys) <= set(ACTIONS)
    assert len({key.key for key in ACTIONS}) == len(ACTIONS)  # one action per key
    assert actions("before the start") == BEFORE_START
    assert actions("in play") <= IN_PLAY
    assert not BEFORE_START & IN_PLAY


def test_the_creation_is_known_by_its_event_not_by_its_summary() -> None:
    at = datetime(2026, 12, 1, 20, tzinfo=UTC)
    history = History()
    for record in (
        Record(1, 1, at, "Direttore", CommandNoted(summary="nuovo evento Serata")),
        Record(2, 1, at, "Direttore", EventCreated(name="Serata", settings={})),
        Record(3, 2, at, "Direttore", CommandNoted(summary="create event, says a ruling")),
    ):
        history.feed(record)
    assert history.creation == 1


def test_a_copied_summary_keeps_its_data() -> None:
    said = MovePlayer(name="Anna", table=2, seat=7, reason="x").describe()
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert isinstance(again, Summary)
        assert (again, again.message, again.fields) == (said, said.message, said.fields)


def test_a_command_refused_to_the_floor_is_named_in_the_readers_language(make_service) -> None:  # type: ignore[no-untyped-def]
    """The floor's refusal of a Director's command names the command in the reader's
    language, from its summary's data (it was named by its English text in an Italian line)."""
    from tdconsole.domain.errors import RuleError

    director = make_service()
    floor = terminal(director, role="floor", actor="Bruno")
    try:
        with pytest.raises(RuleError) as refused:
            floor.execute(clock_control.ClockControl(action="start"))
    finally:
        floor.close()
    assert refused.value.text("it").startswith("orologio avviato: solo il Direttore")
    assert str(refused.value).startswith("clock started: only the Director")
