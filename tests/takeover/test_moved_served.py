"""The old laptop learns the event moved: its ``serve``, started again after the copy's
``take-over``, asks the copy's server, records where the event went, refuses every write and
says where (two real ``serve`` processes on loopback)."""

from __future__ import annotations

import json
import random
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.command_line import run_on
from tdhelpers.support import copy_event, names, started

from bench.served import free_port, serving
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.service import Tournament
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore
from tdconsole.store.settings_file import load_settings


def got(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_old_laptop_started_again_refuses_writes_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    laptop, second = free_port(), free_port()
    laptop_url, copy_url = f"http://127.0.0.1:{laptop}", f"http://127.0.0.1:{second}"
    director = tmp_path / "serata.tdc"
    service = Tournament.create(director, "serata", load_settings(), rng=random.Random(1))
    started(service, names(12))
    service.execute(ClockControl(action="start"))
    service.close()
    copy = copy_event(director, tmp_path / "copia.tdc")
    store = EventStore(copy)
    copy_marks.mark_following(store, laptop_url)
    store.close()
    store = EventStore(director)
    copy_marks.record_copy_address(store, copy_url)
    store.close()

    with serving(copy, port=second) as on_copy:
        shown = got(f"{copy_url}/api/room")  # the copy serves the room while it follows
        assert shown["moved"] is None and shown["copy_address"] is None
        code, _out, err = run_on(capsys, copy, "clock", "pause")
        assert code != 0 and "this is the copy of the event served at" in err
        assert run_on(capsys, copy, "take-over", "--device", "cassa")[0] == 0
        with serving(director, port=laptop) as on_laptop:
            code, _out, err = run_on(capsys, director, "clock", "pause")
            assert code != 0 and err.count("\n") == 1
            assert f"this event moved to cassa at {copy_url} at " in err and "act there" in err
            room = got(f"{laptop_url}/api/room")
            assert room["copy_address"] == copy_url
            assert room["moved"]["device"] == "cassa"
            assert room["message"]["text"].startswith("questo evento si è spostato su cassa")
            assert copy_url in room["message"]["text"]
            assert on_laptop.process.poll() is None
        assert run_on(capsys, copy, "clock", "pause")[0] == 0  # every command works there
        assert on_copy.process.poll() is None
    document = json.loads(run_on(capsys, director, "state", "--json")[1])
    assert document["moved"]["device"] == "cassa"
    assert document["moved"]["address"] == copy_url
