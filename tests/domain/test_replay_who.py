"""Replaying a log (an import, a file opened without its snapshot) checks who acted as the live
commands record it: old logs (a label only) replay as before, forged fields are refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from tdhelpers.support import MakeService, terminal

from tdconsole.domain.acting import Who
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Record, Signed
from tdconsole.domain.invariants import replay_log
from tdconsole.domain.slices.register import Register


def evening(make_service: MakeService) -> list[Record]:
    """The Director registers two players; Anna, on the floor, registers a third; the
    Director registers a fourth from Anna's phone; Anna undoes her own."""
    service = make_service()
    service.execute(Register(names=["Ada", "Bea"]))
    anna = terminal(service, actor="Anna", role="floor")
    phone = terminal(service, role="director", via="Anna")
    try:
        anna.execute(Register(names=["Cid"]))
        phone.execute(Register(names=["Dan"]))
        anna.refresh()
        anna.execute(Register(names=["Eva"]))
        anna.undo()
    finally:
        anna.close()
        phone.close()
    service.refresh()
    return service.log()


def older(record: Record) -> Record:
    """``record`` as a version that kept only the actor label wrote it."""
    body = record.body
    if not isinstance(body, Signed):
        return record
    label = f"{body.person} (via {body.via})" if body.via else record.actor
    bare = body.model_copy(update={"person": None, "role": None, "via": None})
    return dataclasses.replace(record, actor=label, body=bare)


def test_a_new_log_replays_with_who_acted(make_service: MakeService) -> None:
    records = evening(make_service)
    _state, history = replay_log(records)
    assert set(history.actors.values()) == {
        Who("Direttore", "director"),
        Who("Anna", "floor"),
        Who("Direttore", "director", "Anna"),
    }


def test_an_older_log_replays_reading_its_labels(make_service: MakeService) -> None:
    records = evening(make_service)
    labelled = [older(r) for r in records]
    state, history = replay_log(labelled)
    assert sorted(state.players) == ["ada", "bea", "cid", "dan"]
    assert Who("Direttore", "director", "Anna") in history.actors.values()
    assert Who("Anna", None) in history.actors.values()


FORGERIES: dict[str, Callable[[Record], Record]] = {
    "a person other than the log's actor": lambda r: dataclasses.replace(r, actor="Bruno"),
    "the floor through a phone": lambda r: dataclasses.replace(
        r, body=r.body.model_copy(update={"via": "Bruno"})
    ),
    "the floor under the Director's name": lambda r: dataclasses.replace(
        r, actor="Direttore", body=r.body.model_copy(update={"person": "Direttore"})
    ),
}


DIRECTOR_FORGERIES: dict[str, Callable[[Record], Record]] = {
    "the Director's entry under a staff member's name": lambda r: dataclasses.replace(
        r, actor="Anna", body=r.body.model_copy(update={"person": "Anna"})
    ),
    "a phone named like the Director": lambda r: dataclasses.replace(
        r, body=r.body.model_copy(update={"via": "Dir\u0435ttore"})
    ),
}


@pytest.mark.parametrize("forgery", [*FORGERIES, *DIRECTOR_FORGERIES])
def test_a_forged_entry_is_refused(make_service: MakeService, forgery: str) -> None:
    records = evening(make_service)
    role = "floor" if forgery in FORGERIES else "director"
    at = next(
        i
        for i, r in enumerate(records)
        if isinstance(r.body, Signed) and r.body.role == role and r.command > 1
    )
    forge = FORGERIES.get(forgery) or DIRECTOR_FORGERIES[forgery]
    forged = [*records[:at], forge(records[at]), *records[at + 1 :]]
    with pytest.raises(RuleError) as refused:
        replay_log(forged)
    assert f"event {records[at].seq}" in str(refused.value)


def test_a_floor_undo_of_the_directors_action_is_refused(make_service: MakeService) -> None:
    """The red team's undo, as a log would hold it: Anna's own undo moved onto the command
    the Director recorded from her phone."""
    records = evening(make_service)
    undo = next(i for i, r in enumerate(records) if r.type == "undone")
    phone = next(
        r.command for r in records if isinstance(r.body, Signed) and r.body.via is not None
    )
    body = records[undo].body.model_copy(update={"command": phone})
    # (with the commands after it dropped, so that it is the last one in effect)
    kept = [r for r in records[:undo] if r.command <= phone]
    with pytest.raises(RuleError, match="not its own"):
        replay_log([*kept, dataclasses.replace(records[undo], body=body)])
