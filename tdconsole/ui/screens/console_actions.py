"""The console's actions on the room: the clock, the dialogs, and the direct commands.

``ConsoleActions`` is the part of ``ConsoleScreen`` (``console``) that finds what an action
applies to (the tab in front, the player and the table under the cursor, the table to close)
and acts: it posts the clock's commands, opens the dialogs, forms and screens, and asks
before the one-key commands (fee, food, withdraw, undo, redo, the level and the time of the
clock, quit: ``confirm``; what undo names: ``undo_guard``). The screen keeps the layout, the
bindings, who may use which key (``check_action``), and the navigation. It is a plain class at
run time, so the screen's bindings, CSS type names and CSS bases are those of a ``MainScreen``
alone.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.widgets import TabbedContent

from tdconsole.domain.clock import format_mmss
from tdconsole.domain.commands import BY_COMMAND
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.spec import declared
from tdconsole.i18n import _
from tdconsole.reports.printer import print_folder
from tdconsole.store.local_folders import print_dir_here
from tdconsole.ui.messages import CommandRequested, UndoRequested
from tdconsole.ui.widgets.payouts_view import PayoutsView
from tdconsole.ui.widgets.players_view import PlayersView
from tdconsole.ui.widgets.rulings_view import RulingsView
from tdconsole.ui.widgets.tables_view import TablesView
from tdconsole.words.clock import clock_question

if TYPE_CHECKING:
    from tdconsole.service import Tournament
    from tdconsole.ui.i18n import Translator
    from tdconsole.ui.screens.base import MainScreen
    from tdconsole.ui.screens.console_later import Later
    from tdconsole.ui.widgets.shown import Shown

    _Screen = MainScreen
else:
    _Screen = object

CHOOSE_FIRST = {
    "player": _("Choose a player first: his row in tab 2, Players, or / to search"),
    "table": _("Choose a table first: tab 1, Tables"),
    "prize": _("Choose a place whose prize is due first: tab 3, Prizes"),
}
"""Where to choose what a key acts on, said when nothing is under the cursor."""


def later() -> type[Later]:
    """The dialogs and screens the keys open (``console_later``): imported by the App's worker
    once the event's data is shown; a key that comes first waits for that import, or makes it."""
    # lazy: the keys' dialogs and screens, imported after the event's data is shown (ui.app)
    from tdconsole.ui.screens.console_later import Later

    return Later


class ConsoleActions(_Screen):
    """What the console's actions apply to, and the actions on the room."""

    tr: Translator
    floor: bool
    shown: Shown | None

    # -- what the actions apply to ---------------------------------------------------------
    def active_tab(self) -> str:
        return self.query_one(TabbedContent).active or "tables"

    def selected_player(self) -> str | None:
        tab = self.active_tab()
        if tab == "players":
            return self.query_one(PlayersView).selected_player()
        if tab == "tables":
            return self.query_one(TablesView).selected_player()
        if tab == "prizes":  # the holder of the place under the cursor
            return self.query_one(PayoutsView).selected_player()
        return None

    def selected_table(self) -> int | None:
        if self.shown is None:
            return None
        name = self.selected_player()
        player = self.shown.event.player(name) if name else None
        if player is not None and player.table is not None and player.status == "in":
            return player.table
        return self.query_one(TablesView).selected_table()

    def closing_table(self) -> int | None:
        """The table to close: the first that must close, else the one under the cursor."""
        if self.shown is None:
            return None
        due = [t.number for t in self.shown.event.tables if t.must_close]
        selected = self.selected_table()
        if selected in due:
            return selected
        return due[0] if due else selected

    def finished(self) -> bool:
        """The tournament is over (IV.7)."""
        return self.shown is not None and self.shown.event.view.phase == "finished"

    def choose_first(self, what: str) -> None:
        """A key that acts on the player, table or prize under the cursor, pressed with none
        there: where to choose one (the tab and its key, or the search)."""
        self.notify(self.tr.say(CHOOSE_FIRST[what]), severity="warning")

    # -- actions: the clock ----------------------------------------------------------------
    def action_clock_toggle(self) -> None:
        clock = self.shown.event.view.clock if self.shown is not None else None
        running = clock is not None and clock.status.running
        self.post_message(CommandRequested(ClockControl(action="pause" if running else "start")))

    def action_clock(self, action: str) -> None:
        """Announce the level that is due at once (only when due: the prompt asks for it);
        the next or the previous level asked first (a level changed by a stray key changes
        the blinds and the time of the room)."""
        command = ClockControl(action=action)
        if action in ("next", "prev"):
            self._ask_clock(command)
        else:
            self.post_message(CommandRequested(command))

    def action_clock_time(self, action: str) -> None:
        """A minute more or less, asked first: the time left before and after."""
        self._ask_clock(ClockControl(action=action, seconds=60))

    def _ask_clock(self, command: ClockControl) -> None:
        status = getattr(self.app, "clock_status", lambda: None)()
        structure = self.shown.event.structure if self.shown is not None else None
        question = None
        if status is not None and structure is not None:
            question = clock_question(command.action, status, structure, self.tr)
        if question is None:  # refused: the refusal says why
            self.post_message(CommandRequested(command))
            return
        keys = BY_COMMAND["ClockControl"].keys  # its key's label: "Next level"
        label = next(key.label for key in keys if f"('{command.action}')" in key.action)
        self.confirm(self.tr.say(label), question, CommandRequested(command))

    def action_clock_set(self) -> None:
        """The time left, typed as MM:SS (``tdconsole clock set``), the clock's now offered."""

        status = getattr(self.app, "clock_status", lambda: None)()
        left = format_mmss(status.remaining_seconds) if status is not None else ""
        self.app.push_screen(later().ClockSetDialog(self.tr, left))

    # -- actions: dialogs ------------------------------------------------------------------
    def _service(self) -> Tournament[Any]:
        """The service a key's dialog asks what it reads (its players, its command's form):
        the State as last read, which the screen may not have painted yet (a repaint waiting
        its turn)."""
        service: Tournament[Any] | None = getattr(self.app, "service", None)
        assert service is not None
        return service

    def action_eliminate(self, name: str | None = None) -> None:
        # One dialog kept and emptied at each key (built once: building it is most of a key's CPU).
        player = name or self.selected_player()
        roster = self._service().roster()
        self.app.push_screen(later().EliminateDialog.opened(self.app, self.tr, roster, player))

    def action_count(self) -> None:
        table = self.selected_table()
        if table is None:
            self.choose_first("table")
            return
        board = self._service().roster().table_count(table)
        self.app.push_screen(later().CountDialog(self.tr, board))

    def action_close_table(self, table: int | None = None) -> None:
        number = table or self.closing_table()
        if number is None:
            self.choose_first("table")
            return
        shown = self._service().roster().closing(number)
        if shown is not None:
            self.app.push_screen(later().CloseTableDialog(self.tr, shown, number))

    def action_final(self) -> None:
        self.app.push_screen(later().FinalDialog(self.tr, self._service().roster().finalists()))

    def action_register(self) -> None:
        # The players the club knows, to take by a few letters; the last event's, offered.
        service = getattr(self.app, "service", None)
        known = service.known_players() if service is not None else []
        last = service.last_event_players() if service is not None else []
        self.app.push_screen(later().RegisterDialog(self.tr).offering(known, last))

    def action_settings(self) -> None:
        """Every setting, grouped as the regulation is, named and explained (VII.1)."""

        self.app.push_screen(later().SettingsScreen(self.tr, self._service().state))

    def _current_article(self) -> str:
        views = list(self.query(RulingsView))
        return (views[0].current_article() or "") if views else ""

    def action_ruling(self) -> None:
        self.cite(self._current_article())

    def action_cite(self) -> None:
        """Cite the article in view in the rulings log (Art. VII.3)."""
        self.cite(self._current_article())

    def cite(self, articles: str, text: str = "") -> None:
        """A ruling's dialog opened on the table under the cursor, citing ``articles`` (the
        article in view, or a calculation's) with ``text`` for its decision."""
        if self.floor:
            self.notify(self.tr("Director only"), severity="warning")
            return
        table = self.selected_table()
        given = {"table": "" if table is None else str(table), "articles": articles, "text": text}
        self.action_command("RecordRuling", given=given)

    def action_print(self) -> None:
        """Print the report the last notice named ("p prints the seat slips"), else the
        report of the view in front (any other can be chosen in the dialog); into the
        event's print folder."""
        tab = self.active_tab()
        kind = later().FOR_TAB.get(tab, "standings")
        if tab in ("standings", "season"):
            pass  # the report of what the tab shows, whatever a notice named
        elif kind == "standings" and self.finished():
            kind = getattr(self.app, "named_report", None) or "results"
        else:
            kind = getattr(self.app, "named_report", None) or kind
        self.app.push_screen(later().PrintDialog(self.tr, kind, self._print_folder()))

    def _print_folder(self) -> Path | None:
        """The event's print folder (``prints/`` beside it, or ``print_dir``)."""
        service = getattr(self.app, "service", None)
        if service is None:
            return None
        return print_folder(service.store.path, print_dir_here(service.state.settings))

    def action_command(
        self, command: str, name: str | None = None, given: dict[str, str] | None = None
    ) -> None:
        """A command written in one module (``domain.slices``): its dialog, built from its
        fields; one naming a player opens on ``name``, else on the player under the cursor;
        one choosing among none is said, not opened; one whose player is chosen first says
        where to choose him when none it may name is under the cursor; ``given``: what its
        fields open with."""
        found = declared(command)
        form = self._service().form(found)
        empty = form.nothing_to_choose()
        if empty is not None:
            self.notify(self.tr.say(empty), severity="warning")
            return
        player = (name or self.selected_player()) if found.player is not None else None
        if found.chosen_first and not form.may_choose(player):
            self.choose_first(found.chosen_where)
            return
        folder = self._print_folder() if found.receipt else None
        cursor = self.under_cursor()
        dialog = later().SliceDialog.for_key(self.app, self.tr, form, player, cursor, folder, given)
        self.app.push_screen(dialog)

    def under_cursor(self) -> dict[str, int]:
        """The table and the seat under the Tables tab's cursor (a dialog's fields open on
        them: ``spec.Field.under_cursor``)."""
        tables = self.query_one(TablesView)
        table = tables.selected_table()
        if table is None:
            return {}
        cursor = tables.cursor
        seat = cursor[1] if cursor is not None and cursor[0] == table else None
        return {"table": table} if seat is None else {"table": table, "seat": seat}

    def action_structure(self) -> None:
        """Every level as a row, edited in place; before the start, proposed (III.1, III.5)."""
        clock = getattr(self.app, "clock", None) or datetime.now
        self.app.push_screen(later().StructureScreen(self.tr, self._service().planned(), clock()))

    def action_colour_up(self) -> None:
        """The smallest chip leaves play: every player's new count (a Decision, VII.1)."""

        board = self._service().roster().recount()
        if board is None:
            self.notify(self.tr("No bigger chip to colour up to"), severity="warning")
            return
        self.app.push_screen(later().ColourUpDialog(self.tr, board))

    def action_calc(self, name: str) -> None:
        """A calculator's form, prefilled from the room: the big blind now, the table in view."""

        defaults: dict[str, str] = {}
        status = getattr(self.app, "clock_status", lambda: None)()
        if status is not None:
            defaults["bb"] = str(status.big_blind)
        number = self.query_one(TablesView).selected_table()
        tables = self.shown.event.view.tables if self.shown is not None else ()
        table = next((t for t in tables if t.number == number), None)
        if table is not None:
            seated = [s.seat for s in table.seats if s.player is not None]
            defaults["seats"] = ",".join(map(str, seated))
            defaults["button"] = str(table.button)
        self.app.push_screen(later().form_class(name)(self.tr, defaults))

    def action_call_clock(self) -> None:
        name = self.selected_player()
        if name is None:
            self.choose_first("player")
            return
        clock = getattr(self.app, "clock", None) or datetime.now
        self.app.push_screen(later().CallClockDialog(self.tr, name, clock))

    # -- actions: asked first -------------------------------------------------------------------
    def confirm(
        self, heading: str, question: str, request: Message, articles: tuple[str, ...] = ()
    ) -> None:
        """A one-key action that changes the night, asked first: Enter confirms, Escape (or a
        letter typed into it) changes nothing (``ConfirmDialog``). A command its service
        refuses now is refused at once, never asked (``Tournament.check``)."""
        service = getattr(self.app, "service", None)
        if isinstance(request, CommandRequested) and service is not None:
            try:
                service.check(request.command)
            except RuleError as refused:
                getattr(self.app, "refused", lambda _error: None)(refused)
                return
        dialog = later().ConfirmDialog(self.tr, heading, question, request, articles)
        self.app.push_screen(dialog)

    def action_food(self) -> None:
        """The food contribution, before the start or during play (I.2)."""
        self.action_pay(food=True)

    def action_pay(self, food: bool = False) -> None:
        name = self.selected_player()
        if name is None:
            self.choose_first("player")
            return
        if food:
            heading, question = self.tr("Food"), self.tr("Food paid by {name}?", name=name)
        else:
            heading, question = self.tr("Pay"), self.tr("Entry fee paid by {name}?", name=name)
        request = CommandRequested(Pay(names=[name], food=food))
        self.confirm(heading, question, request, ("I.2",))

    def action_undo(self) -> None:
        self._undo_or_redo(redo=False)

    def action_redo(self) -> None:
        self._undo_or_redo(redo=True)

    def _undo_or_redo(self, redo: bool) -> None:
        """``u`` and ``r`` ask first, naming the action (and whose it is, ``undo_guard``)."""
        question = getattr(self.app, "undo_question", lambda redo: None)(redo)
        if question is None:  # nothing to undo or redo, or not yet: the refusal says why
            self.post_message(UndoRequested(redo))
            return
        heading = self.tr("Redo") if redo else self.tr("Undo")
        self.confirm(heading, question, UndoRequested(redo))
