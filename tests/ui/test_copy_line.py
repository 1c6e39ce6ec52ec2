"""The room panel says in one line where the copy on a second device stands."""

from __future__ import annotations

import time
from pathlib import Path

from tdconsole.store.copy_standing import COPY, Standing
from tdconsole.store.eventstore import EventStore
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.glyphs import WARNING
from tdconsole.ui.widgets.room_summary import RoomSummary

from .test_actions import SIZE, text_of


def copy_heard(event: Path, behind: int, ago: float) -> None:
    store = EventStore(event)
    try:
        found = Standing("[red]cassa", store.last_seq() - behind, time.time() - ago)
        store.set_meta(COPY, found.to_meta())
    finally:
        store.close()


async def test_the_copy_is_said_attached_then_lost(app: ConsoleApp, demo_file: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "[red]cassa" not in text_of(app.screen.query_one(RoomSummary))
        copy_heard(demo_file, 0, 0)
        app.poll()
        await pilot.pause()
        panel = text_of(app.screen.query_one(RoomSummary))
        assert "[red]cassa" in panel and WARNING not in panel.split("[red]cassa")[0][-4:]
        copy_heard(demo_file, 3, 90)
        app.poll()
        await pilot.pause()
        panel = text_of(app.screen.query_one(RoomSummary))
        assert WARNING in panel and "persa dalle" in panel  # (the console speaks Italian)
