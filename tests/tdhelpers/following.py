"""``tdconsole follow`` as the tests run it: in-process (its exit code and what it printed), or
in a process of its own (the Director PIN on its standard input); the feed's entries of an
event file; and the wait for what a process does."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import IO, Any

import pytest
from aiohttp.test_utils import TestServer

from tdconsole.cli import main
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.store import copying
from tdconsole.store.eventstore import EventStore
from tdhelpers.floor_browser import TESTS
from tdhelpers.floor_pins import DIRECTOR_PIN


def run_follow(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    to: Path,
    *more: str,
    pin: str = DIRECTOR_PIN,
) -> tuple[int, str, str]:
    """``tdconsole --lang en follow URL --to TO --device cassa MORE``, ``pin`` typed: its exit
    code, standard output and standard error."""
    monkeypatch.setattr("sys.stdin", io.StringIO(pin + "\n"))
    code = main(["--lang", "en", "follow", url, "--to", str(to), "--device", "cassa", *more])
    out, err = capsys.readouterr()
    return code, out, err


def follow_process(url: str, to: Path, out: IO[str], *more: str) -> subprocess.Popen[str]:
    """The same command in a process of its own, all it prints written to ``out``."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    command = [sys.executable, "-m", "tdconsole", "--lang", "en", "follow", url, "--to", str(to)]
    process = subprocess.Popen(
        [*command, "--device", "cassa", *more],
        stdin=subprocess.PIPE,
        stdout=out,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdin is not None
    process.stdin.write(DIRECTOR_PIN + "\n")
    process.stdin.close()
    return process


async def served_feed(aiohttp_server: Callable[..., Awaitable[TestServer]], event: Path) -> str:
    """The Director's server of ``event`` (aiohttp's, in the test's loop): its address."""
    server = await aiohttp_server(build_app(ServeConfig(event=event, lang="en")))
    return str(server.make_url("")).rstrip("/")


def fed(event: Path) -> tuple[list[dict[str, Any]], str, int]:
    """The feed's whole log of ``event``: its entries, the event's identity, its last entry."""
    store = EventStore(event)
    try:
        return copying.feed(store, 0), copying.identity(store), store.last_seq()
    finally:
        store.close()


def until(check: Callable[[], Any], what: str, seconds: float = 30.0) -> Any:
    """What ``check`` returns once it is true (within ``seconds``, or the test fails)."""
    deadline = time.monotonic() + seconds
    while not (found := check()):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.02)
    return found


def got(url: str) -> Any:
    """The JSON ``url`` answers (None: no answer, as from a server gone)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return json.loads(answer.read())
    except OSError:
        return None
