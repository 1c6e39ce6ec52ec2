"""The console of a copy being followed says so as it opens and takes the event over with
``O``; the console of a file whose event moved says where it went."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tdconsole.store import copy_marks
from tdconsole.store.eventstore import EventStore
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.textual_reach import notifications

from .conftest import MakeApp, settle
from .test_actions import SIZE

SERVED = "http://192.168.1.5:8000"


def said(app: object) -> list[str]:
    return [n.message for n in notifications(app)]  # type: ignore[arg-type]


async def test_the_console_of_a_copy_says_it_and_o_takes_it_over(
    make_app: MakeApp, demo_file: Path
) -> None:
    store = EventStore(demo_file)
    copy_marks.mark_following(store, SERVED)
    store.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any(
            m.startswith(f"questa è la copia dell'evento servito da {SERVED}") for m in said(app)
        )
        await pilot.press("O")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
    store = EventStore(demo_file)
    try:
        assert copy_marks.following(store) is None
        assert store.read()[-1].type == "taken_over"
    finally:
        store.close()


async def test_the_console_of_a_file_whose_event_moved_says_where(
    make_app: MakeApp, demo_file: Path
) -> None:
    at = datetime(2026, 11, 29, 21, 4, tzinfo=UTC)
    store = EventStore(demo_file)
    copy_marks.record_moved(store, copy_marks.Moved("cassa", "http://192.168.1.6:8001", at))
    store.close()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hhmm = at.astimezone().strftime("%H:%M")
        assert (
            f"questo evento si è spostato su cassa (http://192.168.1.6:8001) alle {hhmm}: "
            "agisci lì (Art. VII.1)"
        ) in said(app)
