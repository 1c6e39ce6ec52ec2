"""Replaying a log checks it event by event; a run of undos and redos returns to States already
checked, folded again once when next needed, not once per undo (a long evening's log, opened
without its snapshot, replays in one pass plus a fold per run)."""

from __future__ import annotations

from typing import Any

import pytest
from support import MakeService, names

from tdconsole.domain import invariants
from tdconsole.domain.fold import fold
from tdconsole.domain.registration import Register


def test_a_run_of_undos_and_redos_is_folded_again_once(
    make_service: MakeService, monkeypatch: pytest.MonkeyPatch
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
    folds: list[int] = []
    apply_all = invariants.apply_all

    def counted(state: Any, chosen: Any) -> None:
        folds.append(1)
        apply_all(state, chosen)

    monkeypatch.setattr(invariants, "apply_all", counted)
    state, history = invariants.replay_log(records, service.state.settings)
    assert len(folds) == 2  # the run of three undos and a redo; the last undo
    expected, expected_history = fold(records, service.state.settings)
    assert sorted(state.players) == sorted(expected.players) == sorted(service.state.players)
    assert len(state.players) == 4
    assert state.last_seq == expected.last_seq == records[-1].seq
    assert history.active == expected_history.active
    assert state == expected
