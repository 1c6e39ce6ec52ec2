"""The Director's message to the room: shown until cleared or until its minutes pass (counted
from the command's time in the log), replaced by the next, undone and replayed like any
command, on the room's model and in ``state --json``; a Director's command (VII.1)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from tdhelpers.support import FakeClock, MakeService, names, started, terminal

from tdconsole.domain.errors import RuleError
from tdconsole.domain.message import Message
from tdconsole.domain.play import Bust
from tdconsole.domain.read_model import clock_status
from tdconsole.domain.room import room, room_json
from tdconsole.domain.slices.clear_message import ClearMessage
from tdconsole.domain.slices.show_message import MessageShown, ShowMessage
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.view import state_json


def test_a_message_is_shown_until_its_minutes_pass(
    make_service: MakeService, clock: FakeClock
) -> None:
    service = make_service()
    records = service.execute(ShowMessage(message="  Dinner is served  ", minutes=30))
    assert [r.body for r in records if r.type != "command"] == [
        MessageShown(message="Dinner is served", minutes=30)
    ]
    until = clock.now + timedelta(minutes=30)
    assert service.state.message == Message("Dinner is served", until)
    assert summary_text(records[0].body.said(), "it") == "messaggio alla sala: Dinner is served"  # type: ignore[attr-defined]
    clock.advance(30 * 60 - 1)
    assert service.state.message_at(clock.now) == Message("Dinner is served", until)
    clock.advance(1)
    assert service.state.message_at(clock.now) is None


def test_a_message_without_minutes_stays_until_cleared_and_a_new_one_replaces_it(
    make_service: MakeService, clock: FakeClock
) -> None:
    service = make_service()
    service.execute(ShowMessage(message="Table 3 closes after this hand"))
    clock.advance(24 * 3600)
    assert service.state.message_at(clock.now) == Message("Table 3 closes after this hand")
    service.execute(ShowMessage(message="Dinner is served", minutes=5))
    assert service.state.message_at(clock.now) == Message(
        "Dinner is served", clock.now + timedelta(minutes=5)
    )
    service.execute(ClearMessage())
    assert service.state.message is None


def test_undo_and_redo_take_the_message_back_and_forth(make_service: MakeService) -> None:
    service = make_service()
    service.execute(ShowMessage(message="First"))
    service.execute(ShowMessage(message="Second"))
    assert "message to the room: Second" in service.undo()
    assert service.state.message == Message("First")
    service.redo()
    assert service.state.message == Message("Second")
    service.execute(ClearMessage())
    service.undo()
    assert service.state.message == Message("Second")


def test_the_replay_ends_the_message_at_the_logged_time(
    make_service: MakeService, clock: FakeClock
) -> None:
    """The end is the command's time plus its minutes, whenever the log is read again."""
    service = make_service()
    service.execute(ShowMessage(message="Dinner is served", minutes=10))
    shown_at = clock.now
    clock.advance(3600)
    again = terminal(service, clock=clock)  # (the log folded anew)
    try:
        assert again.state.message == Message("Dinner is served", shown_at + timedelta(minutes=10))
        assert again.state.message_at(clock.now) is None
    finally:
        again.close()


@pytest.mark.parametrize(
    ("command", "refusal", "article"),
    [
        (lambda: ShowMessage(message="   "), "the message is empty", "VII.1"),
        (lambda: ShowMessage(message="x" * 201), "201 characters, more than 200", "VII.1"),
        (lambda: ShowMessage(message="a\x1b[2Jb"), "contains control characters", "VII.1"),
        (lambda: ShowMessage(message="line\nbreak"), "retype it on one line", "VII.1"),
        (lambda: ShowMessage(message="x", minutes=0), "give 1 to 240 minutes", "VII.1"),
        (lambda: ShowMessage(message="x", minutes=241), "give 1 to 240 minutes", "VII.1"),
        (ClearMessage, "nothing to clear", None),
    ],
)
def test_what_cannot_be_shown_is_refused_and_changes_nothing(
    make_service: MakeService, command: object, refusal: str, article: str | None
) -> None:
    service = make_service()
    last = service.state.last_seq
    with pytest.raises(RuleError) as refused:
        service.execute(command())  # type: ignore[operator]
    assert refusal in str(refused.value) and refused.value.article == article
    assert service.state.last_seq == last and service.state.message is None


def test_two_hundred_characters_after_trimming_are_taken(make_service: MakeService) -> None:
    service = make_service()
    service.execute(ShowMessage(message=" " * 5 + "x" * 200 + " " * 5))
    assert service.state.message == Message("x" * 200)


def test_an_ended_message_is_not_cleared_again(make_service: MakeService, clock: FakeClock) -> None:
    service = make_service()
    service.execute(ShowMessage(message="Dinner", minutes=1))
    clock.advance(60)
    with pytest.raises(RuleError, match="nothing to clear"):
        service.execute(ClearMessage())


def test_only_the_director_speaks_to_the_room(make_service: MakeService) -> None:
    service = make_service()
    floor = terminal(service, actor="Anna", role="floor")
    try:
        with pytest.raises(RuleError) as refused:
            floor.execute(ShowMessage(message="Dinner"))
    finally:
        floor.close()
    assert "only the Director" in str(refused.value) and refused.value.article == "VII.1"


def test_the_room_shows_the_message_and_asks_again_at_its_end(
    make_service: MakeService, clock: FakeClock
) -> None:
    service = started(make_service(seed=3), names(6), names(6), seed=3)
    service.execute(ShowMessage(message="[red]Dinner[/] <b>served</b>", minutes=2))
    until = clock.now + timedelta(minutes=2)
    state = service.state
    shown = room(state, clock_status(state, clock.now), None, clock.now)
    assert shown.message == Message("[red]Dinner[/] <b>served</b>", until)
    assert shown.changes_at is not None and shown.changes_at <= until
    assert room_json(shown)["message"] == {
        "text": "[red]Dinner[/] <b>served</b>",
        "until": until.isoformat(),
    }
    assert room_json(shown)["message"]["until"].endswith("+00:00")
    later = until + timedelta(seconds=1)
    after = room(state, clock_status(state, later), None, later)
    assert after.message is None and room_json(after)["message"] is None


def test_the_message_ends_the_winners_picture_too(
    make_service: MakeService, clock: FakeClock
) -> None:
    """Once the event is over the model still asks again at the message's end."""
    service = started(make_service(seed=3), names(3), names(3), seed=3)
    for player in service.state.in_players()[:2]:
        service.execute(Bust(names=[player.name]))
    service.execute(ShowMessage(message="Thank you", minutes=3))
    state = service.state
    shown = room(state, clock_status(state, clock.now), None, clock.now)
    until = clock.now + timedelta(minutes=3)
    assert shown.stage == "winner" and shown.message == Message("Thank you", until)
    assert shown.changes_at == until


def test_state_json_adds_the_message(make_service: MakeService, clock: FakeClock) -> None:
    service = make_service()
    assert state_json(service.state, clock.now)["message"] is None
    service.execute(ShowMessage(message="Dinner"))
    assert state_json(service.state, clock.now)["message"] == {"text": "Dinner", "until": None}
