"""The console's views kept up with the log: the main screen made, the State handed down to
the screens, the clock's tick, the poll for other terminals' actions and their notices, at the
pace of ``ui.pacing``; what an action recorded here says; the State a report prints.
``ConsoleApp`` (``ui.app``) makes one for each event it takes, of its mode's kind: the
console's (``screens.console.ConsoleViews``) or the room display's
(``screens.display.DisplayViews``), never before its first frame: this module reads the
event's models."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING

from rich.text import Text
from textual.css.query import NoMatches

from tdconsole.domain.clock import status
from tdconsole.domain.commands import description_of
from tdconsole.domain.read_model import StateView, state_view
from tdconsole.i18n import ngettext
from tdconsole.reports.chosen import receipts_of
from tdconsole.ui.guessing import GuessWatch
from tdconsole.ui.log_watch import Activity, LogWatch
from tdconsole.ui.pacing import NEWS_SECONDS, NewsNotices, RepaintPacer
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.words import REPORTS, activity_text, describe, warnings_said

if TYPE_CHECKING:
    from textual.screen import Screen

    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.events import Command, Record
    from tdconsole.ui.app import ConsoleApp
    from tdconsole.ui.screens.console import ConsoleScreen


class Views(ABC):
    """The console's views kept up with the log (module docstring): the App holds one
    (``app.views``) and hands it its ticks and polls."""

    def __init__(self, app: ConsoleApp) -> None:
        self.app = app
        self.was_pending = False
        self.painted_seq = -1
        """The last event the screens were handed (``refresh``)."""
        self.dialog_seq = -1
        """The last event the open dialogs were handed while a poll left the screens below."""
        self.pacer = RepaintPacer()
        self.news_notices = NewsNotices()
        self.guess_watch = GuessWatch()
        self.log_watch = LogWatch(moves=app.mode == "display")
        """The log read for what the State does not keep (other terminals' actions, moves)."""
        self.console: ConsoleScreen | None = None
        """The console's screen made for this event (none on the room display)."""

    @abstractmethod
    def main_screen(self) -> MainScreen:
        """The main screen of the App's mode."""

    @abstractmethod
    def import_later(self) -> None:
        """Import what the main screen's keys open: the App's worker calls it once the event's
        data is painted."""

    def say_folder_notices(self) -> None:
        """The event's folders chosen on another machine, said once."""
        if self.app.service is not None:
            for notice in self.app.service.folder_notices():
                self.app.notify(notice.text(self.app.tr.lang), severity="warning", timeout=20)
            elsewhere = self.app.service.elsewhere()  # (a copy following, an event moved)
            if elsewhere is not None:
                text = elsewhere.text(self.app.tr.lang)
                self.app.notify(text, severity="warning", timeout=60, markup=False)

    def who(self) -> Text:
        if self.app.service is None:
            return Text("")
        if self.app.mode == "floor":
            return Text(self.app.tr("Floor: {name}", name=self.app.service.actor))
        return Text(self.app.tr("Director: {name}", name=self.app.service.actor))

    def main_screens(self) -> list[MainScreen]:
        return [s for s in self.app.screen_stack if isinstance(s, MainScreen)]

    def consoles(self) -> list[ConsoleScreen]:
        """The console's screen, while it is in the stack."""
        console = self.console
        return [console] if console is not None and console in self.app.screen_stack else []

    def refresh(self) -> int:
        """Hand the State down to every screen (and open dialogs, which may show it); the
        number of other terminals' actions it brought."""
        service = self.app.service
        if service is None:
            return 0
        now = service.now()
        self.painted_seq = self.dialog_seq = service.state.last_seq
        news = self.log_watch.update(service)
        if news and self.app.mode != "display":
            self.notify_news(news)
        for screen in self.app.screen_stack:
            try:
                if isinstance(screen, MainScreen):
                    screen.moved = self.log_watch.moved
                    screen.activity = self.log_watch.activity
                    screen.show_event(service, now, self.who())
                else:
                    self.show_over(screen)
            except NoMatches:  # the screen is being built or torn down
                pass
        return len(news)

    def show_over(self, screen: Screen[object]) -> None:
        """Hand the event to a screen over the main one: a dialog asks the service for what
        it reads (``show_event``: its players, its command's form); the settings' and the
        structure's screens read the event's settings and structure (``show``)."""
        service = self.app.service
        assert service is not None
        show_event = getattr(screen, "show_event", None)
        if show_event is not None:
            show_event(service)
        elif (show := getattr(screen, "show", None)) is not None:
            show(service.state)

    def show_dialogs(self) -> None:
        """Hand the State to the open dialogs only (a poll while the Director is in one)."""
        if self.app.service is None or self.app.service.state.last_seq == self.dialog_seq:
            return
        self.dialog_seq = self.app.service.state.last_seq
        for screen in self.app.screen_stack:
            if not isinstance(screen, MainScreen):
                with suppress(NoMatches):  # the dialog is being built or torn down
                    self.show_over(screen)

    def notify_news(self, news: list[Activity]) -> None:
        """One notice per action of another terminal, at most NEWS_NOTICES showing at once;
        beyond that (a busy floor) one notice says how many, and while it shows the next
        ones are counted for the next such notice (``ui.pacing.NewsNotices``): the room
        panel lists the latest, and the console never drowns in notices."""
        one_by_one, counted = self.news_notices.plan(self.app.monotonic(), len(news))
        title = self.app.tr("Another terminal")
        if counted:
            said = ngettext(
                "{n} action from other terminals: the room panel lists the latest",
                "{n} actions from other terminals: the room panel lists the latest",
                counted,
            ).format(n=counted)
            self.app.notify(
                said.text(self.app.tr.lang), title=title, timeout=NEWS_SECONDS, markup=False
            )
        if not one_by_one:
            return
        for activity in news[:one_by_one]:
            text = activity_text(activity, self.app.tr)
            self.app.notify(text, title=title, timeout=NEWS_SECONDS, markup=False)

    def said_recorded(self, command: Command, records: list[Record]) -> None:
        """What ``command``, recorded here (``records``), did, said in a notice, with the
        report ``p`` prints of it (``app.named_report``) and what the Director should weigh."""
        app = self.app
        service = app.service
        assert service is not None
        what = describe(command, records, app.tr, service.state.settings.currency)
        described = description_of(type(command))
        app.named_report = described.prints if described is not None else None
        if app.named_report is not None:  # the report its notice names for p
            report = app.tr.say(dict(REPORTS)[app.named_report]).lower()
            what = app.tr("{what}: p prints the {report}", what=what, report=report)
        app.notify(app.tr("{what} — u to undo", what=what), timeout=6, markup=False)
        for warning in warnings_said(service.warned(records), app.tr):  # the Director decides
            app.notify(warning, severity="warning", timeout=15, markup=False)

    def printed_state(self, players: Sequence[str] | None) -> StateView:
        """What a report prints of the event now: the read model, narrowed to the receipts of
        ``players`` where some are named. Read on the console's thread, the one that uses the
        service."""
        service = self.app.service
        assert service is not None
        state = state_view(service.state, service.now())
        return receipts_of(state, players) if players else state

    def clock_status(self) -> ClockStatus | None:
        if self.app.service is None:
            return None
        state = self.app.service.state
        if state.clock is None or state.structure is None:
            return None
        auto = state.settings.clock.auto_announce
        return status(state.clock, state.structure, self.app.service.now(), auto_announce=auto)

    def tick(self) -> None:
        if self.app.service is None:
            return
        status = self.clock_status()
        now = self.app.service.now()
        blink = now.microsecond < 500_000
        pending = status is not None and status.pending_announcement
        if pending and not self.was_pending and self.app.mode != "display":
            self.app.bell()  # (the room display rings at the room's own moments: domain.room.chime)
        self.was_pending = pending
        for screen in self.main_screens():
            with suppress(NoMatches):  # the screen is being built or torn down
                screen.show_clock(status, blink)
                screen.show_time(now)

    def poll(self) -> None:
        """Another terminal may have appended: fold it in and repaint (within a second).

        While a dialog is open (the Director in the middle of an action) only the dialog is
        handed the State: the screens below are repainted when it closes, so the keys typed
        in it never wait behind their repaint. While the floor is busy the screens are
        repainted at most once a second (``ui.pacing.RepaintPacer``)."""
        if self.app.service is None or self.app.writing:
            return
        try:
            self.app.service.poll()
        except Exception as exc:  # a busy database is retried at the next poll
            self.app.log.warning(f"poll failed: {exc}")
            return
        now = self.app.monotonic()
        if self.app.mode == "director":
            self.say_guessing(now)
            self.show_copy()
        if self.app.service.state.last_seq == self.painted_seq:
            if self.app.mode != "display":
                self.notify_news([])  # what a notice counted while it showed
            return
        stack = self.app.screen_stack
        if not stack:
            return  # (the App closing: its screens are gone, its timers not yet)
        if not isinstance(stack[-1], MainScreen):
            self.show_dialogs()
            return
        if not self.pacer.due(now):
            return
        self.pacer.painted(now, self.refresh())
        self.tick()

    def show_copy(self) -> None:
        """Where the copy on a second device stands (``tdconsole follow``), read again."""
        assert self.app.service is not None
        copy = self.app.service.copy()
        for console in self.consoles():
            with suppress(NoMatches):  # the screen is being built or torn down
                console.show_copy(copy)

    def say_guessing(self, now: float) -> None:
        """Someone may be guessing the served floor's PINs (``ui.guessing``): said once."""
        assert self.app.service is not None
        path, wall = self.app.service.store.path, self.app.clock().timestamp()
        said = self.guess_watch.notice(path, wall, now)
        if said is not None:
            text = said.text(self.app.tr.lang)
            self.app.notify(text, severity="warning", timeout=NEWS_SECONDS * 3, markup=False)

    def catch_up(self) -> None:
        """Repaint what the service took in from other terminals while it refused an action
        (it re-reads the log inside the write transaction): the refusal is said over the
        latest state, never over a stale one."""
        if self.app.service is not None and self.app.service.state.last_seq != self.painted_seq:
            self.refresh()
            self.tick()
