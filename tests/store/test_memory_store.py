"""The log in memory (``store.memory.MemoryStore``, ``Tournament.in_memory``) is the file's:
the same night played through both gives the same refusals, the same stored rows, the same
records read back and the same State; and it writes nothing anywhere."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.driver import next_action
from tdhelpers.support import FakeClock

from tdconsole.demo import build_demo, demo_in_memory
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import CommandNoted
from tdconsole.domain.read_model import state_view, to_json
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.service import Tournament
from tdconsole.store import snapshot
from tdconsole.store.eventstore import EventStore
from tdconsole.store.log import EventLog
from tdconsole.store.memory import MemoryStore
from tdconsole.store.settings_file import load_settings


def step(service: Tournament[Any], action: Any) -> object:
    """What ``action`` did: the records it appended, or the refusal (its words and article)."""
    try:
        if action == "undo":
            return service.undo()
        if action == "redo":
            return service.redo()
        return service.execute(action)
    except RuleError as exc:
        return ("refused", str(exc), exc.article)


def stored(store: EventLog) -> list[object]:
    return [store.row(seq) for seq in range(1, store.last_seq() + 1)]


def folded(service: Tournament[Any]) -> tuple[object, bytes]:
    """The State as ``state --json`` shows it, and the whole State and History encoded as a
    snapshot is."""
    state = service.state
    return to_json(state_view(state, service.now())), snapshot.encode(
        state, service.history, "head"
    )


@pytest.mark.parametrize("seed", [1, 6])
def test_a_night_in_memory_is_the_nights_in_the_file(tmp_path: Path, seed: int) -> None:
    clock = FakeClock()
    settings = load_settings()
    on_file = Tournament.create(
        tmp_path / "e.tdc", "Serata", settings, clock=clock, rng=random.Random(seed)
    )
    in_memory = Tournament.in_memory("Serata", settings, clock=clock, rng=random.Random(seed))
    try:
        seen = set()
        for n in range(160):
            rng = random.Random(f"{seed}-{n}")
            action = next_action(on_file.state, rng, 24, on_file.history.last_redoable is not None)
            if action is None:
                break
            done = step(on_file, action)
            assert step(in_memory, action) == done
            seen.add("refused" if isinstance(done, tuple) else str(action)[:4])
            clock.advance(rng.choice([1, 30, 600]))
        assert {"refused", "undo", "redo"} <= seen and on_file.state.phase == "finished"
        assert stored(in_memory.store) == stored(on_file.store)
        assert in_memory.log() == on_file.log()
        assert folded(in_memory) == folded(on_file)
        reopened = Tournament.open(on_file.store.path, clock=clock)
        try:  # the file folded anew from its rows: the State the memory holds
            assert folded(reopened) == folded(in_memory)
        finally:
            reopened.close()
    finally:
        on_file.close()
        in_memory.close()


def test_a_write_that_fails_leaves_either_log_as_it_was(tmp_path: Path) -> None:
    """A body SQLite cannot store (text that is not UTF-8) is refused by both, the command's
    other events with it; and an exception inside the transaction drops what was appended."""
    at = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    good = CommandNoted(summary="ok", person="Anna", role="director", via=None)
    bad = CommandNoted(summary="\udc80", person="Anna", role="director", via=None)
    file_store = EventStore(tmp_path / "e.tdc", create=True)
    try:
        for store in (file_store, MemoryStore()):
            with store.transaction():
                store.append([good], at, "Anna")
            before = stored(store)
            with pytest.raises(UnicodeEncodeError), store.transaction():
                store.append([good, bad], at, "Anna")
            with pytest.raises(KeyError), store.transaction():
                store.append([good], at, "Anna")
                raise KeyError("after the append")
            assert stored(store) == before
            assert [r.seq for r in store.read()] == [1]
            assert store.commands_after(0) == 1
    finally:
        file_store.close()


def test_an_event_in_memory_writes_nothing_anywhere(tmp_path: Path, data_dir: Path) -> None:
    """No file, no backup (one due after every command), no machine's choice of a folder:
    what has no meaning without a file is not done, and says so (``path`` is None)."""
    settings = Settings.model_validate(
        {**load_settings().model_dump(mode="json"), "backup": {"every": 1, "keep": 3}}
    )
    service = Tournament.in_memory("Serata", settings, clock=FakeClock())
    try:
        service.execute(next_action(service.state, random.Random(1), 12))  # type: ignore[arg-type]
        service.undo()
        service.redo()
        service.execute(ChangeSettings(assignments=[("print_dir", str(tmp_path / "prints"))]))
        assert service.store.path is None and service.backup_error is None
        assert service.known_players() == [] and service.last_event_players() == []
        assert service.write_blocked() is None
        assert service.state.last_seq == service.store.last_seq() > 1
    finally:
        service.close()
    assert list(tmp_path.rglob("*")) == []  # (the data folder, ``data_dir``, is in it)


def test_two_services_on_one_log_in_memory_see_each_others_writes() -> None:
    """The log in memory is this process's: a second service on it (another terminal's, the
    floor's) reads what the first wrote, and ``poll`` notices."""
    director = Tournament.in_memory("Serata", load_settings(), clock=FakeClock())
    floor = Tournament(director.store, actor="Anna", role="floor", clock=FakeClock())
    floor.poll()  # (its first look)
    assert not floor.poll()
    director.execute(next_action(director.state, random.Random(1), 12))  # type: ignore[arg-type]
    assert floor.poll()
    assert floor.state.last_seq == director.state.last_seq
    assert floor.log() == director.log()


def test_the_demo_in_memory_is_the_demos_file(tmp_path: Path) -> None:
    now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    in_memory = demo_in_memory(now=now, lang="en")
    on_file = Tournament.open(build_demo(tmp_path / "demo.tdc", now=now, lang="en"))
    try:
        assert in_memory.state.name == "Autumn Tournament (demo)"
        assert in_memory.log() == on_file.log() and stored(in_memory.store) == stored(on_file.store)
        assert folded(in_memory) == folded(on_file)
    finally:
        on_file.close()
        in_memory.close()
