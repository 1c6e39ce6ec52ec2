"""The event file deleted, moved or replaced while ``tdconsole serve`` runs, over real sockets:
the count a phone sends next is refused with one line that says so and what to do (never
answered "counted"), the room's screen and the phones say it, and so does the server's log."""

from __future__ import annotations

import http.cookiejar
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.floor_browser import HERE, TESTS, free_port
from tdhelpers.floor_pins import FLOOR_PIN, at_test_cost
from tdhelpers.vanishing import MOVED_TO, VANISHINGS, deleted, replaced

from tdconsole.service import Tournament

SAID = "deleted, moved or replaced"


@dataclass
class Phone:
    """A phone signed in to the floor: its cookies and its CSRF token."""

    url: str
    opener: urllib.request.OpenerDirector
    csrf: str = ""

    def call(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        headers = {"Origin": self.url, "X-CSRF-Token": self.csrf}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.url + path, data=data, headers=headers)
        try:
            with self.opener.open(request, timeout=20) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())


@contextmanager
def serving(event: Path) -> Iterator[tuple[Phone, subprocess.Popen[str]]]:
    """The floor's server on ``event`` in a process of its own, and a phone signed in."""
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    cost = ["test-cost"] if at_test_cost() else []
    process = subprocess.Popen(
        [sys.executable, str(HERE / "floor_server.py"), str(event), str(port), *cost],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        assert "ready" in process.stdout.readline(), "the server did not start"
        jar = http.cookiejar.CookieJar()
        phone = Phone(
            f"http://127.0.0.1:{port}",
            urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)),
        )
        status, body = phone.call("/floor/api/sign-in", {"pin": FLOOR_PIN, "name": "Anna"})
        assert status == 200, body
        phone.csrf = body["csrf"]
        yield phone, process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def until(check: Callable[[], Any], what: str) -> Any:
    """``check()`` once it answers (the screens follow the file at their next look)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


def counts_of(event: Path) -> dict[str, int]:
    service = Tournament.open(event)
    try:
        return {p.name: p.chips for p in service.state.in_players() if p.chips is not None}
    finally:
        service.close()


@pytest.mark.parametrize("vanish", VANISHINGS)
def test_a_file_that_vanished_under_the_server_records_nothing_and_every_screen_says_so(
    event: Path, vanish: Callable[[Path], None]
) -> None:
    with serving(event) as (phone, process):
        players = phone.call("/floor/api/state")[1]["players"]
        first, second = players[0]["name"], players[1]["name"]
        status, body = phone.call("/floor/api/count", {"name": first, "chips": "7000"})
        assert status == 200, body
        vanish(event)
        for chips in ("7100", "7200", "7300"):
            status, body = phone.call("/floor/api/count", {"name": second, "chips": chips})
            assert status == 409, body
            said = body["refused"]
            assert SAID in said and "nothing was recorded" in said and "\n" not in said
            assert "go on with that file" in said  # (what to do)

        def room_says() -> str:
            with urllib.request.urlopen(phone.url + "/api/room", timeout=20) as answer:
                message = json.loads(answer.read())["message"]
            return message["text"] if message and SAID in message["text"] else ""

        assert "records nothing" in until(room_says, "the room's screen says it")
        state = phone.call("/floor/api/state")[1]
        assert SAID in state["cannot_record"]
        assert SAID in phone.call("/floor/api/session")[1]["cannot_record"]
        process.terminate()
        _out, err = process.communicate(timeout=20)
    assert err.count(SAID) == 1, err  # said once where the Director started the server
    assert err.count("go on with that file") == 1, err
    assert "Traceback" not in err
    copies = list(event.parent.glob("serata-rescued-*.tdc"))
    assert len(copies) == 1  # one copy, whichever connection saw it first
    assert counts_of(copies[0]).get(first) == 7000  # what was answered "counted" is in it
    if vanish is not deleted:
        kept = event if vanish is replaced else event.with_name(MOVED_TO)
        counted = counts_of(kept)
        assert counted.get(second) not in (7100, 7200, 7300)
