"""UI fixtures: the demo event on a temporary file, a frozen clock, apps built by the factory."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tdconsole.demo import build_demo
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, Mode, build_app

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
"""The frozen moment every UI test (and snapshot) sees."""


def frozen() -> datetime:
    return NOW


@pytest.fixture
def demo_file(tmp_path: Path) -> Path:
    return build_demo(tmp_path / "demo.tdc", now=NOW)


MakeApp = Callable[..., ConsoleApp]


@pytest.fixture
def make_app(demo_file: Path) -> Iterator[MakeApp]:
    services: list[Tournament] = []

    def make(
        mode: Mode = "director",
        path: Path | None = None,
        lang: str | None = None,
        actor: str | None = None,
    ) -> ConsoleApp:
        role = "floor" if mode == "floor" else "director"
        service = Tournament.open(
            path or demo_file, clock=frozen, role=role, actor=actor, rng=random.Random(7)
        )
        services.append(service)
        return build_app(service, frozen, mode=mode, lang=lang, actor=actor)  # type: ignore[arg-type]

    yield make
    for service in services:
        service.close()


@pytest.fixture
def app(make_app: MakeApp) -> ConsoleApp:
    return make_app()


def bust_at(service: Tournament, table: int, leave: int) -> None:
    """Eliminate players of ``table`` (declining the second stack) until ``leave`` are left."""
    from tdconsole.domain.play import Bust

    while True:
        players = service.state.players_at(service.state.tables[table])
        if len(players) <= leave:
            return
        service.execute(Bust(names=[players[-1].name], declined=True))


@pytest.fixture
def closing_file(demo_file: Path) -> Path:
    """The demo with table 1 down to three players: it must close (Art. IV.4)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    service.close()
    return demo_file


@pytest.fixture
def final_file(demo_file: Path) -> Path:
    """The demo down to nine players: the final is due (Art. IV.2)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    bust_at(service, 2, 3)
    bust_at(service, 3, 3)
    service.close()
    return demo_file
