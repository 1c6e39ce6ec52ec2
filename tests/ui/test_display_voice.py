"""The room display says aloud what the room's page says, through espeak-ng where it is
installed: a program of that name put first on PATH records its arguments (the voice, the
sentence). A level's start with its blinds in the event's language, nothing with the setting
``voice`` off, the bell alone without the program."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl

from .test_room_display import Room, ringing

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the fake program is a script")

FAKE = """#!{python}
import json, sys
with open({record!r}, "a", encoding="utf-8") as out:
    out.write(json.dumps(sys.argv[1:]) + "\\n")
"""


def fake_espeak(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An espeak-ng first on PATH that appends its arguments to the file returned."""
    record = folder / "said.jsonl"
    program = folder / "bin" / "espeak-ng"
    program.parent.mkdir()
    program.write_text(FAKE.format(python=sys.executable, record=str(record)), encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}{os.environ['PATH']}")
    return record


@pytest.mark.parametrize("voice", [True, False], ids=["voice on", "voice off"])
async def test_the_display_says_the_level_through_espeak(
    voice: bool, demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = fake_espeak(tmp_path, monkeypatch)
    room = Room(demo_file)
    try:
        director = room.service()
        if not voice:
            director.execute(ChangeSettings(assignments=[("voice", "no")]))
        director.execute(ClockControl(action="start"))
        display = room.app("display")
        async with ringing(display) as (tv, screen, rung):
            room.clock.advance(minutes=40, seconds=5)
            director.execute(ClockControl(action="announce"))
            room.clock.advance(seconds=1)
            display.poll()
            display.tick()
            await tv.pause()
            assert "level" in screen.chimes and rung
            if voice:
                assert screen.voice.process is not None
                assert screen.voice.process.wait(timeout=30) == 0
                lines = record.read_text(encoding="utf-8").splitlines()
                assert lines == ['["-v", "it", "--", "Livello 2. Bui 100 e 200."]']
            else:
                assert screen.voice.process is None and not record.exists()
    finally:
        for service in room.services:
            service.close()


async def test_without_espeak_the_bell_alone(
    demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # (no espeak-ng there)
    room = Room(demo_file)
    try:
        director = room.service()
        director.execute(ClockControl(action="start"))
        display = room.app("display")
        async with ringing(display) as (tv, screen, rung):
            assert screen.voice.program is None
            room.clock.advance(minutes=39, seconds=5)
            display.poll()
            display.tick()
            await tv.pause()
            assert screen.chimes == ["minute"] and rung == ["bell"]
            assert screen.voice.process is None
    finally:
        for service in room.services:
            service.close()
