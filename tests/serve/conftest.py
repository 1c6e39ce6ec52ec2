"""Fixtures of the served views: a started event with both PINs set, and aiohttp's test client
on the one server serving it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from tdhelpers.support import demo_copy, demo_template

from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament

FLOOR_PIN, DIRECTOR_PIN = "2468", "13579"


@pytest.fixture(scope="session")
def served_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The served views' event built once a session (each test gets its own copy)."""
    return demo_template(tmp_path_factory.mktemp("served-demo"), FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
def event(tmp_path: Path, served_demo: Path) -> Path:
    """The demo event (24 players seated, started, the clock stopped) with both PINs."""
    return demo_copy(served_demo, tmp_path / "serata.tdc", FLOOR_PIN, DIRECTOR_PIN)


@pytest.fixture
async def client(event: Path, aiohttp_client: Any) -> TestClient[Any, Any]:
    """The server on ``event``, its watcher looking often (a change is seen at once)."""
    app = build_app(ServeConfig(event=event, poll_seconds=0.02))
    made: TestClient[Any, Any] = await aiohttp_client(app)
    return made


def last_seq(event: Path) -> int:
    """The event's last recorded sequence number, read from its file."""
    opened = Tournament.open(event)
    try:
        return opened.state.last_seq
    finally:
        opened.close()


async def refuses_writes(client: TestClient[Any, Any], paths: tuple[str, ...]) -> None:
    """Every writing method on ``paths`` is answered 405."""
    for method in ("POST", "PUT", "DELETE"):
        for path in paths:
            answer = await client.request(method, path)
            assert answer.status == 405, (method, path)
