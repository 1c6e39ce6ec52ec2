"""The night survives the laptop (real processes, loopback): a night on a ``serve`` with a
``tdconsole follow --port`` attached, actions from the command line, a service and a phone; the
copy serves the room read-only while it follows; the Director's server SIGKILLed; ``take-over``
on the copy, then a bust there works, and a TV opened on the laptop's address shows the copy's
clock without a reload. The old laptop's server, started again, refuses writes and says where
the event went."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium, wait_for
from tdhelpers.command_line import run_on
from tdhelpers.floor_browser import Server, free_port
from tdhelpers.floor_phone import Phone
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.following import follow_process, got, until
from tdhelpers.support import demo_copy, demo_template

from bench.served import alive, descendants
from tdconsole.domain.play import Count
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.serve import elsewhere
from tdconsole.service import Tournament
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

MOVE = 1.0
"""How long the laptop's pages go without it before they go on from the copy (shipped:
``elsewhere.MOVE_SECONDS``; tests/takeover/test_room_moves.py waits that)."""


def address_known(event: Path) -> str | None:
    store = EventStore(event)
    try:
        return copy_marks.copy_address(store)
    finally:
        store.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium(800, 450) as driver:
        yield driver


def test_the_night_goes_on_from_the_copy_once_the_laptop_is_killed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], browser: Any
) -> None:
    template = demo_template(tmp_path / "demo", FLOOR_PIN, DIRECTOR_PIN)
    event = demo_copy(template, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)
    copy, second = tmp_path / "copia.tdc", free_port()
    copy_url = f"http://127.0.0.1:{second}"
    laptop = Server(event, free_port(), move=MOVE)
    laptop.start()
    printed = (tmp_path / "follow.out").open("w")
    follower = follow_process(laptop.url, copy, printed, "--port", str(second))
    try:
        until(lambda: address_known(event) == copy_url, "the copy says where it serves")
        shown = until(lambda: got(copy_url + "/api/room"), "the copy serves the room")
        assert shown["moved"] is None and shown["copy_address"] is None
        code, _out, err = run_on(capsys, copy, "clock", "pause")
        assert code != 0 and "this is the copy of the event served at" in err
        phone = Phone(laptop.url)
        assert phone.call("/floor/api/sign-in", {"pin": FLOOR_PIN, "name": "Anna"}) == 200
        director = Tournament.open(event)
        names = [p.name for p in director.state.in_players()]
        director.execute(ClockControl(action="start"))
        director.execute(Count(counts={names[0]: 4100}))
        assert run_on(capsys, event, "count", f"{names[1]}=4200")[0] == 0
        assert phone.call("/floor/api/count", {"name": names[2], "chips": "4300"}) == 200
        director.refresh()
        acknowledged = director.state.last_seq
        director.close()
        on_laptop = lambda: got(laptop.url + "/api/room") or {}  # noqa: E731
        until(
            lambda: on_laptop().get("copy_address") == copy_url, "the laptop's pages know the copy"
        )
        browser.get(laptop.url + "/display")
        wait_for(browser, "return document.getElementById('digits').textContent")
        assert laptop.process is not None
        laptop.process.kill()  # the laptop dies
        laptop.process.wait()
        died = time.monotonic()
        code, _out, err = run_on(capsys, copy, "take-over", "--device", "cassa")
        assert code == 0, err
        assert run_on(capsys, copy, "bust", names[3], "--declined")[0] == 0
        running = (
            f"return location.origin === {copy_url!r} && !!window.tdconsolePage && "
            "document.getElementById('digits').textContent !== '' && "
            "document.getElementById('notice').textContent !== window.tdconsolePage.say('stopped')"
        )
        assert wait_for(browser, running, timeout=30)  # (no reload by the test)
        assert time.monotonic() - died < elsewhere.MOVE_SECONDS  # (the server's word taken)
        mine, theirs = EventStore(copy), EventStore(event)
        try:
            assert mine.rows()[:acknowledged] == theirs.rows()  # every acknowledged action
        finally:
            mine.close()
            theirs.close()
        laptop.start()  # the old laptop comes back
        code, _out, err = run_on(capsys, event, "clock", "pause")
        assert code != 0 and err.count("\n") == 1
        assert f"this event moved to cassa at {copy_url} at " in err and "act there" in err
        room = got(f"{laptop.url}/api/room")
        assert room["moved"]["device"] == "cassa" and room["copy_address"] == copy_url
        assert room["message"]["text"].startswith("this event moved to cassa")
        document = json.loads(run_on(capsys, event, "state", "--json")[1])
        assert document["moved"] == {**document["moved"], "device": "cassa", "address": copy_url}
        assert run_on(capsys, copy, "clock", "pause")[0] == 0  # every command works there
        below = descendants(follower.pid)
        assert below  # (the copy's server, serving the event now)
    finally:
        follower.send_signal(signal.SIGINT)
        code = follower.wait(timeout=30)
        laptop.stop()
    printed.close()
    said = (tmp_path / "follow.out").read_text()
    assert code == 0, said
    assert "the copy was taken over: it is the event's file now, its pages served on port" in said
    assert not alive(below)  # the copy's server ends with follow
