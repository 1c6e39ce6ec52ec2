"""An undo on a long log refolds from a checkpoint kept in memory, not from the start of the
log: the stored snapshot is written right after a command, so undoing that command
cannot start from it, and the whole log was folded again, in the process that undoes and in
every process that reads the undo (the served floor among them)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tdconsole.demo import build_demo
from tdconsole.domain.invariants import replay_log
from tdconsole.domain.play import Bust, Count
from tdconsole.domain.view import state_json
from tdconsole.service import Tournament
from tdconsole.service.state_cache import CHECKPOINT_EVERY
from tdconsole.store.snapshot import SNAPSHOT_EVERY


def test_an_undo_on_a_long_log_folds_few_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))
    path = build_demo(tmp_path / "demo.tdc")
    director = Tournament.open(path, rng=random.Random(1))
    floor = Tournament.open(path, actor="Bruno", role="floor", rng=random.Random(2))
    try:
        names = [p.name for p in director.state.in_players() if p.table != 1]
        for n in range(SNAPSHOT_EVERY // 2 + 20):  # two events a count: past a snapshot
            floor.execute(Count(counts={names[n % len(names)]: 4000 + 25 * (n % 30)}))
            director.poll()  # the console's poll: it follows the log
        # The Director's bust stores a snapshot just after it (500 events since his last).
        director.execute(Bust(names=["Moretti"], declined=True))
        found = director.store.load_snapshot()
        assert found is not None and found[0] == director.state.last_seq
        folded: list[int] = []

        def counting(records: Any, *args: Any, **kwargs: Any) -> Any:
            folded.append(len(records))
            return replay_log(records, *args, **kwargs)

        monkeypatch.setattr("tdconsole.service.state_cache.replay_log", counting)
        director.undo()
        floor.refresh()  # another process reads the undo
        # Before: the whole log twice (more than a thousand events each).
        assert len(folded) == 2 and max(folded) <= CHECKPOINT_EVERY + 10, folded
        whole, _ = replay_log(director.log())
        for service in (director, floor):
            assert service.state.find("Moretti").status == "in"  # type: ignore[union-attr]
            now = director.now()
            assert state_json(service.state, now) == state_json(whole, now)
    finally:
        director.close()
        floor.close()
