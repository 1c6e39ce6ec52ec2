"""A club's season: the time to read and aggregate 50 and 500 events of 24 players.

``python bench/season.py``. Builds a dozen complete 24-player evenings (players drawn from a club
of 60 members, every command through ``decide``, one transaction a file), copies them into a
season of 50 and one of 500 event files, then times ``tdconsole.season.load.load`` — each event
file checked and read read-only, its log folded, the places scored — and, apart, the standings'
computation alone and the season's standings printed as text. Targets: 50 events well under a
second (< 0.5 s), 500 events usable (< 5 s). Never asserts.

``main() -> dict`` returns the medians in seconds for ``python -m bench``.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("bench") is None:  # run as a script: bench.workload from here
    sys.path.insert(0, str(ROOT))

from bench.workload import T0, StepClock, next_play  # noqa: E402
from tdconsole.domain.errors import RuleError  # noqa: E402
from tdconsole.domain.events import Command, CommandNoted, Context, Record  # noqa: E402
from tdconsole.domain.fold import apply_all  # noqa: E402
from tdconsole.domain.play import Start  # noqa: E402
from tdconsole.domain.settings import Settings  # noqa: E402
from tdconsole.domain.slices.change_settings import ChangeSettings  # noqa: E402
from tdconsole.domain.slices.clock_control import ClockControl  # noqa: E402
from tdconsole.domain.slices.create_event import CreateEvent  # noqa: E402
from tdconsole.domain.slices.draw import Draw  # noqa: E402
from tdconsole.domain.slices.pay import Pay  # noqa: E402
from tdconsole.domain.slices.register import Register  # noqa: E402
from tdconsole.domain.state import State  # noqa: E402
from tdconsole.store.eventstore import EventStore  # noqa: E402
from tdconsole.store.settings_file import load_settings  # noqa: E402

CLUB = [f"Socio {i:02d}" for i in range(1, 61)]
DISTINCT = 12
TARGET_50_S = 0.5
TARGET_500_S = 5.0


def build_event(path: Path, seed: int) -> int:
    """A complete evening of 24 of the club's members, written in one transaction; returns the
    number of events in its log."""
    rng = random.Random(seed)
    clock = StepClock()
    clock.now = T0 + timedelta(days=7 * seed)
    store = EventStore(path, create=True)
    state = State(settings=Settings())
    actor = "Direttore"

    def run(command: Command) -> None:
        ctx = Context(now=clock(), rng=rng, actor=actor)
        bodies = command.decide(state, ctx)
        records: list[Record] = store.append(
            [CommandNoted(summary=command.describe()), *bodies], ctx.now, actor
        )
        apply_all(state, records)

    field = rng.sample(CLUB, 24)
    settings = load_settings().with_value("keep", "0")
    with store.transaction():
        for command in (
            CreateEvent(name=f"Serata {seed}", settings=settings.model_dump(mode="json")),
            Register(names=field),
            Pay(names=field),
            Draw(seed=seed),
            Start(stack=4000, big_blind=100),
            ClockControl(action="start"),
        ):
            run(command)
        while (command := next_play(state, rng)) is not None:
            try:
                run(command)
            except RuleError as exc:
                if exc.article == "IV.4" and "table_seats" in str(exc):
                    seats = state.settings.seating.table_seats + 1
                    run(ChangeSettings(assignments=[("table_seats", str(seats))]))
                elif "clock" not in str(exc) and "level" not in str(exc):
                    raise
    total = store.last_seq()
    store.seal()
    store.close()
    return total


def season_of(folder: Path, sources: list[Path], count: int) -> Path:
    from tdconsole.season.seasonfile import Season, write_season

    folder.mkdir()
    names = []
    for i in range(count):
        target = folder / f"serata-{i + 1:03d}.tdc"
        shutil.copyfile(sources[i % len(sources)], target)
        names.append(target.name)
    path = folder / "club.season.toml"
    write_season(path, Season(name=f"Club, {count} serate", best=10, events=tuple(names)), new=True)
    return path


def timed(
    func: Callable[[], Any], runs: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(runs):
        started = clock()
        func()
        times.append(clock() - started)
    return statistics.median(times)


def main() -> dict[str, Any]:
    from tdconsole.reports.season import render_season
    from tdconsole.season.load import load, season_json
    from tdconsole.season.standings import compute

    with tempfile.TemporaryDirectory(prefix="tdc-season-") as tmp:
        work = Path(tmp)
        started = time.perf_counter()
        sources = [work / f"source-{i}.tdc" for i in range(1, DISTINCT + 1)]
        log_sizes = [build_event(path, seed) for seed, path in enumerate(sources, start=1)]
        built = time.perf_counter() - started
        figures: dict[str, Any] = {
            "events_built": DISTINCT,
            "log_events_each": round(statistics.mean(log_sizes)),
            "build_seconds": round(built, 1),
        }
        print(
            f"{DISTINCT} evenings of 24 built in {built:.1f} s "
            f"(about {figures['log_events_each']} log events each)"
        )
        for count, runs, target in ((50, 7, TARGET_50_S), (500, 3, TARGET_500_S)):
            path = season_of(work / f"season-{count}", sources, count)
            loaded = load(path)
            assert len(loaded.standings.counted) == count
            seconds = timed(lambda path=path: load(path), runs)
            # The CPU time too: on a shared machine the wall clock also measures the others.
            cpu = timed(lambda path=path: load(path), runs, time.process_time)
            results = loaded.standings.events
            season = loaded.season
            computing = timed(
                lambda results=results, season=season: compute(
                    results, season.formula, season.best, season.aliases
                ),
                runs,
            )
            document = season_json(loaded, "en")
            printing = timed(lambda document=document: render_season(document, "txt", "en"), runs)
            figures[f"season_{count}_events_s"] = round(seconds, 3)
            figures[f"season_{count}_events_cpu_s"] = round(cpu, 3)
            figures[f"season_{count}_per_event_ms"] = round(seconds / count * 1000, 2)
            figures[f"season_{count}_standings_only_s"] = round(computing, 4)
            figures[f"season_{count}_print_txt_s"] = round(printing, 4)
            verdict = "within" if seconds < target else "OVER"
            print(
                f"season of {count} events × 24 players: {seconds:.3f} s "
                f"({seconds / count * 1000:.2f} ms an event; target < {target:g} s: {verdict}; "
                f"CPU {cpu:.3f} s); "
                f"standings alone {computing * 1000:.1f} ms, printed as text "
                f"{printing * 1000:.1f} ms; {len(loaded.standings.rows)} players"
            )
        figures["target_50_s"] = TARGET_50_S
        figures["target_500_s"] = TARGET_500_S
    return figures


if __name__ == "__main__":
    main()
