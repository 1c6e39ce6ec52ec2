"""Opening checks the log once (``invariants.replay_log``); a reader's polls fold only what
others appended, with no replay: the console and the served Watcher poll on a hot path."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tdconsole.domain.invariants import replay_log
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def test_replay_runs_once_per_open_and_never_on_a_poll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "e.tdc"
    Tournament.create(path, "e", load_settings(), rng=random.Random(1)).close()
    calls: list[int] = []

    def counting(records: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(records))
        return replay_log(records, *args, **kwargs)

    monkeypatch.setattr("tdconsole.service.state_cache.replay_log", counting)
    reader = Tournament.open(path)
    writer = Tournament.open(path, rng=random.Random(1))
    try:
        assert len(calls) == 2  # one replay for each open
        calls.clear()
        for _ in range(20):
            assert not reader.poll()  # nothing new: no replay
        writer.execute(Register(names=["Zeta Newcomer"]))
        calls.clear()
        assert reader.poll()
        assert reader.state.last_seq == writer.state.last_seq
        for _ in range(20):
            reader.poll()
        assert calls == []  # another's append is folded in, not replayed
    finally:
        writer.close()
        reader.close()
