"""The core's figures: opening and replaying events, durable appends, draws and closing plans.

Each figure is a median of several runs with its target, and where the target is a ratio, a
baseline measured in the same run (bare ``sqlite3`` doing the same reads or writes) and the
ratio to it. Nothing here asserts: the runner prints and the reader judges.
"""

from __future__ import annotations

import gc
import random
import shutil
import sqlite3
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.workload import (
    StepClock,
    big_settings,
    build_evening,
    build_synthetic,
    player_names,
)
from tdconsole.domain.events import Context, Record
from tdconsole.domain.fold import apply_all, fold
from tdconsole.domain.play import Bust, ClosePlan, Count, Start
from tdconsole.domain.slices.create_event import CreateEvent
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State
from tdconsole.service import Tournament
from tdconsole.store.eventstore import EventStore


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: float | None = None
    """Upper bound (same unit); None when the figure is informational."""
    baseline: float | None = None
    baseline_name: str = ""
    ratio_target: float | None = None
    runs: int = 0
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.baseline is None or self.baseline <= 0:
            return None
        return self.value / self.baseline

    @property
    def ok(self) -> bool | None:
        checks = []
        if self.target is not None:
            checks.append(self.value <= self.target)
        if self.ratio_target is not None and self.ratio is not None:
            checks.append(self.ratio <= self.ratio_target)
        return all(checks) if checks else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": round(self.value, 4),
            "unit": self.unit,
            "target": self.target,
            "baseline": None if self.baseline is None else round(self.baseline, 4),
            "baseline_name": self.baseline_name,
            "ratio": None if self.ratio is None else round(self.ratio, 3),
            "ratio_target": self.ratio_target,
            "runs": self.runs,
            "ok": self.ok,
            "note": self.note,
            **self.extra,
        }


def timed(func: Callable[[], Any], runs: int) -> list[float]:
    """Durations in ms of ``runs`` calls (garbage collected before, not during, each)."""
    out = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            func()
            out.append((time.perf_counter() - start) * 1000)
        finally:
            gc.enable()
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


def bare_read(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("SELECT seq, command, type, at, actor, data FROM events ORDER BY seq").fetchall()
    db.close()


def _open_close(path: Path) -> None:
    Tournament.open(path).close()


def _drop_snapshots(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("DROP TABLE IF EXISTS snapshots")
    db.commit()
    db.close()


def _first_write(path: Path) -> None:
    service = Tournament.open(path, clock=StepClock())
    try:
        service.execute(Count(counts={"Player 00001": 2500}))
    finally:
        service.close()


def _cold_fold(path: Path) -> None:
    store = EventStore(path)
    fold(store.read())
    store.close()


# -- open and replay ---------------------------------------------------------------------------


def open_figures(work: Path, quick: bool) -> list[Figure]:
    figures = []
    evening = build_evening(work / "evening24.tdc", players=24)
    events = EventStore(evening).last_seq()
    runs = 10 if quick else 30
    ours = median(timed(lambda: _open_close(evening), runs))
    bare = median(timed(lambda: bare_read(evening), runs))
    figures.append(
        Figure(
            f"open + replay, complete 24-player event ({events} events)",
            ours,
            "ms",
            target=50,
            baseline=bare,
            baseline_name="bare sqlite3 read of the rows",
            runs=runs,
        )
    )

    total = 20_000 if quick else 100_000
    long_log = work / f"synthetic{total}.tdc"
    built = build_synthetic(long_log, total)
    cold_copy = work / "synthetic-cold.tdc"
    shutil.copy(long_log, cold_copy)
    runs = 3 if quick else 5
    cold = median(timed(lambda: _cold_fold(cold_copy), runs))
    bare = median(timed(lambda: bare_read(long_log), runs))
    first_open = timed(lambda: _open_close(long_log), 1)[0]  # folds all (reading never writes)
    _first_write(long_log)  # the first command stores a snapshot
    snap = median(timed(lambda: _open_close(long_log), runs))
    figures.append(
        Figure(
            f"open, synthetic {built:,}-event log (snapshot + tail)",
            snap,
            "ms",
            target=1000,
            baseline=bare,
            baseline_name="bare sqlite3 read of the rows",
            ratio_target=3,
            runs=runs,
            note=f"first open without a snapshot {first_open:.0f} ms (folds; the first command "
            "then stores one)",
        )
    )
    figures.append(
        Figure(
            f"replay of the whole {built:,}-event log, no snapshot (read + parse + fold)",
            cold,
            "ms",
            baseline=bare,
            baseline_name="bare sqlite3 read of the rows",
            runs=runs,
            note="informational: what a snapshot saves",
        )
    )
    # An undo whose command is after the snapshot refolds from it (Art. VII.3-VII.4).
    service = Tournament.open(long_log, clock=StepClock())
    try:

        def undo_redo() -> None:
            service.execute(Count(counts={"Player 00001": 2500}))
            service.undo("bench")
            service.redo()

        undo = median(timed(undo_redo, runs))
    finally:
        service.close()
    figures.append(
        Figure(
            f"count + undo + redo on the {built:,}-event log",
            undo,
            "ms",
            target=150,
            runs=runs,
            note="undo and redo refold from the snapshot, not from event 1",
        )
    )
    for extra in (cold_copy, long_log):
        for suffix in ("", "-wal", "-shm"):
            Path(str(extra) + suffix).unlink(missing_ok=True)
    return figures


# -- durable appends -----------------------------------------------------------------------------


def append_figures(work: Path, quick: bool) -> list[Figure]:
    n = 300 if quick else 1000
    path = work / "append.tdc"
    service = Tournament.create(
        path, "append", big_settings(24), clock=StepClock(), rng=random.Random(3)
    )
    names = player_names(24)
    service.execute(Register(names=names))
    service.execute(Pay(names=names))
    service.execute(Draw(seed=3))
    service.execute(Start(stack=4000, big_blind=100))
    bare_path = work / "bare.sqlite"
    db = sqlite3.connect(bare_path, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, command INTEGER NOT NULL, type TEXT NOT "
        "NULL, schema INTEGER NOT NULL, at TEXT NOT NULL, actor TEXT NOT NULL, data TEXT NOT NULL)"
    )
    # Interleaved, one of ours then the same rows bare, so the disk's moods hit both alike.
    rng = random.Random(9)
    ours: list[float] = []
    bare: list[float] = []
    for _ in range(n):
        command = Count(counts={rng.choice(names): rng.randint(1, 400) * 25})
        start = time.perf_counter()
        records = service.execute(command)
        ours.append((time.perf_counter() - start) * 1000)
        group = [_row(r) for r in records]
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", group)
        db.execute("COMMIT")
        bare.append((time.perf_counter() - start) * 1000)
    db.close()
    service.close()
    figures = []
    for label, p in (("p50", 50), ("p99", 99)):
        figures.append(
            Figure(
                f"append one action durably ({label}; a chip count, backups on)",
                percentile(ours, p),
                "ms",
                baseline=percentile(bare, p),
                baseline_name="bare sqlite3 insert of the same rows + commit, same durability",
                ratio_target=2,
                runs=n,
            )
        )
    return figures


def _row(record: Record) -> tuple[Any, ...]:
    import json

    from tdconsole.domain.events import SCHEMA_VERSION

    data = json.dumps(record.body.payload(), ensure_ascii=False, separators=(",", ":"))
    return (
        record.seq,
        record.command,
        record.type,
        SCHEMA_VERSION,
        record.at.isoformat(),
        record.actor,
        data,
    )


# -- draws and closing plans at any size -----------------------------------------------------------


def field_state(players: int, *, started: bool) -> State:
    """An event of ``players`` paid players, drawn (and started), folded in memory."""
    state = State(settings=big_settings(players))
    ctx = Context(now=StepClock()(), rng=random.Random(1), actor="Direttore")
    seq = 0

    def run(command: Any) -> None:
        nonlocal seq
        bodies = command.decide(state, ctx)
        records = []
        for body in bodies:
            seq += 1
            records.append(Record(seq, seq, ctx.now, ctx.actor, body))
        apply_all(state, records)

    names = player_names(players)
    run(CreateEvent(name="big", settings=big_settings(players).model_dump(mode="json")))
    run(Register(names=names))
    run(Pay(names=names))
    if started:
        run(Draw(seed=1))
        run(Start(stack=4000, big_blind=100))
        table = state.tables[1]
        seated = state.players_at(table)
        for player in seated[: len(seated) - 3]:  # table 1 down to three: it must close
            run(Bust(names=[player.name], declined=True))
    return state


def draw_figures(quick: bool) -> list[Figure]:
    figures = []
    sizes = (24, 1000, 10_000)
    for players in sizes:
        state = field_state(players, started=False)
        ctx = Context(now=StepClock()(), rng=random.Random(2), actor="Direttore")
        runs = 5 if players >= 10_000 or quick else 15

        copies = [_copy(state) for _ in range(runs)]

        def draw(ctx: Context = ctx, copies: list[State] = copies) -> None:
            fresh = copies.pop()
            (body,) = Draw(seed=4).decide(fresh, ctx)
            body.apply(fresh, ctx.now)

        figures.append(
            Figure(
                f"seat draw, {players:,} players (decide + apply)",
                median(timed(draw, runs)),
                "ms",
                target=100,
                runs=runs,
            )
        )
    for players in sizes:
        state = field_state(players, started=True)
        ctx = Context(now=StepClock()(), rng=random.Random(2), actor="Direttore")
        runs = 5 if players >= 10_000 or quick else 15
        tables = len(state.open_tables())
        figures.append(
            Figure(
                f"table-closing plan, {players:,} players on {tables:,} tables",
                median(timed(lambda s=state, c=ctx: ClosePlan(table=1).decide(s, c), runs)),
                "ms",
                target=100,
                runs=runs,
            )
        )
    from tdconsole.domain.view import state_json

    for players in (1000, 10_000):
        state = field_state(players, started=True)
        now = StepClock()()
        runs = 3 if players >= 10_000 or quick else 10
        figures.append(
            Figure(
                f"state --json view of a started {players:,}-player event",
                median(timed(lambda s=state, t=now: state_json(s, t), runs)),
                "ms",
                runs=runs,
                note="informational: what a screen built from the whole view pays",
            )
        )
    return figures


def _copy(state: State) -> State:
    import copy

    return copy.deepcopy(state)
