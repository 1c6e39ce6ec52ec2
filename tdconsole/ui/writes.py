"""The console's writes: every command, undo and redo it records, off the console's thread and
one at a time.

The event file may be busy: another terminal (a phone, through the floor's server) may hold it
while it writes, and SQLite waits for it up to its busy timeout. That wait happens in a worker
thread, so the console keeps taking keys; past ``WAIT_NOTICE_SECONDS`` it says it is waiting
for the file. While a write is under way (``busy``) the service's connection is the worker's:
the poll skips its turns (``Views.poll``), and a second write asked meanwhile (a key pressed
twice) is refused with a notice, never queued, so nothing is recorded twice. Keys and repaints go on
reading ``service.state``: the worker folds the write into a copy and swaps it in whole at the
end (``state_cache``), so they find the event as it was before the write, never half of it.
Once the write is done its result is painted on the console's thread: the dialog that asked
closes, or stays open under the refusal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeVar

from tdconsole.domain.errors import RuleError
from tdconsole.domain.summaries import summary_text
from tdconsole.ui.messages import CommandRequested, UndoRequested
from tdconsole.ui.textual_reach import dismiss, notifications

if TYPE_CHECKING:
    from tdconsole.domain.events import Record
    from tdconsole.service import LastAction, Tournament
    from tdconsole.ui.app import ConsoleApp

T = TypeVar("T")

UndoDone = tuple["LastAction | None", "str | None"]
"""What an undo found: the action to name first (not undone), or what was undone or redone."""


class WriteLane:
    """The one lane every write of the console takes; the App hands it what is asked
    (``command``, ``undo``) and reads ``busy``."""

    WAIT_NOTICE_SECONDS: ClassVar[float] = 0.5
    """How long a write may take before the console says it is waiting for the file."""

    def __init__(self, app: ConsoleApp) -> None:
        self.app = app
        self.busy = False
        """A write is under way: the service's connection is its worker's."""

    # -- the lane ----------------------------------------------------------------------------
    def write(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run ``job`` (the service's write) in a worker thread, then ``done`` with its result
        on the console's thread; refused while another write is under way."""
        app = self.app
        if self.busy:
            text = app.tr("The last action is still being recorded: wait until it is done")
            app.notify(text, severity="warning", timeout=6, markup=False)
            app.keys.recorded()
            return
        self.busy = True
        app.run_worker(self._lane(job, done), group="write")

    async def _lane(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        try:
            await self._run(job, done)
        finally:
            self.app.keys.recorded()  # the keys typed meanwhile go on

    async def _run(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        app = self.app
        waiting = app.tr("Waiting for the event file: another terminal is writing it…")
        try:
            pending = asyncio.ensure_future(asyncio.to_thread(job))
            finished, _ = await asyncio.wait({pending}, timeout=self.WAIT_NOTICE_SECONDS)
            if not finished:
                app.notify(waiting, severity="warning", timeout=60, markup=False)
            try:
                result = await pending
            finally:
                for notice in list(notifications(app)):
                    if notice.message == waiting:
                        dismiss(app, notice)
        except RuleError as exc:
            app.catch_up()
            app.refused(exc)
            return
        finally:
            self.busy = False
        done(result)

    # -- what the console records ------------------------------------------------------------
    def command(self, message: CommandRequested) -> None:
        """Record the command asked; its dialog closes once it is recorded."""
        service = self.app.service
        if service is None:
            self.app.keys.recorded()
            return
        self.write(partial(service.execute, message.command), partial(self._recorded, message))

    def _recorded(self, message: CommandRequested, records: list[Record]) -> None:
        app = self.app
        if message.dialog is not None:
            message.dialog.dismiss(None)
        app.refresh_views()
        app.tick()
        app.undo_guard.recorded(records)
        views = app.views
        assert views is not None  # (a command recorded: an event taken)
        views.said_recorded(message.command, records)
        if message.then is not None:
            app.post_message(message.then)

    def undo(self, message: UndoRequested) -> None:
        """Undo (or redo) what ``u`` (``r``) means now."""
        service = self.app.service
        if service is None:
            return
        self.write(partial(self._undo, service, message.redo), partial(self._undone, message))

    def _undo(self, service: Tournament, redo: bool) -> UndoDone:
        """In the worker: redo, or undo what ``u`` means now (``undo_guard``)."""
        if redo:
            return None, service.redo()
        last, free = self.app.undo_guard.target(service)
        if last is not None and not free:  # another terminal's: named first, not undone
            return last, None
        return None, service.undo(expected=last.command if last else None)

    def _undone(self, message: UndoRequested, found: UndoDone) -> None:
        app = self.app
        last, summary = found
        if summary is None:
            assert last is not None
            app.refresh_views()
            asked = app.undo_guard.ask(last, app.tr)
            app.notify(asked, severity="warning", timeout=10, markup=False)
            return
        if not message.redo:
            app.undo_guard.done()
        what = summary_text(summary, app.tr.lang)
        app.named_report = None  # this notice names no report
        if message.redo:
            text = app.tr("Redone: {what}", what=what)
        else:
            text = app.tr("Undone: {what}", what=what)
        app.refresh_views()
        app.tick()
        app.notify(text, timeout=6, markup=False)
