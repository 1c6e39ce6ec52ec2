"""``State.copy`` and ``History.copy``: what the next events are folded into while readers keep
the State and History they have (``state_cache``). A copy equals its original and shares
nothing an event could change in place with it: no list, dict or set, no record that is not
frozen."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel
from tdhelpers.support import MakeService, names, started

from tdconsole.domain.fold import History
from tdconsole.domain.message import Message
from tdconsole.domain.play import Bust
from tdconsole.domain.state import MovePlan, Ruling, State

AT = datetime(2026, 3, 6, 21, 0, tzinfo=UTC)


def mutable_parts(value: Any, found: dict[int, Any]) -> dict[int, Any]:
    """Every object reachable from ``value`` that can change in place, by id. Frozen pydantic
    models (settings, the structure, the clock) and frozen dataclasses (a ruling, a message)
    are values: shared by design."""
    if id(value) in found or isinstance(value, str):  # (a summary too: a str with its data)
        return found
    if isinstance(value, BaseModel):
        if not value.model_config.get("frozen"):
            found[id(value)] = value
        return found
    if isinstance(value, (list, set, dict)):
        found[id(value)] = value
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)
    elif isinstance(value, tuple):
        items = list(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return found  # a value too (a ruling, a message, who acted)
        found[id(value)] = value
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        found[id(value)] = value
        items = list(vars(value).values())
    else:
        return found  # a str, a number, a date: immutable
    for item in items:
        mutable_parts(item, found)
    return found


def shares_nothing(original: Any, copy: Any) -> None:
    mine = mutable_parts(original, {})
    shared = [mine[i] for i in mutable_parts(copy, {}).keys() & mine.keys()]
    assert not shared


def filled(make_service: MakeService) -> tuple[State, History]:
    """A started event's State with every field set, and its History after an undo."""
    service = started(make_service(), names(12))
    service.execute(Bust(names=["Player 01"], declined=True))
    service.undo()
    state = service.state
    table = state.tables[1]
    table.plan = MovePlan([("player 01", 2, 3)])
    state.rulings.append(
        Ruling(1, AT, "sanction", 1, ["player 01"], ["VI.1"], "late", "Direttore", "suspend", 1)
    )
    state.vacated.append(12)
    state.pins["floor"] = "salted"
    state.pin_weakness["floor"], state.pins_shared = "short", True
    state.staff.append("Bruno")
    state.removed, state.adjusted, state.final_bonus = 100, 25, 4000
    state.phones_signed_out, state.handovers = 1, True
    state.message = Message("break", AT)
    return state, service.history


def test_a_state_copy_equals_it_and_shares_nothing_an_event_changes(
    make_service: MakeService,
) -> None:
    state, _ = filled(make_service)
    unset = [f.name for f in dataclasses.fields(State) if not getattr(state, f.name)]
    assert not unset  # every field set: a new one is covered here too
    copy = state.copy()
    assert copy == state
    shares_nothing(state, copy)


def test_a_history_copy_equals_it_and_shares_nothing_a_record_changes(
    make_service: MakeService,
) -> None:
    _, history = filled(make_service)
    unset = [name for name, value in vars(history).items() if not value]
    assert not unset  # every field set (an undo leaves one redoable, undone by the Director)
    copy = history.copy()
    assert vars(copy) == vars(history)
    shares_nothing(history, copy)
