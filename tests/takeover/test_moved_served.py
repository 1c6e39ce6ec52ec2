"""The old laptop learns the event moved: its ``serve``, started again after the copy's
``take-over``, asks the copy's server, records where the event went, refuses every write and
says where (two real ``serve`` processes on loopback)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.command_line import run_on
from tdhelpers.copies import copy_serves_at, night

from bench.served import free_port, serving


def got(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_old_laptop_started_again_refuses_writes_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    laptop, second = free_port(), free_port()
    laptop_url, copy_url = f"http://127.0.0.1:{laptop}", f"http://127.0.0.1:{second}"
    director, copy = night(tmp_path, laptop_url)
    copy_serves_at(director, copy_url)

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
