"""Another event opened in the console (the start screen from the palette) starts afresh: what
the first event's console had read of its log says nothing about the second's."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.play import Bust, SecondStack
from tdconsole.service import Tournament
from tdconsole.ui.messages import EventChosen
from tdconsole.ui.textual_reach import notifications

from .conftest import console, frozen, paid, settle

ANOTHER_TERMINAL = "Da un altro terminale"


async def test_the_history_of_the_event_opened_is_not_news(tmp_path: Path, demo_file: Path) -> None:
    """The demo's floor had acted before the console opened it: history, never a notice
    "from another terminal" (once, the console read the new log from where the first event's
    stopped, and said the floor's old actions as news)."""
    floor = Tournament.open(demo_file, clock=frozen, role="floor", actor="Bruno")
    floor.execute(SecondStack(name="Rossi", stack=0))
    floor.execute(Bust(names=["Moretti"], declined=True))
    floor.close()
    small = paid(tmp_path / "small.tdc", "Small", ["Ada", "Bea"], rng=random.Random(1))
    async with console(small) as (app, pilot):
        app.post_message(EventChosen("open", str(demo_file)))
        await settle(pilot)
        opened = app.service
        assert opened is not None and opened.store.path == demo_file
        try:
            app.poll()
            await settle(pilot)
            said = [n.message for n in notifications(app) if n.title == ANOTHER_TERMINAL]
            assert said == []
        finally:
            opened.close()
