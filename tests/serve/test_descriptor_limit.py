"""``serve`` raises its soft descriptor limit as far as the hard one allows before sizing its
connection ceiling (macOS's default soft limit, 256, would give 176 connections); where the
system has no such limit (Windows: no ``resource``) nothing is asked."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tdconsole.serve import app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.limits import MOST_CONNECTIONS, RESERVE, connection_ceiling
from tdconsole.store.system import raise_open_files

INFINITY = -1


class FakeResource(SimpleNamespace):
    """``resource`` with its limit of open files at ``soft``/``hard``; what the system refuses
    beyond ``most`` (macOS's kern.maxfilesperproc)."""

    RLIMIT_NOFILE = 7
    RLIM_INFINITY = INFINITY

    def __init__(self, soft: int, hard: int, most: int = 1 << 20) -> None:
        super().__init__(soft=soft, hard=hard, most=most)

    def getrlimit(self, which: int) -> tuple[int, int]:
        return self.soft, self.hard

    def setrlimit(self, which: int, limits: tuple[int, int]) -> None:
        if limits[0] > self.most:
            raise ValueError("not allowed to raise maximum limit")
        self.soft, self.hard = limits


@pytest.mark.parametrize(
    ("soft", "hard", "most", "after"),
    [
        (256, INFINITY, 10240, MOST_CONNECTIONS + RESERVE),  # macOS
        (256, 1024, 10240, 1024),
        (1024, 524288, 1 << 20, MOST_CONNECTIONS + RESERVE),  # Linux
        (256, INFINITY, 1000, 256),  # refused: the limit stays
        (100_000, 100_000, 1 << 20, 100_000),  # never lowered
    ],
)
def test_the_soft_limit_is_raised_as_far_as_the_hard_one_allows(
    monkeypatch: pytest.MonkeyPatch, soft: int, hard: int, most: int, after: int
) -> None:
    fake = FakeResource(soft, hard, most)
    monkeypatch.setitem(sys.modules, "resource", fake)
    raise_open_files(MOST_CONNECTIONS + RESERVE)
    assert (fake.soft, fake.hard) == (after, hard)


def test_without_resource_nothing_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # Windows: no such module
    raise_open_files(MOST_CONNECTIONS + RESERVE)


def test_serve_sizes_its_ceiling_from_the_raised_limit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake = FakeResource(256, INFINITY, 10240)  # macOS's defaults
    monkeypatch.setitem(sys.modules, "resource", fake)
    monkeypatch.setattr(sys, "platform", "darwin")
    assert connection_ceiling() == 176
    ceilings: list[int] = []

    def run(coroutine: Any) -> None:
        coroutine.close()
        ceilings.append(connection_ceiling())

    monkeypatch.setattr(app.asyncio, "run", run)
    monkeypatch.setattr(app.logging, "basicConfig", lambda **kwargs: None)
    app.serve(ServeConfig(event=tmp_path / "e.tdc", port=0))
    assert ceilings == [MOST_CONNECTIONS]
