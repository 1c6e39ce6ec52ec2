"""A night with its copy on a second device, as ``tdconsole follow`` leaves the two files: the
Director's (12 players, started, the clock running) and the copy's (the same log, its file
marked as following the Director's server)."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.now import Clock, utc_now
from tdconsole.service import Tournament
from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore
from tdconsole.store.settings_file import load_settings
from tdhelpers.support import copy_event, names, started


def night(folder: Path, following: str, clock: Clock = utc_now) -> tuple[Path, Path]:
    """The Director's file and its copy in ``folder``, the copy following ``following``."""
    director = folder / "serata.tdc"
    service = Tournament.create(
        director, "serata", load_settings(), clock=clock, rng=random.Random(1)
    )
    started(service, names(12))
    service.execute(ClockControl(action="start"))
    service.close()
    copy = copy_event(director, folder / "copia.tdc")
    store = EventStore(copy)
    copy_marks.mark_following(store, following)
    store.close()
    return director, copy


def copy_serves_at(director: Path, address: str) -> None:
    """Record in the Director's file where its copy serves (``follow --port``)."""
    store = EventStore(director)
    copy_marks.record_copy_address(store, address)
    store.close()
