"""Who acts is data: a name that reads like the Director's or like a staff member's is refused
at the phone's sign-in and on ``--as``, and a label (even a forged one in an older file) never
undoes what the Director did."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.who_acts import log_length, older

from tdconsole.cli import main
from tdconsole.domain.acting import Who, floor_owns, legacy
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.serve.floor import actions
from tdconsole.serve.floor.core import Floor
from tdconsole.service import Tournament

# The red team's list: fillers and blanks inside the Director's name, small capitals, a
# Cyrillic A beside the real Anna, and the label the Director's actions from a phone had.
LOOK_ALIKES = [
    "Dire\u3164ttore",
    "Dire\u115fttore",
    "Direttore\u1160",
    "Dire\u2800ttore",
    "ᴅirettore",
    "Direttoʀe",
    "\u0410nna",
    "Direttore (via Anna)",
]


def anna_counts(floor: Floor) -> dict[str, object]:
    """Anna signs in on her phone and records a count: she is staff in the log."""
    session, _cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
    name = floor.latest().found("")[0]
    return actions.count(floor, session, {"name": name, "chips": "9000"}, "en", "p")


def last_command(event: Path) -> int | None:
    service = Tournament.open(event)
    try:
        return service.history.last_active
    finally:
        service.close()


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_look_alike_is_refused_at_sign_in_and_on_as(
    name: str, floor: Floor, event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    anna_counts(floor)
    assert floor.latest().staff == ["Anna"]
    with pytest.raises(RuleError) as refused:
        floor.sign_in(FLOOR_PIN, name, "10.0.0.3")
    assert refused.value.article == "VII.1"
    # ``tdconsole floor --as`` opens the event on the floor's role under that name.
    with pytest.raises(RuleError) as on_floor:
        Tournament.open(event, actor=name, role="floor")
    assert on_floor.value.article == "VII.1"
    # The command line's ``--as``: one line, the article, exit 2, nothing recorded.
    before = log_length(event)
    code = main(["--lang", "en", "--event", str(event), "--as", name, "clock", "pause"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and "(Art. VII.1)" in err
    assert log_length(event) == before


def test_the_real_anna_and_another_staff_member_still_sign_in(floor: Floor) -> None:
    anna_counts(floor)
    assert floor.sign_in(FLOOR_PIN, " ANNA ", "10.0.0.3")[0].name == "ANNA"
    assert floor.sign_in(FLOOR_PIN, "Annalisa", "10.0.0.4")[0].name == "Annalisa"
    assert floor.sign_in(FLOOR_PIN, "Bruno", "10.0.0.5")[0].name == "Bruno"


def test_the_directors_action_from_a_phone_is_not_undone_by_a_label(
    floor: Floor, event: Path
) -> None:
    """The red team signed in as "Direttore (via Anna)" and undid the Director's clock."""
    session, _cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
    done = actions.clock(floor, session, {"action": "resume", "pin": DIRECTOR_PIN}, "en", "p")
    assert done["said"] == "Clock running"
    with pytest.raises(RuleError, match="Director's name"):
        floor.sign_in(FLOOR_PIN, "Direttore (via Anna)", "10.0.0.3")
    # Anna herself, on the floor's role, cannot undo what she did with the Director's PIN.
    with pytest.raises(RuleError, match="only the Director may undo it"):
        actions.undo(floor, session, {"command": last_command(event)}, "en", "p")
    service = Tournament.open(event)
    try:
        last = service.last_action()
        assert last is not None
        assert last.who == Who("Direttore", "director", "Anna")
        assert service.state.clock.running
    finally:
        service.close()


def test_an_older_file_opens_and_its_labels_grant_no_more(floor: Floor, event: Path) -> None:
    anna = anna_counts(floor)
    session, _cookie = floor.sign_in(FLOOR_PIN, "Bruno", "10.0.0.4")
    actions.clock(floor, session, {"action": "resume", "pin": DIRECTOR_PIN}, "en", "p")
    floor.close()
    older(event)
    service = Tournament.open(event)
    try:
        last = service.last_action()
        assert last is not None and last.who == Who("Direttore", "director", "Bruno")
        assert str(last.actor) == "Direttore (via Bruno)"
        assert service.history.actors[int(str(anna["command"]))] == Who("Anna", None)
        assert service.state.clock.running
    finally:
        service.close()
    bruno = Tournament.open(event, actor="Bruno", role="floor")
    try:
        with pytest.raises(RuleError, match="only the Director may undo it"):
            bruno.undo()
    finally:
        bruno.close()
    # Even a floor member acting under the old label itself owns nothing of the Director's.
    label = "Direttore (via Bruno)"
    assert not floor_owns(Who(label, "floor"), legacy(label), "Direttore")
    assert not floor_owns(Who("Direttore", "floor"), legacy("Direttore"), "Direttore")


def test_a_renamed_directors_older_entries_stay_the_directors(floor: Floor, event: Path) -> None:
    """An older file's labels are told against every Director its settings named: once the
    Director is renamed, a floor member signed in under his old name cannot undo what he did
    under it (the rename itself here), nor act under it at all (a former Director's name
    stays his)."""
    floor.close()
    director = Tournament.open(event)
    try:
        director.execute(ChangeSettings(assignments=[("director", "Anna Bianchi")]))
    finally:
        director.close()
    older(event)
    with pytest.raises(RuleError, match="was the Director's name earlier in this event"):
        Tournament.open(event, actor="Direttore", role="floor")
    director = Tournament.open(event)
    try:
        last = director.last_action()
        assert last is not None and last.who.role is None  # (an older file's label)
        impostor = Who("Direttore", "floor")
        assert not floor_owns(impostor, last.who, "Anna Bianchi", director.history.directors)
    finally:
        director.close()


def test_a_floor_member_owns_an_older_entry_of_his_own(floor: Floor, event: Path) -> None:
    """What an older log's label said of a floor member stays his to undo (as before)."""
    anna_counts(floor)
    floor.close()
    older(event)
    anna = Tournament.open(event, actor="Anna", role="floor")
    try:
        assert anna.undo().startswith("count")
    finally:
        anna.close()


def test_a_staff_member_whose_action_was_undone_still_counts(floor: Floor, event: Path) -> None:
    anna_counts(floor)
    service = Tournament.open(event)
    try:
        assert service.undo().startswith("count")
        assert service.state.staff == ["Anna"]
    finally:
        service.close()
    with pytest.raises(RuleError, match="looks like the name of Anna"):
        floor.sign_in(FLOOR_PIN, "\u0410nna", "10.0.0.3")
