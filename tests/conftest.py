"""Shared fixtures: a private data folder, a fake clock, services on temporary event files."""

from __future__ import annotations

import gc
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN, cheap_pin_key
from tdhelpers.posix_only import skip_posix_only
from tdhelpers.support import FakeClock, MakeService, demo_template

from tdconsole.domain import access
from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

# A shell may set PYTHONDONTWRITEBYTECODE (this machine's does): then no bytecode is ever kept,
# and every worker compiles every test module (with pytest's rewritten asserts) and every
# tdconsole module again, and so does every console a test starts: 4.6 s of CPU more per
# worker for the collection alone (7.9 s instead of 3.3 s). The tests keep their bytecode in
# the ignored __pycache__ folders, whatever the shell says.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

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


def scratch_in_memory() -> None:
    """The tests' scratch files (``tmp_path``, ``SESSION_DATA``, and the temporary folders of
    the servers, consoles and browsers they start, which inherit ``TMPDIR``) kept in memory
    where Linux has room for them (``/dev/shm``, a tmpfs): every durable write of the product
    ends in an fsync, which on a disk waits for the device, one worker's core idle meanwhile
    (12 % of the wall time of tests/faults, domain, store and cli). What the tests prove of
    durability holds there too: a killed process's writes survive in the page cache either
    way, and no test can cut the power. A ``TMPDIR`` already set is kept, as is every other
    system's default."""
    if os.environ.get("TMPDIR") or sys.platform != "linux":
        return
    memory = Path("/dev/shm")
    try:
        roomy = shutil.disk_usage(memory).free >= 4 << 30
    except OSError:  # no such folder
        return
    if roomy and os.access(memory, os.W_OK | os.X_OK):
        os.environ["TMPDIR"] = str(memory)  # for the processes the tests start, and xdist's
        tempfile.tempdir = None  # read again by the next ``gettempdir``


scratch_in_memory()

SESSION_DATA = Path(tempfile.mkdtemp(prefix="tdconsole-tests-data-"))
"""The data folder of everything a test does outside its own (``data_dir``): module and
session fixtures, forked servers, their children. The real one (platformdirs' folder of the
person running the tests) is never reached: no backup of a test's event lands in it."""
os.environ["TDCONSOLE_DATA_DIR"] = str(SESSION_DATA)
for _name in ("TDCONSOLE_EVENT", "TDCONSOLE_SEASON"):
    os.environ.pop(_name, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(SESSION_DATA, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In an xdist worker, the heap's last full collection is made here, before the worker
    reports it is done, and what survives it is frozen out of later collections. Once told,
    the controller closes the worker, and execnet sends a worker still busy 5 s later a
    SIGINT (``WorkerGateway._terminate_execution``); pytest's cleanup then collected the
    whole heap five more times (``unraisableexception.cleanup``: about a second each over a
    worker's hundreds of thousands of objects on a busy machine), and the interrupt, landing
    in hypothesis's gc callback, was printed after the last line of the run. The collection
    here still runs under pytest's unraisable hook: nothing it would report goes unsaid."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "real_scrypt: hash PINs at the console's own cost (no ``pin_cost``): the tests that "
        "prove the cost itself",
    )
    config.addinivalue_line(
        "markers",
        "event_file: the test is about the event's file (a path reopened, backups, locks, "
        "another process): ``make_service`` keeps its events on disk where the folder's "
        "conftest would keep them in memory",
    )


# (this file holds the scrypt fixture; its other fixtures are the suite's own)
@pytest.fixture(autouse=True)
def pin_cost(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """PINs hashed and checked at a test cost in this process (``floor_pins.cheap_pin_key``:
    scrypt at N=16 instead of 65536), except in the tests marked ``real_scrypt``.

    Sound because ``access.pin_key`` is the one place a PIN meets scrypt, for a hash made and
    a hash checked alike: every test still proves what it proved (a PIN matches its hash only,
    each salt its own hash, the digits never stored, wrong PINs counted, sign-ins, sessions),
    and the stored hash still reads the console's own parameters, so ``own_hash`` and
    ``check_stored`` accept and refuse exactly as in the product. What the cheaper N cannot
    prove is proved at the real cost by the ``real_scrypt`` tests (tests/domain/test_access.py:
    the digest is scrypt at 2**16, 8, 1; only those parameters accepted). The product reads no
    setting for it: only a test's own process is patched, and a server a test starts hashes at
    the same cost only when told on its command line (tests/tdhelpers/floor_browser.py). Without it
    the 170 scrypt calls of tests/floor, serve, cli, store and test_access were 44 s of CPU."""
    if request.node.get_closest_marker("real_scrypt") is None:
        monkeypatch.setattr(access, "pin_key", cheap_pin_key)


@pytest.fixture(autouse=True)
def no_animations(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app a test runs in this process moves at once, as with ``TEXTUAL_ANIMATIONS=none``
    (Textual reads the level when an app is made): a scroll or a tab's underline lands in one
    frame instead of a quarter of a second of the wall clock and its frames. What a test checks
    (what a key did, what the screen shows at rest) is the same; the console run in a terminal
    (the tmux tests) keeps its animations."""
    import textual.constants  # (only a test that runs an app needs it; a light import)

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings() -> Settings:
    return load_settings()


@pytest.fixture
def in_memory() -> bool:
    """Whether ``make_service`` keeps its events in memory (``Tournament.in_memory``) rather
    than in a file: the domain's tests do (tests/domain/conftest.py), except those marked
    ``event_file``."""
    return False


@pytest.fixture
def make_service(
    tmp_path: Path, clock: FakeClock, settings: Settings, in_memory: bool
) -> Iterator[MakeService]:
    opened: list[Tournament[Any]] = []

    def make(name: str = "event", seed: int = 1, **kwargs: Any) -> Tournament[Any]:
        chosen = kwargs.pop("settings", settings)
        assert isinstance(chosen, Settings)
        kwargs.update(clock=clock, rng=random.Random(seed))
        service: Tournament[Any] = (
            Tournament.in_memory(name, chosen, **kwargs)
            if in_memory
            else Tournament.create(tmp_path / f"{name}.tdc", name, chosen, **kwargs)
        )
        opened.append(service)
        return service

    yield make
    for service in opened:
        service.close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On Windows, the POSIX-only test files skipped, saying why (``POSIX_ONLY``)."""
    skip_posix_only(items)


@pytest.fixture(scope="session")
def floor_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The floor's demo event (24 players seated, started, the clock stopped; the floor's and
    the Director's PINs of ``tdhelpers.floor_pins``), built once a session for the floor's and
    the copy's tests: each test gets its own copy (their ``event``)."""
    return demo_template(tmp_path_factory.mktemp("floor-demo"), FLOOR_PIN, DIRECTOR_PIN)
