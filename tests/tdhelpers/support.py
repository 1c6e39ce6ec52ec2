"""Helpers shared by the tests (``tdhelpers.support``; fixtures are in conftest)."""

from __future__ import annotations

import io
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tdconsole.domain import access
from tdconsole.domain.play import Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdhelpers.floor_pins import at_test_cost, cheap_pin_key


class FakeClock:
    """A wall clock the test moves by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 29, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


MakeService = Callable[..., Tournament]


def terminal(service: Tournament[Any], **kwargs: Any) -> Tournament[Any]:
    """Another terminal on ``service``'s event (the floor's, a phone's), acting as ``kwargs``
    say: the event's file opened again, or the same log in memory."""
    path = service.store.path
    if path is None:
        return Tournament(service.store, **kwargs)
    return Tournament.open(path, **kwargs)


def names(n: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(1, n + 1)]


def started(
    service: Tournament, players: list[str], food: Sequence[str] = (), seed: int = 1
) -> Tournament:
    """``players`` registered and paid (``food`` their food contribution too), seated by the
    draw ``seed`` and started: stack 4000, big blind 100."""
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    if food:
        service.execute(Pay(names=list(food), food=True))
    service.execute(Draw(seed=seed))
    service.execute(Start(stack=4000, big_blind=100))
    return service


def played_on_the_command_line(path: Path, players: list[str], out: list[str]) -> None:
    """A new event at ``path`` played from the command line: ``players`` registered, paid,
    seated (draw 1) and started (stack 4000, big blind 100), then ``out`` out one a hand."""
    from tdconsole.cli import main

    assert main(["new", str(path), "--name", "Serata"]) == 0
    for argv in (
        ["register", *players],
        ["pay", *players],
        ["draw", "--seed", "1"],
        ["start", "--stack", "4000", "--bb", "100"],
        *(["bust", name] for name in out),
    ):
        assert main(["--lang", "en", "--event", str(path), *argv]) == 0


def seeds_dir() -> Path:
    """The regulations in ``shared/seeds`` beside the checkout (or ``$TDCONSOLE_SEEDS``)."""
    override = os.environ.get("TDCONSOLE_SEEDS")
    if override:
        return Path(override)
    for folder in Path(__file__).resolve().parents:
        candidate = folder / "shared" / "seeds"
        if candidate.is_dir():
            return candidate
    return Path(__file__).resolve().parents[2].parent / "shared" / "seeds"


def tamper_texts(path: Path, replace: dict[str, str], actor: str | None = None) -> None:
    """Rewrite an event file's stored texts as an older version (or a hand-edited file) may
    hold them: every stored string equal to a key of ``replace`` becomes its value (names stay
    consistent across events), and every actor becomes ``actor`` (as an older version kept
    it: the label alone, without the fields that say who acted). Snapshots are dropped."""
    import json

    def swap(value: object) -> object:
        if isinstance(value, str):
            return replace.get(value, value)
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {swap(k): swap(v) for k, v in value.items()}  # type: ignore[index]
        return value

    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT seq, data FROM events").fetchall()
        for seq, data in rows:
            fields = json.loads(data)
            if actor is not None:
                fields = {k: v for k, v in fields.items() if k not in ("person", "role", "via")}
            new = json.dumps(swap(fields), ensure_ascii=False)
            db.execute("UPDATE events SET data = ? WHERE seq = ?", (new, seq))
        if actor is not None:
            db.execute("UPDATE events SET actor = ?", (actor,))
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'snapshots'").fetchone():
            db.execute("DELETE FROM snapshots")
        db.commit()
    finally:
        db.close()


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF, laid out as on paper (pypdf's layout mode)."""
    reader = PdfReader(io.BytesIO(data))
    # Chips are grouped with a narrow space on paper; read it as a space.
    return [
        page.extract_text(extraction_mode="layout").replace("\u202f", " ") for page in reader.pages
    ]


def demo_with_pins(path: Path, floor_pin: str, director_pin: str) -> Path:
    """The demo event (24 players seated, started, the clock stopped) with both PINs set, as
    the served pages' tests open it."""
    from tdconsole.demo import build_demo

    build_demo(path)
    return with_pins(path, floor_pin, director_pin)


def with_pins(path: Path, floor_pin: str, director_pin: str) -> Path:
    """The event at ``path`` given both PINs."""
    from tdconsole.domain.slices.change_settings import ChangeSettings

    service = Tournament.open(path)
    try:
        service.execute(
            ChangeSettings(assignments=[("floor_pin", floor_pin), ("director_pin", director_pin)])
        )
    finally:
        service.close()
    return path


def copy_event(template: Path, path: Path) -> Path:
    """A copy at ``path`` of the closed event file ``template``, through SQLite's own backup
    (whole, whatever the template's write-ahead log still holds), with the template's mode:
    what building ``template`` again at ``path`` would give, for a thousandth of the CPU."""
    source, target = sqlite3.connect(template), sqlite3.connect(path)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    shutil.copymode(template, path)
    return path


def demo_template(folder: Path, floor_pin: str, director_pin: str) -> Path:
    """``demo_with_pins`` built once in ``folder`` (a session's), as a test would build it: in a
    data folder of its own, with no remembered event, the PINs hashed at the tests' cost
    (tests/conftest.py's ``pin_cost``, which a session's fixture runs before)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_DATA_DIR", str(folder / "data"))
        patch.delenv("TDCONSOLE_EVENT", raising=False)
        patch.setattr(access, "pin_key", cheap_pin_key)
        return demo_with_pins(folder / "serata.tdc", floor_pin, director_pin)


def demo_copy(template: Path, path: Path, floor_pin: str, director_pin: str) -> Path:
    """The demo event with both PINs at ``path``: a copy of ``template`` (``demo_template``;
    its clock is stopped, so nothing in it ages), or built afresh in a test that hashes PINs
    at the console's own cost (``real_scrypt``)."""
    if not at_test_cost():
        return demo_with_pins(path, floor_pin, director_pin)
    return copy_event(template, path)


def printed_by_python(code: str) -> str:
    """What a fresh Python prints running ``code``, which must succeed: what a start-up imports,
    seen apart from the modules the tests' own process has loaded."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout
