"""Shared fixtures: a private data folder, a fake clock, services on temporary event files."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from support import FakeClock, MakeService

from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

# Locally, hypothesis explores afresh on every run; in CI (CI=true) it replays a fixed
# sequence so that a submission's result does not depend on the luck of the draw. Nowhere does
# an example fail for being slow: the tests check results, and a busy machine is slow.
hypothesis_settings.register_profile(
    "local", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile(
    "ci",
    parent=hypothesis_settings.get_profile("local"),
    derandomize=True,
    print_blob=True,
)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "local")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder))
    monkeypatch.delenv("TDCONSOLE_EVENT", raising=False)
    return folder


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings() -> Settings:
    return load_settings()


@pytest.fixture
def make_service(tmp_path: Path, clock: FakeClock, settings: Settings) -> Iterator[MakeService]:
    opened: list[Tournament] = []

    def make(name: str = "event", seed: int = 1, **kwargs: object) -> Tournament:
        path = tmp_path / f"{name}.tdc"
        chosen = kwargs.pop("settings", settings)
        assert isinstance(chosen, Settings)
        service = Tournament.create(
            path,
            name,
            chosen,
            clock=clock,
            rng=random.Random(seed),
            **kwargs,  # type: ignore[arg-type]
        )
        opened.append(service)
        return service

    yield make
    for service in opened:
        service.close()
