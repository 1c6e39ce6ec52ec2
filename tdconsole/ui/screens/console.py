"""The console: clock, room, and the tabs (tables, players, prizes, standings, rulebook).

The Director's console and the floor console are this screen; ``floor=True`` hides and refuses
what the floor may not do (clock control, settings, Director-only actions).

This module holds the layout, what the App hands down to it, the bindings, who may use which
key (``check_action``), the navigation and the command palette's entries; what the actions
apply to and the actions on the room (clock, dialogs, direct commands) are
``console_actions.ConsoleActions``. ``ConsoleViews`` makes it for the App.

The App's worker that opens an event imports this module (``ui.app.views_for``): what it
imports at its top is all the console loads after its first frame.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.lazy import Lazy
from textual.reactive import Reactive, var
from textual.widget import Widget
from textual.widgets import Input, TabbedContent, TabPane

from tdconsole.domain.described import action_id
from tdconsole.domain.words import listed_word
from tdconsole.i18n import _
from tdconsole.ui.app_views import Views
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import QuitRequested
from tdconsole.ui.screens.base import MainScreen
from tdconsole.ui.screens.console_actions import ConsoleActions, later
from tdconsole.ui.screens.console_keys import (
    ACTIONS,
    ENTER_ENDS,
    FLOOR_ACTIONS,
    IN_PLAY,
    SEARCH_BOXES,
    TABS,
    why_not,
)
from tdconsole.ui.screens.start import StartScreen
from tdconsole.ui.textual_reach import rewrite_bindings
from tdconsole.ui.widgets.cash_view import CashView
from tdconsole.ui.widgets.clock_panel import ClockPanel
from tdconsole.ui.widgets.keys_footer import KeysFooter
from tdconsole.ui.widgets.payouts_view import PayoutsView
from tdconsole.ui.widgets.players_view import PlayersView, SearchBox
from tdconsole.ui.widgets.room_summary import RoomSummary
from tdconsole.ui.widgets.rulings_view import RulingsView
from tdconsole.ui.widgets.season_view import SeasonView
from tdconsole.ui.widgets.shown import Shown
from tdconsole.ui.widgets.standings_view import StandingsView
from tdconsole.ui.widgets.tables_view import TablesView
from tdconsole.ui.widgets.title_bar import TitleBar
from tdconsole.ui.words import where_seated

TabView = PlayersView | PayoutsView | CashView | StandingsView | RulingsView | SeasonView

VIEWS_OF_TAB: dict[str, tuple[tuple[type[TabView], str], ...]] = {
    "players": ((PlayersView, "players-view"),),
    "prizes": ((PayoutsView, "payouts-view"), (CashView, "cash-view")),
    "standings": ((StandingsView, "standings-view"),),
    "rules": ((RulingsView, "rulings-view"),),
    "season": ((SeasonView, "season-view"),),
}
"""What each tab but the tables' holds, built when the tab is first shown: a console opens with
the widgets of the tab on screen only (a start cost ~35 mounts and their styles for six tabs)."""

TAB_VIEWS = tuple(view for views in VIEWS_OF_TAB.values() for view, _id in views)
"""The views the tabs hold, drawn while their tab is in front (the tables' view always)."""

if TYPE_CHECKING:
    from textual.widget import AwaitMount

    from tdconsole.domain.clock import ClockStatus
    from tdconsole.service import Tournament
    from tdconsole.store.copy_standing import CopyView


class ConsoleScreen(ConsoleActions, MainScreen):
    shown: var[Shown | None] = var(None, always_update=True)
    """The event as the widgets read it: each follows it (``widgets.shown``)."""
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As Textual's, without its repaint of the whole screen at each change of focus (a word
    typed, Enter, a tab): what a focus changes repaints itself (the widgets whose style it
    changes, the footer's keys)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(k.key, k.action, str(k.label), show=k.shown) for k in ACTIONS],
        *[Binding(str(i + 1), f"tab('{name}')", name, show=False) for i, name in enumerate(TABS)],
        Binding("f1", "rules", str(_("Rules")), show=False),
        # Escape leaves a search box for its view, as the App reads it: the keys typed after it
        # (``y`` for a fee) already act on the view.
        Binding("escape", "leave_search", show=False, priority=True),
        # Enter ends a search the same way (not the Season tab's field, where it makes the
        # season): the key after it already acts on the list, never goes into the box.
        Binding("enter", "end_search", show=False, priority=True),
    ]

    def __init__(self, tr: Translator, *, floor: bool = False) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.floor = floor
        if floor:
            show_on_floor(self)
        self._prompted: int | None = None
        """The break whose colour-up was prompted (once per break)."""
        self._now: datetime | None = None
        self._in_break = False
        """The clock's time at its last tick, and whether it was in a break then (the keys a
        break forbids are greyed out: ``why_not``)."""
        self._letter_keys = {
            k.key for k in ACTIONS if len(k.key) == 1 and k.key.isalpha() and (k.floor or not floor)
        }
        self._built = {"tables"}
        """The tabs whose views are mounted (``build_tab``)."""

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        tr = self.tr
        yield TitleBar(tr, id="title")
        with Horizontal(id="top"):
            yield ClockPanel(tr, director=not self.floor, id="clock")
            yield RoomSummary(tr, id="room")
        with TabbedContent(id="tabs"):
            with TabPane("1 " + tr("Tables"), id="tables"):
                yield TablesView(tr, id="tables-view")
            # The other tabs' views are built when their tab is first shown (``build_tab``).
            yield TabPane("2 " + tr("Players"), id="players")
            yield TabPane("3 " + tr("Prizes"), id="prizes")
            yield TabPane("4 " + tr("Standings"), id="standings")
            yield TabPane("5 " + tr("Rulebook"), id="rules")
            yield TabPane("6 " + tr("Season"), id="season")
        # The keys come a frame after the event's data (a footer of keys costs its mount).
        yield Lazy(KeysFooter())

    def on_mount(self) -> None:
        self.query_one(TablesView).focus()
        self.set_class(self.floor, "-floor")

    # -- attributes down -------------------------------------------------------------------
    def show_event(self, event: Tournament[Any], now: datetime, who: Text) -> None:
        """The event as the widgets and the keys read it, built once (``shown``: each widget
        follows it)."""
        before = self.shown
        shown = Shown(event.console(now), now, who, self.activity)
        self.shown = shown
        if before is None or before.event.view.phase != shown.event.view.phase:
            self.refresh_bindings()

    def build_tab(self, name: str) -> AwaitMount | None:
        """Mount the views of tab ``name`` the first time it is needed (None: already there).
        Once this returns, the views are in the screen's queries; their own widgets are there
        once the mount it returns is awaited."""
        if name in self._built:
            return None
        self._built.add(name)
        views = [view(self.tr, id=view_id) for view, view_id in VIEWS_OF_TAB[name]]
        return self.query_one(TabbedContent).get_pane(name).mount_all(views)

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        # A tab chosen on its header (the mouse, or the arrows on the headers).
        if (built := self.build_tab(event.pane.id or "tables")) is not None:
            await built

    def show_clock(self, status: ClockStatus | None, blink: bool) -> None:
        self.query_one(ClockPanel).show(status, blink)
        in_break = status is not None and status.is_break
        if in_break != self._in_break:
            self._in_break = in_break
            self.call_later(self.refresh_bindings)  # (once the tick's time is kept: show_time)
        if status is not None and not self.floor:
            self._colour_up_prompt(status)

    def _colour_up_prompt(self, status: ClockStatus) -> None:
        """At the break the plan marks, once: the colour-up is due (key C)."""

        shown = self.shown
        if shown is None or not status.is_break or status.index == self._prompted:
            return
        if shown.event.colour_up_after != status.level:
            return
        self._prompted = status.index
        unit = shown.event.chip_unit
        self.notify(
            self.tr("Break: colour-up of the {chip} chips — press C", chip=unit),
            severity="warning",
            timeout=30,
        )

    def show_copy(self, copy: CopyView | None) -> None:
        """Where the copy on a second device stands (the room panel says it in one line)."""
        self.query_one(RoomSummary).show_copy(copy)

    def show_time(self, now: datetime) -> None:
        self._now = now
        self.query_one(TitleBar).show_time(now)
        self.query_one(RoomSummary).expire(now)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        action = action_id(action, parameters)
        if action == "leave_search":
            return self.focused is not None and self.focused.id in SEARCH_BOXES
        if action == "end_search":
            return self.focused is not None and self.focused.id in ENTER_ENDS
        if self.floor and action not in FLOOR_ACTIONS:
            return False
        if self.shown is None:
            return action not in IN_PLAY
        # else said when pressed (``key_alone``)
        return why_not(self.shown.event, action, self._now) is None

    # -- actions: navigation ---------------------------------------------------------------
    async def _front(self, name: str) -> None:
        """Tab ``name`` in front, its views built (they draw ``shown`` as it comes to the
        front: ``widgets.shown.follow``)."""
        if (built := self.build_tab(name)) is not None:
            await built
        self.query_one(TabbedContent).active = name

    async def action_tab(self, name: str) -> None:
        await self._front(name)
        focus = {
            "tables": "#tables-view",
            "players": "#player-table",
            "prizes": "#payouts-view",
            "standings": "#standings-view",
            "rules": "#rule-results",
            "season": "",
        }[name] or self.query_one(SeasonView).first_focus()
        if isinstance(self.focused, Input) and self.focused.value:
            return  # a word typed while the tab was built began a search: its box keeps the keys
        # At once (not at the next refresh): keys typed right after land in the new pane.
        self.set_focus(self.query_one(focus))

    async def action_search(self) -> None:
        """The search of the tab in front: the rulebooks' on the rulebook tab, else the
        players'."""
        if self.active_tab() == "rules":
            self.set_focus(self.query_one("#rule-search"))
            return
        await self._front("players")
        self.set_focus(self.query_one("#player-search"))

    def letter_keys(self) -> set[str]:
        """The letters that are keys of this console (``ui.keyboard``: pressed alone they
        act, or say why they do not apply; followed by another they begin a word)."""
        return self._letter_keys

    async def typed_word(self, text: str, new: bool) -> None:
        """A word typed where no field has the keys: a search for a player (``ui.keyboard``);
        ``new``: its first letters, which begin a new search; else letters on their way when
        the search box took the keys, which go on the word."""
        if not new:  # wherever the focus is: a letter handed on before the box took it
            box = self.focused
            if not isinstance(box, Input):
                box = self.query_one(SearchBox)
            box.insert_text_at_cursor(text)
            return
        await self._front("players")
        self.query_one(SearchBox).start(text)

    def key_alone(self, key: str) -> bool:
        """A key pressed alone that no binding takes now (``ui.keyboard``): True when it does
        not apply here, said with its article (``f`` once the final is drawn)."""
        name = action_id(ACTION_OF_KEY.get(key, ""))
        if not name or self.shown is None or (self.floor and name not in FLOOR_ACTIONS):
            return False
        refused = why_not(self.shown.event, name, self._now)
        if refused is not None:
            getattr(self.app, "refused", lambda _error: None)(refused)  # the App says it
        return refused is not None

    def action_leave_search(self) -> None:
        box = self.focused
        if box is not None and box.id in SEARCH_BOXES:
            self.set_focus(self.query_one(SEARCH_BOXES[box.id]))

    def action_end_search(self) -> None:
        self.action_leave_search()

    def look_up_article(self, article: str) -> None:
        """Open the rule-book tab's search at ``article`` (a refusal's), the tab in front kept:
        the article is the one a ruling recorded next cites."""
        self.build_tab("rules")
        self.query_one(RulingsView).lookup(article)

    async def action_rules(self, article: str | None = None) -> None:
        await self.action_tab("rules")
        if article:
            self.query_one(RulingsView).lookup(article)

    def action_help(self) -> None:
        self.app.push_screen(
            later().KeysScreen(
                self.tr,
                [(k.key, k.label) for k in ACTIONS if k.floor or not self.floor],
            )
        )

    def action_quit(self) -> None:
        """Asked first (ctrl+q quits at once): every action is already in the event file."""
        if self.shown is None:  # the event not shown yet: nothing to ask about
            self.app.exit(0)
            return
        question = self.tr("Quit the console? The night is saved.")
        self.confirm(self.tr("Quit"), question, QuitRequested())

    async def select_player(self, name: str) -> None:
        """Put the cursor on ``name`` (from the command palette)."""
        if self.query_one(TablesView).select_player(name):
            await self.action_tab("tables")
        else:
            await self.action_tab("players")
            self.query_one(PlayersView).select_player(name)

    def palette_entries(self) -> list[tuple[str, object, str, str]]:
        return palette_entries(self)

    async def select_table(self, number: int) -> None:
        await self.action_tab("tables")
        self.query_one(TablesView).select_table(number)


class ConsoleViews(Views):
    """The Director's and the floor's views of the event, on the console's screen."""

    def main_screen(self) -> ConsoleScreen:
        self.console = ConsoleScreen(self.app.tr, floor=self.app.mode == "floor")
        return self.console

    def import_later(self) -> None:
        later()
        if self.app.service is not None:
            self.app.service.ready_faces()


ACTION_OF_KEY = {k.key: k.action for k in ACTIONS}

FLOOR_FOOTER = {"count", "call_clock"}
"""Keys the floor's footer shows besides the Director's: the floor counts and calls the clock."""


def show_on_floor(screen: ConsoleScreen) -> None:
    """The floor's footer: its own keys shown (``k`` for a count), the Director's hidden."""

    rewrite_bindings(screen, lambda b: replace(b, show=True) if b.action in FLOOR_FOOTER else b)


def palette_entries(screen: ConsoleScreen) -> list[tuple[str, object, str, str]]:
    """Every action this console allows, every player in play, every open table. A player's
    entries come in one order, whatever the name: the player, eliminate, disqualify, then the
    second stack while he may still take it (the palette keeps them together)."""

    tr = screen.tr
    entries: list[tuple[str, object, str, str]] = []
    for k in ACTIONS:
        name = action_id(k.action)
        if (screen.floor and not k.floor) or screen.check_action(name, ()) is False:
            continue
        entries.append((tr.say(k.label), partial(screen.run_action, k.action), k.key, ""))
    if not screen.floor:
        entries.extend(event_and_season_entries(screen))
    if screen.shown is None:
        return entries
    event = screen.shown.event
    for p in event.view.players:
        status = tr.say(listed_word(event.view.phase, p.status))
        if p.status == "in" and p.table is not None:
            assert p.seat is not None
            seat = where_seated(tr, p.table in event.final_tables, p.table, p.seat)
            where = tr("Player {name} — {seat}", name=p.name, seat=seat)
            entries.append((where, partial(screen.select_player, p.name), status, p.name))
            if screen.check_action("eliminate", ()) is not False:
                entries.append(
                    (
                        tr("Eliminate {name}", name=p.name),
                        partial(screen.action_eliminate, p.name),
                        "e",
                        p.name,
                    )
                )
            if not screen.floor:
                entries.append(
                    (
                        tr("Disqualify {name}", name=p.name),
                        partial(screen.action_command, "Disqualify", p.name),
                        "x",
                        p.name,
                    )
                )
            if p.name in event.second_stack_due:
                entries.append(
                    (
                        tr("Second stack for {name}", name=p.name),
                        partial(screen.action_command, "SecondStack", p.name),
                        "d",
                        p.name,
                    )
                )
        else:
            entries.append(
                (
                    tr("Player {name}", name=p.name),
                    partial(screen.select_player, p.name),
                    status,
                    p.name,
                )
            )
    for t in event.tables:
        go = tr("Go to the final table") if t.final else tr("Go to table {table}", table=t.number)
        entries.append((go, partial(screen.select_table, t.number), "", ""))
        if not screen.floor and event.tables_close:
            entries.append(
                (
                    tr("Close table {table}", table=t.number),
                    partial(screen.action_close_table, t.number),
                    "c",
                    "",
                )
            )
    return entries


def event_and_season_entries(screen: ConsoleScreen) -> list[tuple[str, object, str, str]]:
    """The start screen over this event (a new one, a recent one, one like it) and the Season
    tab's three actions: the Director's, never the floor's."""
    tr = screen.tr

    def events() -> None:
        screen.app.push_screen(StartScreen(tr))

    async def season(action: str) -> None:
        await screen.action_tab("season")
        view = screen.query_one(SeasonView)
        if action == "new":
            screen.set_focus(view.query_one("#season-name"))
        elif action == "add":
            view.add_this_event()
        else:
            await view.print_season()

    return [
        (tr("Events: new, recent, like this one"), events, tr("start screen"), ""),
        (tr("Season: new season"), partial(season, "new"), "6", ""),
        (tr("Season: add this event"), partial(season, "add"), "6", ""),
        (tr("Season: print the season"), partial(season, "print"), "6", ""),
    ]
