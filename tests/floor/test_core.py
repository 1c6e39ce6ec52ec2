"""The floor's sign-in, sessions and actions, through the one service (no web server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.domain.acting import Who, label_text
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.state import State
from tdconsole.serve.floor import actions
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.tokens import Session
from tdconsole.service import Tournament


def sign_in(floor: Floor, name: str = "Anna", phone: str = "10.0.0.2") -> Session:
    session, _ = floor.sign_in(FLOOR_PIN, name, phone)
    return session


def director(event: Path) -> Tournament:
    return Tournament.open(event)


def truth(floor: Floor) -> State:
    """The event now, as the Director's own terminal reads its file."""
    service = Tournament.open(floor.event)
    try:
        return service.state
    finally:
        service.close()


def test_sign_in_checks_the_pin_and_the_name(floor: Floor) -> None:
    with pytest.raises(RuleError, match="wrong PIN"):
        floor.sign_in("999999", "Anna", "10.0.0.2")
    with pytest.raises(RuleError, match="type your name"):
        floor.sign_in(FLOOR_PIN, "  ", "10.0.0.2")
    director = truth(floor).settings.director
    with pytest.raises(RuleError, match="Director's name"):
        floor.sign_in(FLOOR_PIN, f" {director.upper()} ", "10.0.0.2")
    session, cookie = floor.sign_in(FLOOR_PIN, "  Anna   Rossi ", "10.0.0.2")
    assert session.name == "Anna Rossi"
    assert floor.session(cookie) == session


def test_a_combining_accent_is_the_directors_name_too(floor: Floor, event: Path) -> None:
    # The red team's Niccolo + U+0300 signed in as floor and was then taken for the Director.
    service = director(event)
    try:
        service.execute(ChangeSettings(assignments=[("director", "Niccolò")]))
    finally:
        service.close()
    with pytest.raises(RuleError, match="Director's name"):
        floor.sign_in(FLOOR_PIN, "Niccolo\u0300", "10.0.0.2")
    with pytest.raises(RuleError, match="looks like the Director's name"):
        floor.sign_in(FLOOR_PIN, "Niccolo", "10.0.0.2")


@pytest.mark.parametrize(
    ("pin", "refusal"),
    [
        ("2468", "floor_pin: fewer than 6 digits"),
        # (the sign-in checks what is typed: a PIN set before its weakness was recorded)
        ("111111", "floor_pin: easily guessed"),
    ],
)
def test_a_weak_pin_is_refused_beyond_this_machine(event: Path, pin: str, refusal: str) -> None:
    service = director(event)
    try:
        service.execute(ChangeSettings(assignments=[("floor_pin", pin)]))
    finally:
        service.close()
    public = Floor(event, public=True)
    local = Floor(event, public=False)
    try:
        with pytest.raises(RuleError, match=refusal):
            public.sign_in(pin, "Anna", "10.0.0.2")
        local.sign_in(pin, "Anna", "127.0.0.1")
    finally:
        public.close()
        local.close()


def test_no_floor_pin_beyond_this_machine_no_sign_in(event: Path) -> None:
    service = director(event)
    try:
        service.execute(ChangeSettings(assignments=[("floor_pin", "")]))
    finally:
        service.close()
    public = Floor(event, public=True)
    try:
        with pytest.raises(RuleError, match="no floor PIN is set"):
            public.sign_in("", "Anna", "10.0.0.2")
    finally:
        public.close()


def test_a_session_ends_with_a_new_floor_pin_and_with_sign_out(floor: Floor, event: Path) -> None:
    from tdconsole.domain.slices.sign_phones_out import SignPhonesOut

    _, cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
    assert floor.session(cookie) is not None
    service = director(event)
    try:
        service.execute(SignPhonesOut())
        assert floor.session(cookie) is None
        _, cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
        assert floor.session(cookie) is not None
        service.execute(ChangeSettings(assignments=[("floor_pin", "975310")]))
        assert floor.session(cookie) is None
    finally:
        service.close()


def test_a_session_survives_a_server_restart(floor: Floor, event: Path) -> None:
    _, cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
    again = Floor(event, public=True)  # a new server process on the same file
    try:
        assert again.session(cookie) is not None
    finally:
        again.close()


def test_bust_names_the_place_then_undo_and_redo(floor: Floor) -> None:
    session = sign_in(floor)
    state = truth(floor)
    target = state.in_players()[-1]
    preview = actions.preview_bust(floor, {"names": [target.name[:4].lower()]}, "en")
    (row,) = preview["players"]
    assert row["name"] == target.name and row["place"] == state.in_play
    assert row["place_text"] == f"{state.in_play}th"
    assert row["second_stack"] is not None  # offered: the bust asks him first
    with pytest.raises(RuleError, match="second stack"):
        actions.bust(floor, session, {"names": [target.name]}, "en", "p")
    done = actions.bust(floor, session, {"names": [target.name], "declined": True}, "en", "p")
    assert done["said"] == f"{target.name}: {state.in_play}th"
    assert truth(floor).find(target.name).status == "out"  # type: ignore[union-attr]
    undone = actions.undo(floor, session, {"command": done["command"]}, "en", "p")
    assert undone["said"].startswith("Undone: ") and target.name in undone["said"]
    assert truth(floor).find(target.name).status == "in"  # type: ignore[union-attr]
    redone = actions.redo(floor, session, {}, "en", "p")
    assert redone["said"].startswith("Redone: ")
    assert truth(floor).find(target.name).status == "out"  # type: ignore[union-attr]


def test_undo_refuses_when_the_named_action_is_no_longer_the_last(
    floor: Floor, event: Path
) -> None:
    session = sign_in(floor)
    players = truth(floor).in_players()
    first = actions.count(floor, session, {"name": players[0].name, "chips": "9000"}, "en", "p")
    assert first["said"] == f"{players[0].name}: 9 000 chips counted"
    other = Tournament.open(event, actor="Bruno", role="floor")
    try:
        from tdconsole.domain.play import Count

        other.execute(Count(counts={players[1].name: 8000}))
    finally:
        other.close()
    with pytest.raises(RuleError, match="no longer the last action"):
        actions.undo(floor, session, {"command": first["command"]}, "en", "p")
    assert truth(floor).find(players[1].name).chips == 8000  # type: ignore[union-attr]


def test_several_out_in_one_hand_are_placed_by_their_stacks(floor: Floor) -> None:
    session = sign_in(floor)
    a, b = truth(floor).in_players()[:2]
    preview = actions.preview_bust(floor, {"names": [a.name, b.name]}, "en")
    assert [r["place"] for r in preview["players"]] == [None, None]
    preview = actions.preview_bust(
        floor, {"names": [a.name, b.name], "stacks": ["1000", "3000"]}, "en"
    )
    places = {r["name"]: r["place"] for r in preview["players"]}
    assert places[b.name] < places[a.name]
    done = actions.bust(
        floor,
        session,
        {"names": [a.name, b.name], "stacks": ["1000", "3000"], "declined": True},
        "en",
        "p",
    )
    assert a.name in done["said"] and b.name in done["said"]


def test_second_stack_shows_its_amount_and_asks_the_stack(floor: Floor) -> None:
    from tdconsole.serve.floor.phone_json import state_json

    session = sign_in(floor)
    state = floor.latest()
    shown = state_json(state, floor.clock(), "Anna", "en")
    target = shown["players"][0]
    assert target["second_stack"] > 0
    done = actions.second_stack(floor, session, {"name": target["name"], "stack": "0"}, "en", "p")
    assert done["said"].startswith(f"{target['name']}: second stack of ")


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "1e9", "4.000", "-25", "99" * 10])
def test_a_count_the_phone_refuses_is_said_as_the_command_line_says_it(
    floor: Floor, typed: str
) -> None:
    from tdconsole.cli.common import parse_counts

    session = sign_in(floor)
    name = truth(floor).in_players()[0].name
    with pytest.raises(RuleError) as phone:
        actions.count(floor, session, {"name": name, "chips": typed}, "en", "p")
    with pytest.raises(RuleError) as command_line:
        parse_counts([f"{name}={typed}"])
    assert str(phone.value) == str(command_line.value)  # (one parser: a negative said apart)
    assert "\n" not in str(phone.value) and len(str(phone.value)) < 200


def test_pause_with_the_directors_pin_is_logged_through_the_staff_member(
    floor: Floor, event: Path
) -> None:
    session = sign_in(floor)
    with pytest.raises(RuleError, match="wrong PIN"):
        actions.clock(floor, session, {"action": "resume", "pin": FLOOR_PIN}, "en", "p")
    done = actions.clock(floor, session, {"action": "resume", "pin": DIRECTOR_PIN}, "en", "p")
    assert done["said"] == "Clock running"
    director_name = truth(floor).settings.director
    service = director(event)
    try:
        record = service.log()[-1]
        assert record.actor == director_name  # the person; the phone is a field of its own
        who = service.history.actors[record.command]
        assert who == Who(director_name, "director", "Anna")
        assert label_text(who, "en") == f"{director_name} (via Anna)"
        # The Director's PIN changes: the old one is refused at the next try.
        service.execute(ChangeSettings(assignments=[("director_pin", "864200")]))
    finally:
        service.close()
    with pytest.raises(RuleError, match="wrong PIN"):
        actions.clock(floor, session, {"action": "pause", "pin": DIRECTOR_PIN}, "en", "p")


def test_two_phones_race_on_one_player_and_the_loser_sees_the_truth(floor: Floor) -> None:
    anna, bruno = sign_in(floor, "Anna"), sign_in(floor, "Bruno", "10.0.0.3")
    target = truth(floor).in_players()[-1].name
    before = truth(floor).in_play
    actions.bust(floor, anna, {"names": [target], "declined": True}, "en", "p")
    with pytest.raises(RuleError, match="not in play"):
        actions.bust(floor, bruno, {"names": [target], "declined": True}, "en", "p")
    from tdconsole.serve.floor.phone_json import state_json

    shown = state_json(floor.latest(), floor.clock(), "Bruno", "en")
    assert shown["in_play"] == before - 1
    assert target not in [p["name"] for p in shown["players"]]
