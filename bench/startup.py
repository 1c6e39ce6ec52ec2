"""Console start-up and key-to-repaint. Run: ``python bench/startup.py``.

1. Cold start of ``tdconsole demo`` in a pseudo-terminal of 120 × 40, two moments, both timed
   from spawning the process:
   - the **first painted frame**: the opening screen in its language ("Apertura dell'evento…"
     is written) — two plain widgets, painted before the console's modules are imported and
     before the event is opened;
   - **the event's data shown**: the first table's card ("Tavolo 1"), once the demo is built
     and the event opened in a worker thread (which also imports the console's modules) and
     the console composed with its data in place of the opening screen.
   Next to both, a minimal Textual app (one ``Static``) started the same way, in the same
   interpreter, until its one line is painted. Target: first frame at most 1.5 × the minimal
   app; the data at most 1.5 ×.
2. On a 24-player event in the middle of its evening (``evening_event``), each run
   alternating with its baseline: ``tdconsole state --json`` and ``tdconsole count NAME=N``
   (a durable write) from spawn to exit, next to ``python -c "import pydantic"`` (targets
   2.0 × and 2.5 ×), and beside them what ``from pydantic import BaseModel`` alone costs
   against the same baseline (``floor_ratio``: the least a command with pydantic models
   pays) and what defining the domain's models that event needs costs, reading nothing
   (``floor_domain_models_ratio``: the least any command on that event pays); the console
   opening that event (``tdconsole --event PATH``), its first frame and its data ("Tavolo 1")
   next to the minimal app's frame (target 1.5 × for the data), and that minimal app defining
   the event's domain models before it paints (``floor_minimal_app_with_models_ratio``: the
   least the data can cost). Everything runs with its bytecode cached, as an installed
   package has it (a ``PYTHONDONTWRITEBYTECODE`` of the caller is dropped, a first run
   writes it).
3. Key press to repainted screen for an elimination with 24 players, in the same
   pseudo-terminal: from the Enter in the elimination dialog until the repainted screen (the
   notification with the place) is written. Target: ≤ 50 ms. In-process, the parts: the
   service call, and handing the new State down to every view.

Prints medians; ``main() -> dict`` for ``python -m bench``. Never asserts.
"""

from __future__ import annotations

import asyncio
import gc
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

try:  # POSIX's alone: the pseudo-terminal the console is measured in, children's CPU time
    import fcntl
    import pty
    import resource
    import termios
except ImportError:  # Windows
    raise SystemExit(
        "this bench measures the console in a pseudo-terminal, which Windows does not have: "
        "run it on Linux or macOS"
    ) from None

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "9"))
KEY_ROUNDS = int(os.environ.get("BENCH_KEY_ROUNDS", "20"))
TIMEOUT = 30.0
COLS, ROWS = 120, 40

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("Tavolo 1")

Minimal().run()
"""


class PtySession:
    """A process on a pseudo-terminal of COLS × ROWS, read as a person's terminal would be."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the terminal is the pty
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        self.seen = b""

    def wait_for(self, marker: bytes, timeout: float = TIMEOUT) -> float:
        """Seconds until ``marker`` is written (NaN on timeout); the buffer restarts after it."""
        started = time.perf_counter()
        while time.perf_counter() - started < timeout:
            found = self.seen.find(marker)
            if found >= 0:
                self.seen = self.seen[found + len(marker) :]
                return time.perf_counter() - started
            ready, _, _ = select.select([self.fd], [], [], 0.01)
            if ready:
                try:
                    self.seen = self.seen[-8192:] + os.read(self.fd, 65536)
                except OSError:
                    break
        return float("nan")

    def wait_for_all(self, markers: list[bytes], timeout: float = TIMEOUT) -> float:
        """Seconds until every one of ``markers`` has been written since the last ``send``
        (NaN on timeout); the buffer restarts after the last."""
        started = time.perf_counter()
        seen = b""
        while time.perf_counter() - started < timeout:
            seen += self.seen
            self.seen = b""
            if all(marker in seen for marker in markers):
                return time.perf_counter() - started
            ready, _, _ = select.select([self.fd], [], [], 0.01)
            if ready:
                try:
                    self.seen = os.read(self.fd, 65536)
                except OSError:
                    break
        return float("nan")

    def send(self, keys: bytes) -> None:
        self.seen = b""
        os.write(self.fd, keys)

    def drain(self, seconds: float = 0.1) -> None:
        self.wait_for(b"\x00never\x00", seconds)
        self.seen = b""

    def close(self) -> None:
        os.kill(self.pid, signal.SIGTERM)
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            done, _ = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.02)
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_frame(argv: list[str], marker: bytes, env: dict[str, str]) -> float:
    """Seconds from spawn until ``marker`` is painted."""
    return moments(argv, [marker], env)[0]


def moments(argv: list[str], markers: list[bytes], env: dict[str, str]) -> list[float]:
    """Seconds from spawn until each of ``markers`` is painted, in that order."""
    session = PtySession(argv, env)
    try:
        out = []
        for marker in markers:
            session.wait_for(marker)
            out.append(time.perf_counter() - session.started)
        return out
    finally:
        session.close()


def environment() -> dict[str, str]:
    """A data folder of its own; bytecode cached as an installed package has it (pip compiles
    at install: a caller's ``PYTHONDONTWRITEBYTECODE`` would compile every module at every
    start, which no user's terminal does)."""
    data = tempfile.mkdtemp(prefix="tdc-bench-")
    env = dict(os.environ, TDCONSOLE_DATA_DIR=data, TERM="xterm-256color")
    env.pop("TDCONSOLE_EVENT", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def tdconsole_exe() -> str:
    return shutil.which("tdconsole", path=str(Path(sys.executable).parent)) or "tdconsole"


def console_argv() -> list[str]:
    return [tdconsole_exe(), "demo"]


def evening_event(path: Path, moves: int = 16, seed: int = 3) -> Path:
    """A 24-player event in the middle of its evening: registered, paid, drawn, started, the
    clock running, then ``moves`` moves of play (counts, second stacks, clock changes,
    eliminations), every one through the service."""
    import random

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.workload import StepClock, play_event
    from tdconsole.service import Tournament
    from tdconsole.store.settings_file import load_settings

    service = Tournament.create(
        path, "bench", load_settings(), clock=StepClock(), rng=random.Random(seed)
    )
    try:
        play_event(service, 24, seed, moves=moves)
    finally:
        service.close()
    return path


FRAME_MARKER = b"Apertura dell"
"""In the first frame: the opening screen's "Apertura dell'evento…", in Italian."""
DATA_MARKER = b"Tavolo 1"
"""Written once the event is open: the first table's card."""


def startup_figures(rounds: int = ROUNDS) -> dict[str, Any]:
    env = environment()
    minimal = [sys.executable, "-c", MINIMAL_APP]
    console = console_argv()
    first_frame(minimal, b"Tavolo 1", env)  # warm the file cache for both
    moments(console, [FRAME_MARKER, DATA_MARKER], env)
    base, frame, data = [], [], []
    for _ in range(rounds):
        base.append(first_frame(minimal, b"Tavolo 1", env))
        ours = moments(console, [FRAME_MARKER, DATA_MARKER], env)
        frame.append(ours[0])
        data.append(ours[1])
    shutil.rmtree(env["TDCONSOLE_DATA_DIR"], ignore_errors=True)
    m_base, m_frame, m_data = (statistics.median(v) for v in (base, frame, data))
    return {
        "minimal_app_first_frame_s": m_base,
        "demo_first_frame_s": m_frame,
        "first_frame_ratio": m_frame / m_base,
        "first_frame_ratio_target": 1.5,
        "demo_data_shown_s": m_data,
        "data_shown_ratio": m_data / m_base,
        "data_shown_ratio_target": DATA_TARGET,
    }


BASELINE = "import pydantic"
"""What every command pays anyway: the interpreter and pydantic's import."""
FLOOR = "from pydantic import BaseModel"
"""Shown beside the targets: what any program pays before its first model is defined."""
STATE_TARGET, COUNT_TARGET, DATA_TARGET = 2.0, 2.5, 1.5


def models_floor(path: Path) -> str:
    """A program that only defines the domain's models the event at ``path`` needs (the State
    and its Settings, and the module of each type of event its log holds), reading nothing:
    what every command on that event pays before it opens the file."""
    import sqlite3

    from tdconsole.domain.events import EVENT_MODULES

    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        types = {row[0] for row in connection.execute("SELECT DISTINCT type FROM events")}
    finally:
        connection.close()
    modules = sorted({"state", *(EVENT_MODULES[t] for t in types)})
    return "import " + ", ".join(f"tdconsole.domain.{m}" for m in modules)


CPU_SECONDS: dict[str, list[float]] = {}
"""The CPU time (user + system) of each command run by ``_run_s``, by its kind: steadier than
the wall time on a machine shared with other work, shown beside it."""


def _run_s(argv: list[str], env: dict[str, str], kind: str = "") -> float:
    """Seconds from spawn to exit of one command; a failure is an error, never a figure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
        raise RuntimeError(f"{' '.join(argv[1:])}: exit {done.returncode}: {tail[0]}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    CPU_SECONDS.setdefault(kind, []).append(cpu)
    return elapsed


def command_figures(rounds: int = ROUNDS) -> dict[str, Any]:
    """``state --json`` and ``count NAME=N`` on a 24-player event in its evening, each from
    spawn to exit, in rounds alternating with ``python -c "import pydantic"``; and the console
    opening that event (its first frame, then its data), next to a minimal Textual app."""
    env = environment()
    folder = Path(env["TDCONSOLE_DATA_DIR"])
    path = evening_event(folder / "evening.tdc")
    from tdconsole.service import Tournament

    service = Tournament.open(path)
    try:
        player = max(service.state.in_players(), key=lambda p: p.chips or 0)
        name, chips = player.name, player.chips or 0
        events = service.state.last_seq
    finally:
        service.close()
    exe = tdconsole_exe()
    baseline = [sys.executable, "-c", BASELINE]
    floor = [sys.executable, "-c", FLOOR]
    models = [sys.executable, "-c", models_floor(path)]
    state = [exe, "--event", str(path), "state", "--json"]
    count = [exe, "--event", str(path), "count", f"{name}={chips}"]
    console = [exe, "--event", str(path)]
    minimal = [sys.executable, "-c", MINIMAL_APP]
    for argv in (baseline, floor, models, state, count):  # bytecode written, files cached
        _run_s(argv, env)
    # The same minimal app defining the domain's models before it paints: the least the
    # console's data can cost, before the event is read or the console composed.
    minimal_models = [sys.executable, "-c", f"{models_floor(path)}\n{MINIMAL_APP}"]
    moments(console, [FRAME_MARKER, DATA_MARKER], env)
    first_frame(minimal, b"Tavolo 1", env)
    first_frame(minimal_models, b"Tavolo 1", env)
    app_models: list[float] = []
    base, floors, reads, writes, app_base, frame, data = [], [], [], [], [], [], []
    model_floors: list[float] = []
    for _ in range(rounds):
        base.append(_run_s(baseline, env, "baseline"))
        floors.append(_run_s(floor, env, "floor"))
        model_floors.append(_run_s(models, env, "models"))
        reads.append(_run_s(state, env, "state"))
        writes.append(_run_s(count, env, "count"))
        app_base.append(first_frame(minimal, b"Tavolo 1", env))
        app_models.append(first_frame(minimal_models, b"Tavolo 1", env))
        ours = moments(console, [FRAME_MARKER, DATA_MARKER], env)
        frame.append(ours[0])
        data.append(ours[1])
    shutil.rmtree(folder, ignore_errors=True)
    m_base, m_floor, m_models, m_read, m_write = (
        statistics.median(v) for v in (base, floors, model_floors, reads, writes)
    )
    m_app, m_frame, m_data = (statistics.median(v) for v in (app_base, frame, data))
    cpu = {kind: statistics.median(CPU_SECONDS[kind]) for kind in ("baseline", "state", "count")}
    return {
        "command_event_events": events,
        "baseline_import_pydantic_s": m_base,
        "floor_from_pydantic_import_basemodel_s": m_floor,
        "floor_ratio": m_floor / m_base,
        "floor_domain_models_s": m_models,
        "floor_domain_models_ratio": m_models / m_base,
        "state_json_s": m_read,
        "state_json_ratio": m_read / m_base,
        "state_json_ratio_target": STATE_TARGET,
        "count_s": m_write,
        "count_ratio": m_write / m_base,
        "count_ratio_target": COUNT_TARGET,
        "state_json_cpu_ratio": cpu["state"] / cpu["baseline"],
        "count_cpu_ratio": cpu["count"] / cpu["baseline"],
        "open_minimal_app_first_frame_s": m_app,
        "open_first_frame_s": m_frame,
        "open_first_frame_ratio": m_frame / m_app,
        "open_data_shown_s": m_data,
        "open_data_shown_ratio": m_data / m_app,
        "open_data_shown_ratio_target": DATA_TARGET,
        "floor_minimal_app_with_models_s": statistics.median(app_models),
        "floor_minimal_app_with_models_ratio": statistics.median(app_models) / m_app,
    }


def key_to_repaint_ms(
    session: PtySession,
    rounds: int,
    undo: bool = True,
    timeout: float = 5.0,
    names: list[str] | None = None,
) -> list[float]:
    """``rounds`` eliminations in a console showing a 24-player event: each time from the
    Enter in the elimination dialog (its player the one selected, the second stack declined)
    until the notification with the place ("24°") and the title bar's count of players in play
    ("23/24") are painted (NaN: not within ``timeout``, and an Escape closes what is left
    open); then the console's ``u`` puts the player back, waited for until the title bar says
    "24/24" again. The title bar's count is what shows the round's own repaint: a notice of
    an earlier round ("24°", "Annullato") still shows for seconds and is painted again with
    anything near it, and waiting for it alone ran ahead of the console, typing the next
    round's keys into a dialog still open. Without ``undo`` the players stay out: the
    cursor stays on the emptied seat, and a Right moves it to the next player of the table, who
    is busted next (places 24°, 23°, …). (Under the phones' load ``u`` cannot put the player
    back: the last action is then a phone's count, which ``u`` names instead of undoing it.)
    With ``names``, round ``i`` busts ``names[i]``, typed in the dialog's name field in place
    of the selected player's (any table's, as a Director types a name)."""
    times: list[float] = []
    for i in range(rounds):
        if i and not undo and names is None:
            session.send(b"\x1b[C")  # Right: the next seat's player
            session.drain(0.1)
        session.send(b"e")
        session.wait_for(b"III.2", timeout)
        if names is not None:
            # ctrl+a, ctrl+k: the name field emptied; then the name, as typed. (Apart, as a
            # person types them: in one burst Textual would insert the letters before the
            # two keys' actions, which come back up from the field as bindings, ran.)
            session.send(b"\x01")
            session.drain(0.05)
            session.send(b"\x0b")
            session.drain(0.05)
            session.send(names[i].encode())
            session.drain(0.15)
        session.send(b"\x12")  # ctrl+r: declined the second stack
        session.drain(0.15)
        session.send(b"\r")
        out = 0 if undo else i
        place, playing = f"{24 - out}°", f"{23 - out}/24 "
        took = session.wait_for_all([place.encode(), playing.encode()], timeout)
        times.append(took * 1000)
        if took != took:
            session.send(b"\x1b")  # Escape: a dialog left open (a refusal) is closed
        session.drain(0.1)
        if undo:
            session.send(b"u")
            session.wait_for(b"Annullare", timeout)  # the undo asks first: Enter answers
            session.send(b"\r")
            session.wait_for_all([b"Annullato", b"24/24 "], timeout)
        session.drain(0.2)
    return times


def key_figures(rounds: int = KEY_ROUNDS) -> dict[str, Any]:
    """Enter in the elimination dialog until the notification with the place is painted
    (the dialog gone, the tables, room and clock repainted with 23 players)."""
    env = environment()
    session = PtySession(console_argv(), env)
    try:
        session.wait_for(b"Tavolo 1")
        session.drain(0.5)
        times = key_to_repaint_ms(session, rounds)
    finally:
        session.close()
        shutil.rmtree(env["TDCONSOLE_DATA_DIR"], ignore_errors=True)
    return {
        "elimination_key_to_repaint_ms": statistics.median(times),
        "elimination_key_to_repaint_max_ms": max(times),
        "key_to_repaint_target_ms": 50.0,
    }


async def _in_process_ms(rounds: int) -> dict[str, float]:
    """The work behind the keys, in-process (120 x 40, notices shown as in a terminal): the
    service call and the views handed the State; the CPU of an elimination dialog opened and
    closed (``e``, Escape), and of its Enter (the second stack declined) until the console is at
    rest again (the dialog gone, the views, the notice, the repaint). Textual's pilot waits
    for rest after each key, with CPU of its own: ``idle_key_cpu_ms`` is that of a key that
    does nothing, to be taken off each key's figure (``*_net_ms``). And the pause of a full
    collection of Python's collector after five eliminations and their undos, with every
    object walked and with the start's objects set aside (``full_collection_settled_ms``,
    ``tdconsole.ui.app.settled_heap``): each such pause holds a key's repaint back."""
    from datetime import UTC, datetime

    from tdconsole.demo import build_demo
    from tdconsole.domain.play import Bust
    from tdconsole.service import Tournament
    from tdconsole.ui.app import build_app, settled_heap

    now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    folder = Path(tempfile.mkdtemp(prefix="tdc-bench-"))
    os.environ["TDCONSOLE_DATA_DIR"] = str(folder)
    path = build_demo(folder / "demo.tdc", now=now)
    service = Tournament.open(path, clock=lambda: now)
    app = build_app(service, lambda: now)
    execute_ms, views_ms, dialog_ms, enter_ms, idle_ms = [], [], [], [], []
    async with app.run_test(size=(COLS, ROWS), notifications=True) as pilot:

        async def press(*keys: str) -> float:
            """The CPU (ms) of ``keys``, each pressed once the console is at rest."""
            started = time.process_time()
            for key in keys:
                await pilot.press(key)
                waiting = app.keys.waiting  # a key letter pressed alone: it acts now, as it
                if waiting is not None:  # would once the type-ahead's window has passed
                    await app.keys.lapse(waiting.number)
                for _ in range(3):
                    await pilot.pause()
            return (time.process_time() - started) * 1000

        await press()
        # The first opening and the first Enter import the dialog's and the notices'
        # modules: not counted.
        for i in range(rounds + 1):
            idle = await press("f12")  # no binding: the pilot's own waiting
            dialog = await press("e", "escape")
            await press("e", "ctrl+r")
            in_play = service.state.in_play
            enter = await press("enter")
            if service.state.in_play != in_play - 1:  # (the player under the cursor)
                raise RuntimeError("the elimination was not recorded")
            await press("u")
            if type(app.screen).__name__ == "ConfirmDialog":  # the undo asked: Enter
                await press("enter")
            if i:
                idle_ms.append(idle)
                dialog_ms.append(dialog)
                enter_ms.append(enter)
        # A full collection of Python's collector after five eliminations and their undos
        # (what they leave for it), walking every object alive, and with the start's objects
        # set aside (``settled_heap``: the console run from the command line, once its event
        # is shown).
        full_gc_ms, settled_gc_ms = [], []
        for out in (full_gc_ms, settled_gc_ms, full_gc_ms, settled_gc_ms):
            gc.collect()
            if out is settled_gc_ms:
                settled_heap()
            for _ in range(5):
                service.execute(Bust(names=["Moretti"], declined=True))
                app.refresh_views()
                await pilot.pause()
                service.undo()
                app.refresh_views()
                await pilot.pause()
            out.append(_collect_ms())
            gc.unfreeze()
        for _ in range(rounds):
            t0 = time.perf_counter()
            service.execute(Bust(names=["Moretti"], declined=True))
            t1 = time.perf_counter()
            app.refresh_views()
            t2 = time.perf_counter()
            execute_ms.append((t1 - t0) * 1000)
            views_ms.append((t2 - t1) * 1000)
            await pilot.pause()
            service.undo()
            app.refresh_views()
            await pilot.pause()
    service.close()
    shutil.rmtree(folder, ignore_errors=True)
    idle = statistics.median(idle_ms)
    return {
        "elimination_service_ms": statistics.median(execute_ms),
        "elimination_views_ms": statistics.median(views_ms),
        "idle_key_cpu_ms": idle,
        "dialog_open_close_cpu_ms": statistics.median(dialog_ms),
        "dialog_open_close_cpu_net_ms": statistics.median(dialog_ms) - 2 * idle,
        "elimination_enter_cpu_ms": statistics.median(enter_ms),
        "elimination_enter_cpu_net_ms": statistics.median(enter_ms) - idle,
        "full_collection_ms": statistics.median(full_gc_ms),
        "full_collection_settled_ms": statistics.median(settled_gc_ms),
    }


def _collect_ms() -> float:
    started = time.perf_counter()
    gc.collect()
    return (time.perf_counter() - started) * 1000


def _rss_mb(pid: int) -> float:
    """Resident memory of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS line")


def memory_figures(rounds: int = 3) -> dict[str, Any]:
    """RSS of the console showing the demo event (target ≤ 80 MB), next to the minimal app."""
    env = environment()
    ours, base = [], []
    for _ in range(rounds):
        for argv, marker, out in (
            (console_argv(), DATA_MARKER, ours),
            ([sys.executable, "-c", MINIMAL_APP], b"Tavolo 1", base),
        ):
            session = PtySession(argv, env)
            try:
                session.wait_for(marker)
                session.drain(0.5)  # settled: the other tabs mounted, the first polls done
                out.append(_rss_mb(session.pid))
            finally:
                session.close()
    shutil.rmtree(env["TDCONSOLE_DATA_DIR"], ignore_errors=True)
    return {
        "console_rss_mb": statistics.median(ours),
        "console_rss_target_mb": 80.0,
        "minimal_app_rss_mb": statistics.median(base),
    }


def main() -> dict[str, Any]:
    result: dict[str, Any] = {}
    result.update(startup_figures())
    result.update(command_figures())
    result.update(memory_figures())
    result.update(key_figures())
    result.update(asyncio.run(_in_process_ms(KEY_ROUNDS)))
    return result


if __name__ == "__main__":
    # ``--in-process``: the figures of the keys' work in-process alone (about 20 s).
    in_process = "--in-process" in sys.argv
    figures = asyncio.run(_in_process_ms(KEY_ROUNDS)) if in_process else main()
    for key, value in figures.items():
        print(f"{key:<36} {value:.3f}" if isinstance(value, float) else f"{key:<36} {value}")
