"""The console's writes: every command, undo and redo it records, off the console's thread and
one at a time.

The event file may be busy: another terminal (a phone, through the floor's server) may hold it
while it writes, and SQLite waits for it up to its busy timeout. That wait happens in a worker
thread, so the console keeps taking keys; past ``WAIT_NOTICE_SECONDS`` it says it is waiting
for the file. While a write is under way the service's connection is the worker's: the poll
skips its turns (``ViewsApp.poll``), and a second write asked meanwhile (a key pressed twice)
is refused with a notice, never queued, so nothing is recorded twice. Keys and repaints go on
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

from textual import on

from tdconsole.domain.errors import RuleError
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.texts import escape
from tdconsole.ui.app_views import ViewsApp
from tdconsole.ui.messages import CommandRequested, UndoRequested
from tdconsole.ui.refusals import console_text
from tdconsole.ui.textual_reach import dismiss, notifications
from tdconsole.ui.undo_guard import UndoGuard

if TYPE_CHECKING:
    from tdconsole.domain.events import Record
    from tdconsole.service import LastAction, Tournament

T = TypeVar("T")

UndoDone = tuple["LastAction | None", "str | None"]
"""What an undo found: the action to name first (not undone), or what was undone or redone."""


class WritesApp(ViewsApp):
    """The App's half that records: the one lane every write of the console takes."""

    WAIT_NOTICE_SECONDS: ClassVar[float] = 0.5
    """How long a write may take before the console says it is waiting for the file."""

    undo_guard: UndoGuard
    named_report: str | None

    def refused(self, exc: RuleError) -> None:
        """``exc`` said in a red notice, in the console's language; its article looked up."""
        text = escape(console_text(exc, self.tr.lang), keep_lines=True)
        self.notify(text, severity="error", timeout=10, markup=False)
        if exc.article:
            for screen in self._consoles():
                screen.look_up_article(exc.article)

    # -- the lane ----------------------------------------------------------------------------
    def _write(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run ``job`` (the service's write) in a worker thread, then ``done`` with its result
        on the console's thread; refused while another write is under way."""
        if self.writing:
            text = self.tr("The last action is still being recorded: wait until it is done")
            self.notify(text, severity="warning", timeout=6, markup=False)
            return
        self.writing = True
        self.run_worker(self._write_lane(job, done), group="write")

    async def _write_lane(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        waiting = self.tr("Waiting for the event file: another terminal is writing it…")
        try:
            pending = asyncio.ensure_future(asyncio.to_thread(job))
            finished, _ = await asyncio.wait({pending}, timeout=self.WAIT_NOTICE_SECONDS)
            if not finished:
                self.notify(waiting, severity="warning", timeout=60, markup=False)
            try:
                result = await pending
            finally:
                for notice in list(notifications(self)):
                    if notice.message == waiting:
                        dismiss(self, notice)
        except RuleError as exc:
            self._catch_up()
            self.refused(exc)
            return
        finally:
            self.writing = False
        done(result)

    # -- what the console records ------------------------------------------------------------
    @on(CommandRequested)
    def run_command(self, message: CommandRequested) -> None:
        message.stop()
        service = self.service
        if service is None:
            return
        self._write(partial(service.execute, message.command), partial(self._recorded, message))

    def _recorded(self, message: CommandRequested, records: list[Record]) -> None:
        if message.dialog is not None:
            message.dialog.dismiss(None)
        self.refresh_views()
        self.tick()
        # lazy: the notices' words read the event's models, which the first frame does not need
        from tdconsole.domain.commands import description_of
        from tdconsole.ui.words import describe, warnings_said

        assert self.service is not None
        state = self.service.state
        settings = state.settings
        what = describe(message.command, records, self.tr, settings.currency)
        described = description_of(type(message.command))
        self.named_report = described.prints if described is not None else None
        self.undo_guard.recorded(records)
        self.notify(self.tr("{what} — u to undo", what=what), timeout=6, markup=False)
        for warning in warnings_said(records, state, self.tr):  # the Director decides
            self.notify(warning, severity="warning", timeout=15, markup=False)
        if message.then is not None:
            self.post_message(message.then)

    @on(UndoRequested)
    def run_undo(self, message: UndoRequested) -> None:
        message.stop()
        service = self.service
        if service is None:
            return
        self._write(partial(self._undo, service, message.redo), partial(self._undone, message))

    def _undo(self, service: Tournament, redo: bool) -> UndoDone:
        """In the worker: redo, or undo what ``u`` means now (``undo_guard``)."""
        if redo:
            return None, service.redo()
        last, free = self.undo_guard.target(service)
        if last is not None and not free:  # another terminal's: named first, not undone
            return last, None
        return None, service.undo(expected=last.command if last else None)

    def _undone(self, message: UndoRequested, found: UndoDone) -> None:
        last, summary = found
        if summary is None:
            assert last is not None
            self.refresh_views()
            asked = self.undo_guard.ask(last, self.tr)
            self.notify(asked, severity="warning", timeout=10, markup=False)
            return
        if not message.redo:
            self.undo_guard.done()
        what = summary_text(summary, self.tr.lang)
        self.named_report = None  # this notice names no report
        if message.redo:
            text = self.tr("Redone: {what}", what=what)
        else:
            text = self.tr("Undone: {what}", what=what)
        self.refresh_views()
        self.tick()
        self.notify(text, timeout=6, markup=False)
