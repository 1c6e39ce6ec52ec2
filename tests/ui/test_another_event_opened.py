"""Another event opened in the console (the start screen from the palette) starts afresh: what
the first event's console had read of its log says nothing about the second's."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.play import Bust, SecondStack
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.messages import CommandRequested, EventChosen
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


def _two_registered(path: Path) -> Tournament:
    service = Tournament.create(path, path.stem, load_settings(), clock=frozen)
    service.execute(Register(names=["Ada", "Bea"]))
    return service


async def test_u_names_the_other_terminal_s_action_in_the_event_opened(tmp_path: Path) -> None:
    """The console recorded command 6 of its first event; command 6 of the event it opens
    next is the floor's: ``u`` names whose it is (once, the console took it for its own)."""
    other = _two_registered(tmp_path / "other.tdc")
    other.close()
    floor = Tournament.open(tmp_path / "other.tdc", clock=frozen, role="floor", actor="Bruno")
    [floor_command] = {r.command for r in floor.execute(Register(names=["Cid"]))}
    floor.close()
    async with console(_two_registered(tmp_path / "first.tdc")) as (app, pilot):
        app.post_message(CommandRequested(Register(names=["Dan"])))
        await settle(pilot)
        assert app.undo_guard.own == {floor_command}  # (the same number in both logs)
        app.post_message(EventChosen("open", str(tmp_path / "other.tdc")))
        await settle(pilot)
        opened = app.service
        assert opened is not None and opened.store.path == tmp_path / "other.tdc"
        try:
            question = app.undo_question(redo=False)
        finally:
            opened.close()
        assert question is not None and question.startswith("Annullare l'azione di Bruno")
