"""The real command line, in a process of its own, on a system without POSIX's own modules
and calls (``windows_like``): an evening's commands all work, ``serve`` serves the room's
display, and the refusals that protect the files still hold."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from tdconsole.cli import main

LAUNCHER = Path(__file__).with_name("windows_like.py")
Run = Callable[..., subprocess.CompletedProcess[str]]

EVENING_CODE = """
import contextlib, io, json, sys
from tdconsole.cli import main
done = []
for argv in json.loads(sys.argv[3]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    done.append([argv, code, err.getvalue()])
print(json.dumps(done))
"""


@pytest.fixture
def run(data_dir: Path, tmp_path: Path) -> Run:
    env = {**os.environ, "TDCONSOLE_DATA_DIR": str(data_dir)}

    def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(LAUNCHER), *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=timeout,  # (a FIFO waited on would hang here)
        )

    return run


def evening(run: Run, *argvs: list[str]) -> list[tuple[list[str], int, str]]:
    """Each command line run in turn by ``main`` in one Windows-like process."""
    result = run("-c", EVENING_CODE, json.dumps(argvs))
    assert result.returncode == 0, result.stderr
    return [(argv, code, err) for argv, code, err in json.loads(result.stdout)]


def new_event(tmp_path: Path) -> Path:
    """An event made here (the evening's test makes its own in the Windows-like process)."""
    event = tmp_path / "serata.tdc"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", str(event)]) == 0
    return event


def test_every_module_imports_without_posix_parts(run: Run) -> None:
    code = (
        "import importlib, os\n"
        "for name in ('fcntl', 'resource', 'pwd', 'grp', 'termios'):\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError:\n"
        "        continue\n"
        "    raise SystemExit(name + ' imports')\n"
        "for name in ('statvfs', 'geteuid', 'getuid', 'O_NOFOLLOW', 'O_NONBLOCK'):\n"
        "    assert not hasattr(os, name), name\n"
        "import pkgutil, tdconsole\n"
        "for module in pkgutil.walk_packages(tdconsole.__path__, 'tdconsole.'):\n"
        "    if not module.name.endswith('__main__'):  # (that one runs the command line)\n"
        "        importlib.import_module(module.name)\n"
    )
    result = run("-c", code)
    assert result.returncode == 0, result.stderr


def test_an_evening_runs_whole(run: Run, tmp_path: Path) -> None:
    event = tmp_path / "serata.tdc"
    on = ["--lang", "en", "--event", str(event)]
    names = ["Anna", "Bruno", "Carla", "Dario"]
    done = evening(
        run,
        ["--lang", "en", "new", str(event)],
        [*on, "register", *names],
        [*on, "pay", *names],
        [*on, "draw", "--seed", "1"],
        [*on, "start", "--stack", "10000", "--bb", "100"],
        [*on, "clock", "start"],
        [*on, "clock"],
        [*on, "bust", "Anna"],
        [*on, "count", "Bruno=12000"],
        [*on, "undo"],
        [*on, "print", "standings", "-o", str(tmp_path / "standings.txt")],
        [*on, "export", "-o", str(tmp_path / "serata.json")],
        [*on, "backups"],
        ["--lang", "en", "season", "new", str(tmp_path / "club"), "--name", "Club"],
        [
            "--lang",
            "en",
            "season",
            "--season",
            str(tmp_path / "club.season.toml"),
            "add",
            str(event),
        ],
        [*on, "state", "--json"],
    )
    failed = [(argv, code, err) for argv, code, err in done if code != 0]
    assert not failed
    assert "Anna" in (tmp_path / "standings.txt").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "serata.json").read_text(encoding="utf-8"))
    assert "serata.tdc" in (tmp_path / "club.season.toml").read_text(encoding="utf-8")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_shows_the_room_display_and_stops_on_ctrl_c(
    run: Run, tmp_path: Path, data_dir: Path
) -> None:
    event = new_event(tmp_path)
    serve = ["--lang", "en", "--event", str(event), "serve", "--port", str(free_port())]
    server = subprocess.Popen(
        [sys.executable, str(LAUNCHER), *serve],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TDCONSOLE_DATA_DIR": str(data_dir)},
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        for line in server.stdout:  # (it prints the addresses once it listens)
            if "/display" in line:
                url = line.split()[-1]
                break
        else:
            pytest.fail(f"serve ended: {server.wait()} {server.stderr.read()}")  # type: ignore[union-attr]
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200
            assert "<html" in response.read().decode("utf-8").lower()
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def test_a_link_in_place_of_the_event_file_is_refused(run: Run, tmp_path: Path) -> None:
    event = new_event(tmp_path)
    link = tmp_path / "link.tdc"
    link.symlink_to(event)
    before = event.read_bytes()
    result = run("--lang", "en", "--event", str(link), "register", "Anna")
    assert result.returncode == 2
    assert "is a link to another file" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert link.is_symlink() and event.read_bytes() == before


def test_an_existing_output_is_never_replaced(run: Run, tmp_path: Path) -> None:
    event = new_event(tmp_path)
    on = ["--lang", "en", "--event", str(event)]
    taken = tmp_path / "taken.txt"
    taken.write_text("the Director's own notes", encoding="utf-8")
    done = evening(
        run, [*on, "print", "standings", "-o", str(taken)], [*on, "export", "-o", str(taken)]
    )
    for _argv, code, err in done:
        assert code == 2 and "already exists" in err
    assert taken.read_text(encoding="utf-8") == "the Director's own notes"


def test_a_fifo_is_refused_and_never_waited_on(run: Run, tmp_path: Path) -> None:
    fifo = tmp_path / "serata.json"
    os.mkfifo(fifo)
    result = run("--lang", "en", "import", str(fifo), "--to", str(tmp_path / "new.tdc"))
    assert result.returncode == 2
    assert "is not a regular file" in result.stderr
    assert not (tmp_path / "new.tdc").exists()


HOLD_CODE = """
import sys
from pathlib import Path
from tdconsole.season.seasonfile import changing_season
with changing_season(Path(sys.argv[3])):
    print("held", flush=True)
    sys.stdin.read()  # (until the test closes it)
"""

SECOND_CODE = """
import sys
from tdconsole.cli import main
from tdconsole.season import seasonfile
seasonfile.BUSY_SECONDS = 0.0
sys.exit(main(["--lang", "en", "season", "--season", sys.argv[3], "set", "best=2"]))
"""


def test_a_second_terminal_changing_the_season_is_refused(
    run: Run, tmp_path: Path, data_dir: Path
) -> None:
    result = run("--lang", "en", "season", "new", str(tmp_path / "club"), "--name", "Club")
    assert result.returncode == 0, result.stderr
    season = tmp_path / "club.season.toml"
    before = season.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, str(LAUNCHER), "-c", HOLD_CODE, str(season)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "TDCONSOLE_DATA_DIR": str(data_dir)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        second = run("-c", SECOND_CODE, str(season))
    finally:
        holder.communicate(timeout=60)
    assert second.returncode == 2
    assert second.stderr.strip().endswith(
        "another terminal is still changing the season: try again in a moment"
    )
    assert season.read_bytes() == before
    third = run("-c", SECOND_CODE, str(season))  # once it is let go
    assert third.returncode == 0, third.stderr
