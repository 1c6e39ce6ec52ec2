"""Replaying a log checks it event by event; a run of undos and redos returns to States already
checked, folded again once when next needed, not once per undo (a long evening's log, opened
without its snapshot, replays in one pass plus a fold per run)."""

from __future__ import annotations

from typing import Any

import pytest
from tdhelpers.support import MakeService, names

from tdconsole.domain import invariants
from tdconsole.domain.fold import fold
from tdconsole.domain.slices.register import Register


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One entry each time a replay folds the log again (``invariants.apply_all``)."""
    counted: list[int] = []
    apply_all = invariants.apply_all

    def counting(state: Any, chosen: Any) -> None:
        counted.append(1)
        apply_all(state, chosen)

    monkeypatch.setattr(invariants, "apply_all", counting)
    return counted


def test_a_run_of_undos_and_redos_is_folded_again_once(
    make_service: MakeService, folds: list[int]
) -> None:
    service = make_service()
    for name in names(6):
        service.execute(Register(names=[name]))
    service.undo()
    service.undo()
    service.undo()
    service.redo()
    service.execute(Register(names=["Zeta"]))
    service.undo()
    records = service.log()
    folds.clear()  # counted from here
    state, history = invariants.replay_log(records, service.state.settings)
    assert len(folds) == 2  # the run of three undos and a redo; the last undo
    expected, expected_history = fold(records, service.state.settings)
    assert sorted(state.players) == sorted(expected.players) == sorted(service.state.players)
    assert len(state.players) == 4
    assert state.last_seq == expected.last_seq == records[-1].seq
    assert history.active == expected_history.active
    assert state == expected


def test_an_undo_and_its_redo_cost_no_fold(make_service: MakeService, folds: list[int]) -> None:
    """A run of undos and redos that leaves in effect the commands in effect before it (a
    command undone by mistake and redone) returns to the very State before it: no fold."""
    service = make_service()
    for name in names(5):
        service.execute(Register(names=[name]))
    service.undo()
    service.redo()
    service.execute(Register(names=["Zeta"]))
    service.undo()
    service.undo()
    service.redo()
    service.redo()
    records = service.log()
    service.undo()  # and a last one that stays
    undone = service.log()
    settings = service.state.settings
    folds.clear()  # counted from here
    state, history = invariants.replay_log(records, settings)
    assert folds == []
    expected, expected_history = fold(records, settings)
    assert state == expected and len(state.players) == 6
    assert state.last_seq == expected.last_seq == records[-1].seq
    assert history.active == expected_history.active
    state, _ = invariants.replay_log(undone, settings)
    assert folds == [1]  # the run ends with Zeta cancelled: folded once
    assert state == fold(undone, settings)[0] and len(state.players) == 5
