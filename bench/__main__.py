"""``python -m bench``: every speed figure of the console with its target, and the keys of a
whole evening.

Prints the medians of several runs, the target, and where the target is a ratio, the baseline
measured in the same run and the ratio to it. The clock drift, reports, console start-up,
rulebook search, season and whole-evening benches are their own scripts
(``bench/<name>.py: main() -> dict``); each runs here in a fresh process, under its own name
in the ``bench`` package, with a data folder and a temporary folder of its own outside the
checkout, removed after it. ``--quick`` runs fewer and smaller rounds, ``--json`` prints one
JSON document, ``--only NAME`` (``core`` or one of ``SCRIPTS``) limits the run.
Never asserts: exit 0 always, unless the runner itself breaks.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("tdconsole") is None:  # run from a checkout without install
    sys.path.insert(0, str(ROOT))

from bench.core import Figure, append_figures, draw_figures, open_figures  # noqa: E402

SCRIPTS = (
    "calculator",
    "clock_drift",
    "reports",
    "startup",
    "search_keys",
    "rules_search",
    "season",
    "serve",
    "room",
    "players",
    "floor_flood",
    "copy",
    "evening",
    "take_over",
)

HELPERS = ("core", "served", "workload", "evening_keys")
"""Modules of the package that the benches share: no ``main()`` of their own."""

# Imported by its package name, as ``python bench/NAME.py`` would register it: a dataclass
# looks its module up in ``sys.modules`` when it is built.
_RUN_SCRIPT = """
import importlib, json, sys
result = importlib.import_module("bench." + sys.argv[1]).main()
print("\\n@@BENCH@@" + json.dumps(result, default=str))
"""


LONG = ("serve", "evening", "startup")
"""The scripts given ten minutes (the others four)."""


def run_script(name: str, timeout: float) -> dict[str, Any] | None:
    """Another bench's ``main()`` in a fresh process (its own memory and import times)."""
    if not (ROOT / "bench" / f"{name}.py").is_file():
        return None
    started = time.perf_counter()
    # Whatever the bench writes (events, backups, folders it forgets) lands in here.
    with tempfile.TemporaryDirectory(prefix="tdc-bench-", ignore_cleanup_errors=True) as tmp:
        env = dict(os.environ, TDCONSOLE_DATA_DIR=str(Path(tmp) / "data"))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
        for variable in ("TMPDIR", "TEMP", "TMP"):
            env[variable] = tmp
        try:
            done = subprocess.run(
                [sys.executable, "-c", _RUN_SCRIPT, name],
                capture_output=True,
                text=True,
                timeout=timeout,
                cwd=ROOT,
                env=env,
            )
        except subprocess.TimeoutExpired:
            return {"error": f"did not finish within {timeout:.0f} s"}
    marker = done.stdout.rfind("@@BENCH@@")
    if done.returncode != 0 or marker < 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        return {"error": f"exit {done.returncode}: {tail[0]}"}
    result: dict[str, Any] = json.loads(done.stdout[marker + len("@@BENCH@@") :])
    result.setdefault("bench_seconds", time.perf_counter() - started)
    return result


def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "–"
    if unit == "ms" and value < 1:
        return f"{value * 1000:.0f} µs"
    if unit == "ms":
        return f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"
    return f"{value:.3g} {unit}"


def print_figures(title: str, figures: list[Figure]) -> None:
    print(f"\n{title}")
    for f in figures:
        target = f"< {_fmt(f.target, f.unit)}" if f.target is not None else ""
        ratio = ""
        if f.ratio is not None:
            ratio = f"× {f.ratio:.2f} of {_fmt(f.baseline, f.unit)}"
            if f.ratio_target is not None:
                ratio += f" (≤ {f.ratio_target:g})"
        mark = {True: "ok", False: "MISSED", None: ""}[f.ok]
        print(f"  {f.name}")
        print(f"      {_fmt(f.value, f.unit):>10}  {target:<10} {ratio:<34} {mark}")
        if f.baseline_name and f.ratio is not None:
            print(f"      baseline: {f.baseline_name}")
        if f.note:
            print(f"      {f.note}")


def print_script(name: str, result: dict[str, Any] | None) -> None:
    if result is None:
        print(f"\n{name}: bench/{name}.py not present")
        return
    print(f"\n{name} (bench/{name}.py)")
    if "error" in result:
        print(f"  failed: {result['error']}")
        return
    for key, value in result.items():
        target = result.get(f"{key}_target")
        mark = ""
        if isinstance(value, float) and isinstance(target, (int, float)):
            mark = f"  (≤ {target:g}) " + ("ok" if value <= target else "MISSED")
        if isinstance(value, float):
            value = f"{value:.3f}"
        elif isinstance(value, (dict, list)):
            value = json.dumps(value)[:100]
        print(f"  {key:<32} {value}{mark}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, smaller rounds")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--only", choices=("core", *SCRIPTS), action="append")
    args = parser.parse_args(argv)
    chosen = set(args.only or ("core", *SCRIPTS))
    started = time.perf_counter()
    report: dict[str, Any] = {
        "machine": (
            f"{platform.machine()}, {os.cpu_count()} cpu, Python {platform.python_version()}"
        ),
        "quick": args.quick,
    }
    if not args.json:
        print(f"tdconsole bench — {report['machine']}{' (quick)' if args.quick else ''}")
    if "core" in chosen:
        kept = os.environ.get("TDCONSOLE_DATA_DIR")
        with tempfile.TemporaryDirectory(prefix="tdc-bench-", ignore_cleanup_errors=True) as tmp:
            work = Path(tmp)
            os.environ["TDCONSOLE_DATA_DIR"] = str(work / "data")  # backups stay in here
            sections = (
                ("Open and replay", lambda: open_figures(work, args.quick)),
                ("Durable appends", lambda: append_figures(work, args.quick)),
                ("Draws, closing plans and views at any size", lambda: draw_figures(args.quick)),
            )
            for title, run in sections:
                figures = run()
                report.setdefault("core", {})[title] = [f.as_dict() for f in figures]
                if not args.json:
                    print_figures(title, figures)
        # The benches after this one must not write backups into a removed folder.
        if kept is None:
            os.environ.pop("TDCONSOLE_DATA_DIR")
        else:
            os.environ["TDCONSOLE_DATA_DIR"] = kept
    for name in SCRIPTS:
        if name in chosen:
            # serve signs 60 phones in and measures the console beside them, evening presses
            # a whole evening's keys one by one, startup spawns the console tens of times:
            # longer.
            result = run_script(name, timeout=600 if name in LONG else 240)
            report[name] = result
            if not args.json:
                print_script(name, result)
    report["bench_seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        json.dump(report, sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    else:
        print(f"\nbench time {report['bench_seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
