"""An evening's smoke test of the installed command line, on any system: new, register, pay,
draw, start, bust, print, then ``serve`` fetched and stopped, and the event read again.

    .venv/bin/python .ci/smoke.py            # Linux, macOS
    .venv\\Scripts\\python .ci\\smoke.py      # Windows

Runs the ``tdconsole`` installed beside this Python (its venv's), in a folder and a data folder
of its own; exits 1 at the first step that fails, saying which.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
from pathlib import Path

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ivo", "Luca", "Marta"]
NAMES += ["Nadia", "Łukasz Dvořák"]  # (a name cp1252 cannot write)
WAIT_SECONDS = 60
"""How long ``serve`` is given to listen and to stop (a busy runner is slow)."""


def command() -> list[str]:
    name = "tdconsole.exe" if os.name == "nt" else "tdconsole"
    found = Path(sysconfig.get_path("scripts")) / name
    if not found.exists():
        sys.exit(f"smoke: no {found}: install the package in this Python's environment first")
    return [str(found)]


def run(env: dict[str, str], *args: str) -> str:
    """``tdconsole args`` (what it prints), or exit saying what failed."""
    done = subprocess.run(
        [*command(), "--lang", "en", *args],
        capture_output=True,
        env=env,
        timeout=WAIT_SECONDS * 2,
    )
    out = done.stdout.decode("utf-8", "replace")
    if done.returncode != 0:
        err = done.stderr.decode("utf-8", "replace")
        sys.exit(f"smoke: tdconsole {' '.join(args)} exited {done.returncode}\n{out}{err}")
    return out


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=WAIT_SECONDS) as response:
        if response.status != 200:
            sys.exit(f"smoke: {url} answered {response.status}")
        return bytes(response.read())


def serve(env: dict[str, str], event: Path) -> None:
    """``serve`` on a free port: the room's display and its JSON fetched, then stopped as
    Ctrl+C stops it (on Windows, where no Ctrl+C reaches another console's process, ended)."""
    port = free_port()
    address = ["--host", "127.0.0.1", "--port", str(port)]
    windows = os.name == "nt"
    server = subprocess.Popen(
        [*command(), "--lang", "en", "--event", str(event), "serve", *address],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) if windows else 0,
    )
    try:
        assert server.stdout is not None
        for raw in server.stdout:  # (it prints its addresses once it listens)
            if b"/display" in raw:
                break
        else:
            err = server.stderr.read().decode("utf-8", "replace")  # type: ignore[union-attr]
            sys.exit(f"smoke: serve ended ({server.wait()}) before listening\n{err}")
        base = f"http://127.0.0.1:{port}"
        if b"<html" not in fetch(f"{base}/display").lower():
            sys.exit("smoke: /display is not a page")
        room = json.loads(fetch(f"{base}/api/room"))
        if not isinstance(room, dict):
            sys.exit(f"smoke: /api/room gave {room!r}")
        if windows:
            server.terminate()
        else:
            server.send_signal(signal.SIGINT)
        code = server.wait(timeout=WAIT_SECONDS)
        if not windows and code != 0:
            sys.exit(f"smoke: serve stopped with {code}")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def main() -> int:
    started = time.monotonic()
    # (on Windows a file a killed serve held may still be closing: its folder is left then)
    with tempfile.TemporaryDirectory(prefix="smoke-", ignore_cleanup_errors=True) as scratch:
        folder = Path(scratch)
        env = {**os.environ, "TDCONSOLE_DATA_DIR": str(folder / "data")}
        event = folder / "evening.tdc"
        on = ["--event", str(event)]
        print(run(env, "--version").strip(), flush=True)
        run(env, "new", str(event), "--name", "Smoke test")
        run(env, *on, "register", *NAMES)
        run(env, *on, "pay", *NAMES)
        run(env, *on, "draw", "--seed", "1")
        run(env, *on, "start", "--stack", "10000", "--bb", "100")
        run(env, *on, "bust", "Anna", "--declined")
        standings = run(env, *on, "print", "standings")
        if "Łukasz Dvořák" not in standings:
            sys.exit(f"smoke: the standings printed lack a name\n{standings}")
        run(env, *on, "print", "seating", "--format", "pdf", "-o", str(folder / "seating.pdf"))
        if not (folder / "seating.pdf").read_bytes().startswith(b"%PDF"):
            sys.exit("smoke: seating.pdf is not a PDF")
        serve(env, event)
        state = json.loads(run(env, *on, "state", "--json"))
        out = [p["name"] for p in state["players"] if p["status"] == "out"]
        if state["phase"] != "elimination" or out != ["Anna"]:
            sys.exit(f"smoke: the event after serve reads {state['phase']}, out: {out}")
    print(f"smoke: an evening ran, serve answered and stopped ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
