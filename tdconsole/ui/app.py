"""The App owns the service: it runs every command (off its thread, one at a time:
``ui.writes``), and hands the new State down to the screen.

``build_app(service, clock, mode=...)`` is the one place that wires a console; tests give it a
service on a temporary event and a frozen clock.
"""

from __future__ import annotations

import gc
import os
import re
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from rich.text import Text
from textual import events, on, work
from textual.app import ScreenStackError
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.css.query import NoMatches
from textual.notifications import Notification, Notifications, SeverityLevel
from textual.screen import Screen

from tdconsole.domain.errors import RuleError
from tdconsole.domain.summaries import summary_text
from tdconsole.domain.texts import escape
from tdconsole.i18n import _
from tdconsole.now import Clock, utc_now
from tdconsole.store.faults import own_words
from tdconsole.ui.i18n import Lang, Translator, say_bindings
from tdconsole.ui.keyboard import Keyboard
from tdconsole.ui.messages import (
    CiteRequested,
    CommandRequested,
    EventChosen,
    PrintRequested,
    QuitRequested,
    RulesRequested,
    UndoRequested,
)
from tdconsole.ui.notices import NoticeRack
from tdconsole.ui.palette import ConsoleCommands, ConsolePalette
from tdconsole.ui.refusals import console_text
from tdconsole.ui.screens.opening import OpeningScreen
from tdconsole.ui.screens.start import StartScreen
from tdconsole.ui.textual_reach import ConsoleAppReach, notifications
from tdconsole.ui.undo_guard import UndoGuard
from tdconsole.ui.writes import WriteLane

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus
    from tdconsole.domain.read_model import StateView
    from tdconsole.service import Tournament
    from tdconsole.ui.app_views import Views
    from tdconsole.ui.screens.console import ConsoleScreen

Mode = Literal["director", "floor", "display"]

Loader = Callable[[], "Tournament"]

_GROUPED = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
"""The space between a number's groups of thousands (``chips_text``'s "5 000")."""

TICK_SECONDS = 0.25
POLL_SECONDS = 0.4


class ConsoleApp(ConsoleAppReach[int]):
    # The stylesheet comes with the first screen that uses it (``MainScreen.CSS_PATH``): the
    # opening screen, painted first, carries its own few lines.
    TITLE = "tdconsole"
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {ConsoleCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", str(_("Quit")), show=False),
        # Textual's own binding for the palette, with words the catalogue has (the footer).
        Binding(
            "ctrl+p",
            "command_palette",
            str(_("palette")),
            show=False,
            priority=True,
            tooltip=str(_("Open the command palette")),
        ),
        # Tab moves the focus as the App reads it, before the keys typed after it are handed
        # to a widget: a number pasted or scanned after a Tab lands whole in the next field.
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
    ]

    def __init__(
        self,
        service: Tournament | None,
        clock: Clock = utc_now,
        *,
        mode: Mode = "director",
        lang: Lang | None = None,
        actor: str | None = None,
        loader: Loader | None = None,
        title: str = "",
        settle_heap: bool = False,
    ) -> None:
        super().__init__()
        self.keys = Keyboard(self)
        """Every key as it arrives: a word typed is never an action (``ui.keyboard``)."""
        self.lane = WriteLane(self)
        self.service = service
        self.settle_heap = settle_heap
        """Set the start's objects aside from Python's collector once the event is shown
        (``settled_heap``): the console run from the command line, not a test's."""
        self.clock = clock
        self.mode: Mode = mode
        self.actor = actor
        self.lang_override = lang
        self.loader = loader
        """Opens the event (reads the log, builds the demo) in a worker after the first frame."""
        self.event_title = title
        """Said on the opening screen while the event is opened (its file's name)."""
        self.tr = Translator(lang or self.event_lang())
        say_bindings(self, self.tr)
        self.monotonic = monotonic
        self._ui_thread: int | None = None
        """The thread the console runs on, once mounted (``notify``)."""
        self.undo_guard = UndoGuard()
        """What ``u`` may undo without asking (``ui.undo_guard``)."""
        self.named_report: str | None = None
        """The report the last action's notice named ("p prints the seat slips"): ``p``
        starts on it."""
        self.views: Views | None = None
        """The screens kept up with the event's log: its State handed down, the clock's
        tick, the poll for other terminals' actions (``ui.app_views``); one per event taken."""
        if service is not None:
            self.take(service)
        self.crash: BaseException | None = None
        """The unexpected error the console stopped on, if any (``crash_report`` holds it)."""
        self.crash_report: Path | None = None

    # -- the views (``ui.app_views``) -------------------------------------------------------
    @property
    def writing(self) -> bool:
        """A write of this console is under way: the service's connection is its worker's."""
        return self.lane.busy

    def who(self) -> Text:
        return Text("") if self.views is None else self.views.who()

    def refresh_views(self) -> int:
        """Hand the State down to every screen; the number of other terminals' actions."""
        return 0 if self.views is None else self.views.refresh()

    def clock_status(self) -> ClockStatus | None:
        return None if self.views is None else self.views.clock_status()

    def tick(self) -> None:
        if self.views is not None:
            self.views.tick()

    def poll(self) -> None:
        if self.views is not None:
            self.views.poll()

    def catch_up(self) -> None:
        if self.views is not None:
            self.views.catch_up()

    def consoles(self) -> list[ConsoleScreen]:
        """The console's screens in the stack (none on the room display)."""
        return [] if self.views is None else self.views.consoles()

    def event_lang(self) -> Lang:
        if self.service is None:
            return "it"
        return self.service.state.settings.language

    # -- an unexpected error -----------------------------------------------------------------
    def crashed(self, error: Exception) -> None:
        """An unexpected error ends the console with code 1 and a crash report beside the
        event's backups (``tdconsole.ui.crash``); the command line says it in one line.
        (Textual's traceback, with every frame's locals, is not printed: the crash report has
        it without them; ``textual_reach.ConsoleAppReach``.)"""
        if self.crash is None:
            # lazy: the crash report (the store's backups, importlib.metadata: ~100 ms before
            # the first frame), which a console that may crash before its event needs alone
            from tdconsole.ui.crash import write_crash_report

            self.crash = error
            self.crash_report = write_crash_report(error, self.service)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notice is plain text: a name or a refusal is never read as markup; a number
        grouped by thousands ("5 000") is never split across two lines.

        On the console's own thread the notice is shown at once, not by a message handled
        after the next frame (Textual's way, kept for other threads): the notice of an action
        is painted in the frame that closes its dialog and repaints the views, one frame where
        there were two."""
        message = _GROUPED.sub("\u00a0", message)
        if threading.get_ident() != self._ui_thread:
            super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)
            return
        if timeout is None:
            timeout = self.NOTIFICATION_TIMEOUT
        notifications(self).add(Notification(message, title, severity, timeout, markup=False))
        self.refresh_notices()

    def show_notices(self, notices: Notifications) -> bool:
        """The screen on top shows the notices in its one area, painted in place at once
        (``ui.notices``); a screen without one (the start screen, the palette), in Textual's
        toasts."""
        try:
            rack = self.screen.get_child_by_type(NoticeRack)
        except (NoMatches, ScreenStackError):
            return False
        rack.show(notices)
        return True

    # -- another event ---------------------------------------------------------------------
    @on(EventChosen)
    def _event_chosen(self, message: EventChosen) -> None:
        message.stop()
        choose = partial(self._choose, message)
        self.run_worker(choose, thread=True, exclusive=True, group="choose-event")

    def _choose(self, message: EventChosen) -> None:
        views_for(self.mode)  # in this worker, as ``_load``
        # lazy: another event made or opened (the demo's build, the event's files: ~10 ms past
        # the console's modules), which the start screen's choice alone asks
        from tdconsole.ui.event_choice import EventChooser

        EventChooser(self).prepare(message)

    # -- writes ----------------------------------------------------------------------------
    @on(CommandRequested)
    def _command_requested(self, message: CommandRequested) -> None:
        message.stop()
        self.lane.command(message)

    @on(UndoRequested)
    def _undo_requested(self, message: UndoRequested) -> None:
        message.stop()
        self.lane.undo(message)

    def refused(self, exc: RuleError) -> None:
        """``exc`` said in a red notice, in the console's language; its article looked up."""
        text = escape(console_text(exc, self.tr.lang), keep_lines=True)
        self.notify(text, severity="error", timeout=10, markup=False)
        if exc.article:
            for screen in self.consoles():
                screen.look_up_article(exc.article)

    # -- keys ------------------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and await self.keys.take(event):
            return
        await super().on_event(event)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        kept = self.keys.pushing(screen)
        pushed = super().push_screen(screen, *args, **kwargs)
        if kept:
            self.keys.release(screen)
        return pushed

    def release_keys(self, screen: Screen[Any]) -> None:
        """``screen`` (a dialog) is open: the keys typed while it opened go to it."""
        self.keys.release(screen)

    def hold_keys(self, dialog: Screen[Any]) -> None:
        """``dialog``'s action is asked: the keys typed until it is recorded (the dialog
        closed) or refused wait."""
        self.keys.recording(dialog)

    # -- screens ---------------------------------------------------------------------------
    async def on_mount(self) -> None:
        self._ui_thread = threading.get_ident()
        self.set_interval(TICK_SECONDS, self.tick)
        self.set_interval(POLL_SECONDS, self.poll)
        if self.service is None and self.loader is not None:
            # A light frame at once; the console's modules and the event (the domain, the log)
            # are loaded after it is painted, and the console composed with the event's data.
            await self.push_screen(OpeningScreen(self.tr, self.event_title))
            self.call_after_refresh(self._load, self.loader)
        elif self.service is None:
            await self.push_screen(StartScreen(self.tr))
        else:
            await self.open_screen()

    @work(thread=True, exclusive=True, group="open-event")
    def _load(self, loader: Loader) -> None:
        # What comes after the first frame is imported here, off the UI thread, while the
        # frame is shown (the console's modules are the heaviest part of its start); what its
        # keys open, once the event's data is painted (``_import_later``). For a person, the
        # first frame's objects are set aside from the collector first: its full collections
        # while this worker imports and reads walk only what it makes (``settled_heap`` gives
        # them back once the data is shown).
        if self.settle_heap:
            gc.freeze()
        views_for(self.mode)
        try:
            service = loader()
        except RuleError as exc:
            self.call_from_thread(self._not_loaded, exc)
            return
        except Exception as exc:  # a damaged file: said, and the start screen offered
            self.call_from_thread(self._not_loaded, RuleError(own_words(exc)))
            return
        self.call_from_thread(self._loaded, service)

    def _loaded(self, service: Tournament) -> None:
        """The event is open: the console, in the event's language, replaces the opening."""
        self.take(service)
        if self.lang_override is None:
            self.tr.lang = self.event_lang()
        self.run_worker(self.open_screen(), exclusive=True, group="open-event")

    def take(self, service: Tournament) -> None:
        """Use ``service``; the service decides the role (``--as`` someone other than the
        Director is floor staff), and the console shows what that role may do."""
        self.service = service
        if self.mode == "director" and service.role == "floor":
            self.mode = "floor"
        self.views = views_for(self.mode)(self)
        self.undo_guard = UndoGuard()  # (the commands recorded here were another event's)

    def _not_loaded(self, exc: RuleError) -> None:
        text = escape(console_text(exc, self.tr.lang), keep_lines=True)
        self.notify(text, severity="error", timeout=20, markup=False)
        if self.mode == "director":
            self.switch_screen(StartScreen(self.tr))
        elif isinstance(self.screen, OpeningScreen):
            self.screen.failed(text)

    async def open_screen(self) -> None:
        """The main screen on top of the stack, in place of the opening or start screen."""
        views = self.views
        assert views is not None  # (an event taken: ``take``)
        screen = views.main_screen()
        while len(self.screen_stack) > 2:  # the start screen over the event left (the palette)
            await self.pop_screen()
        if len(self.screen_stack) > 1:
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)
        self.refresh_views()
        self.tick()
        # What the keys open is imported once the event's data is painted; then the start is
        # set aside from the collector.
        self.call_after_refresh(self._import_later, views)
        if self.mode == "director" and self.service is not None:
            views.say_folder_notices()
            if self.service.state.stack is None:  # registration open: ``i`` offers them
                self._read_known_players(self.service)

    @work(thread=True, group="import-later")
    def _import_later(self, views: Views) -> None:
        """What the keys open (``Views.import_later``), off the UI thread once the event's data
        is painted: the data waits for none of it; then, for a person, the start (those
        modules with it) is set aside from the collector (``settled_heap``)."""
        views.import_later()
        if self.settle_heap:
            self.call_from_thread(settled_heap)

    @work(thread=True, group="known-players")
    def _read_known_players(self, service: Tournament) -> None:
        service.read_known_players()

    def action_command_palette(self) -> None:
        """Textual's palette, its own words in the console's language."""
        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):
            self.push_screen(ConsolePalette(self.tr))

    def undo_question(self, redo: bool) -> str | None:
        """What ``u`` (``r``: ``redo``) asks before it undoes (restores) the last action, in
        the console's words; None: nothing to undo or redo, or a write under way (the
        service is the worker's then): the refusal says why."""
        if self.service is None or self.writing:
            return None
        if not redo:
            return self.undo_guard.question(self.service, self.tr)
        history = self.service.history
        target = history.last_redoable
        if target is None:
            return None
        return self.tr("Redo: {what}?", what=summary_text(history.summaries[target], self.tr.lang))

    @on(QuitRequested)
    def quit_confirmed(self, message: QuitRequested) -> None:
        message.stop()
        self.exit(0)

    @on(RulesRequested)
    async def open_rules(self, message: RulesRequested) -> None:
        message.stop()
        for screen in self.consoles():
            await screen.action_rules(message.article)

    @on(CiteRequested)
    def cite_in_log(self, message: CiteRequested) -> None:
        message.stop()
        for screen in self.consoles():
            screen.cite(message.articles, message.text)

    # -- printing: rendered off the UI thread ------------------------------------------------
    @on(PrintRequested)
    def print_requested(self, message: PrintRequested) -> None:
        message.stop()
        if self.service is None or self.views is None:
            return
        # The State is read here, on the UI thread that alone uses the service.
        state = self.views.printed_state(message.players)
        self.print_report(message.kind, message.fmt, message.path, state, self.service.store.path)

    @work(thread=True, group="print")
    def print_report(
        self,
        kind: str,
        fmt: str,
        path: Path | None,
        state: StateView,
        event: Path | None = None,
    ) -> None:
        # lazy: the reports and the printer (~100 ms past the console's modules), which a print
        # alone asks, in its worker
        from tdconsole.ui.printing import print_report, print_season_of

        warnings: list[str] = []
        try:
            if kind == "season":
                done = print_season_of(event, fmt, self.tr.lang, path)
            else:
                done = print_report(
                    kind, state, fmt, self.tr.lang, path, protect=event, warnings=warnings
                )
        except RuleError as exc:
            self.call_from_thread(self.refused, exc)
            return
        except Exception as exc:  # a report that cannot be made must not close the console
            text = self.tr("Could not print: {what}", what=exc)
            self.call_from_thread(self.notify, text, severity="error", markup=False)
            return
        if path is None:
            text = self.tr("Sent to the printer: {job}", job=done)
        elif Path(done) != Path(os.path.abspath(path)):
            text = self.tr("{asked} was taken: written to {path}", asked=path.name, path=done)
        else:
            text = self.tr("Written: {path}", path=done)
        self.call_from_thread(self.notify, text, timeout=10, markup=False)
        for warning in warnings:  # already in the console's language
            self.call_from_thread(
                self.notify, warning, severity="warning", timeout=15, markup=False
            )


def views_for(mode: Mode) -> type[Views]:
    """The views of ``mode``'s main screen, and with them, imported at once, every module the
    console (or the room display) needs to show the event: the worker that opens an event
    calls this first, off the UI thread (``_load``, ``_choose``). What the keys open comes
    once the data is painted (``Views.import_later``)."""
    if mode == "display":
        # lazy: the room display past its first frame (its screen, the event's models)
        from tdconsole.ui.screens.display import DisplayViews

        return DisplayViews
    # lazy: the console past its first frame (its screen and words, the event's models)
    from tdconsole.ui.screens.console import ConsoleViews

    return ConsoleViews


def settled_heap() -> None:
    """Everything alive once the console shows its event (the modules, their styles, the
    event's State, the views) set aside from Python's collector for good (``gc.freeze``), after
    one collection so that nothing dead is kept. A full collection stops the console while it
    walks every object, under a busy floor one every few seconds, each a key's repaint late
    by as much; after the freeze it walks only what was made since. What
    is set aside and dies later in a cycle is freed only at the next event opened (given back
    to the collector first: the last event's console goes then), else never: the first frames'
    lines, a few widgets' worth."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def build_app(
    service: Tournament | None,
    clock: Clock = utc_now,
    *,
    mode: Mode = "director",
    lang: Lang | None = None,
    actor: str | None = None,
    loader: Loader | None = None,
    title: str = "",
    settle_heap: bool = False,
) -> ConsoleApp:
    """The console on ``service`` (None: the start screen, or the event ``loader`` opens after
    the first frame). ``clock`` gives the wall time for what the console times itself
    (calling the clock on a player). ``title`` is said on the opening screen until then.
    ``settle_heap``: the console run for a person (``settled_heap``), not in a test."""
    return ConsoleApp(
        service,
        clock,
        mode=mode,
        lang=lang,
        actor=actor,
        loader=loader,
        title=title,
        settle_heap=settle_heap,
    )
