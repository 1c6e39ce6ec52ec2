"""Every open table, with a seat cursor: arrows move it over the seats as they are drawn (left
and right along a row, up and down between rows and on to the table above or below, in the
same column); the actions apply to the player in the seat under it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tdconsole.i18n import _
from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.widgets.shown import follow
from tdconsole.ui.widgets.table_card import NAME_MAX, TableCard

if TYPE_CHECKING:
    from tdconsole.domain.console_view import CardTable, ConsoleView


class TablesView(VerticalScroll, can_focus=True):
    """Shows the event's open tables; remembers the seat under the cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(0, 1)", str(_("seat on the right")), show=False),
        Binding("left", "move(0, -1)", str(_("seat on the left")), show=False),
        Binding("down", "move(1, 0)", str(_("seat below")), show=False),
        Binding("up", "move(-1, 0)", str(_("seat above")), show=False),
    ]

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        say_bindings(self, self.tr)
        self.views: list[CardTable] = []
        self.cursor: tuple[int, int] | None = None
        """(table number, seat number) under the cursor."""
        self.column: int | None = None
        """The column the arrows took the cursor to (kept by up and down)."""
        self._moved_to: tuple[int, int] | None = None
        """Where the arrows last put the cursor: moved otherwise, the column is its own."""
        self._built = False

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))

    def show(self, event: ConsoleView) -> None:
        seated = self.selected_player()
        self.views = list(event.tables)
        self._fix_cursor()
        if seated is not None and self.selected_player() is None:
            self._next_player()
        cards = {card.view.number: card for card in self.query(TableCard)}
        wanted = [v.number for v in self.views]
        if list(cards) != wanted or not self._built:
            self.call_next(self._rebuild)  # tables opened or closed: new cards, after removal
        else:
            for view in self.views:
                cards[view.number].show(view, self._selected(view.number), self._name_width())

    def compose(self) -> ComposeResult:
        # Until the event is open (it is read after the first frame).
        yield Static(Text(self.tr("Opening the event…")), classes="empty")

    async def _rebuild(self) -> None:
        self._built = True
        await self.remove_children()
        widgets: list[Static | TableCard] = [
            TableCard(v, self.tr, self._selected(v.number), self._name_width()) for v in self.views
        ]
        if widgets:
            legend = self.tr(
                "D = button   {mark} = has taken the second stack (Art. VII.7)", mark=SECOND_STACK
            )
            widgets.append(Static(Text(legend), classes="legend"))
        else:
            empty = self.tr("No tables yet: register, pay, then draw the seats (s)")
            widgets.append(Static(Text(empty), classes="empty"))
        await self.mount_all(widgets)

    def _name_width(self) -> int:
        """One name width for every table, so the seat columns line up."""
        return min(
            NAME_MAX, max((len(s.name) for v in self.views for s in v.seats if s.name), default=6)
        )

    def _selected(self, table: int) -> int | None:
        if self.cursor is not None and self.cursor[0] == table:
            return self.cursor[1]
        return None

    def _occupied(self) -> list[tuple[int, int, str]]:
        return [(v.number, s.seat, s.name) for v in self.views for s in v.seats if s.name]

    def _fix_cursor(self) -> None:
        """Keep the cursor on its seat while the table is open; else on the first player."""
        seats = [(v.number, seat.seat) for v in self.views for seat in v.seats]
        if self.cursor in seats:
            return
        occupied = [(t, s) for t, s, _name in self._occupied()]
        if not occupied:
            self.cursor = seats[0] if seats else None
            return
        if self.cursor is not None:
            after = [p for p in occupied if p >= self.cursor]
            self.cursor = after[0] if after else occupied[-1]
        else:
            self.cursor = occupied[0]

    def _next_player(self) -> None:
        """The seat under the cursor was emptied (a bust, a move): the cursor goes on to the
        next player of its table, clockwise, so the next key acts on a player, not a seat."""
        if self.cursor is None:
            return
        table, seat = self.cursor
        players = [(t, s) for t, s, _name in self._occupied()]
        here = [p for p in players if p[0] == table]
        # the next seat at the table, else its first, else the next table's, else the first
        candidates = (
            [p for p in here if p[1] > seat]
            or here
            or [p for p in players if p > self.cursor]
            or players
        )
        if candidates:
            self.cursor = candidates[0]

    def selected_player(self) -> str | None:
        for t, s, name in self._occupied():
            if (t, s) == self.cursor:
                return name
        return None

    def selected_table(self) -> int | None:
        return self.cursor[0] if self.cursor else (self.views[0].number if self.views else None)

    def select_player(self, name: str) -> bool:
        for t, s, who in self._occupied():
            if who.casefold() == name.casefold():
                self.cursor = (t, s)
                self._redraw()
                return True
        return False

    def select_table(self, number: int) -> None:
        for t, s, _name in self._occupied():
            if t == number:
                self.cursor = (t, s)
                break
        self._redraw()

    def _redraw(self) -> None:
        for card in self.query(TableCard):
            card.show(card.view, self._selected(card.view.number))
            if self.cursor and card.view.number == self.cursor[0]:
                self.scroll_to_widget(card, animate=False)

    def _columns(self, number: int) -> int:
        """How many seats a row of this table's card shows at its width now."""
        for card in self.query(TableCard):
            if card.view.number == number:
                return card.columns_for(card.content_region.width)[0]
        return 1

    def action_move(self, rows: int, columns: int) -> None:
        """Move the cursor as the seats are drawn: a row or a column at a time, never around."""
        if self.cursor is None or not self.views:
            return
        numbers = [v.number for v in self.views]
        if self.cursor[0] not in numbers:
            return
        at = numbers.index(self.cursor[0])
        view = self.views[at]
        seats = [s.seat for s in view.seats]
        width = self._columns(view.number)
        row, column = divmod(seats.index(self.cursor[1]), width)
        if columns:
            target = row * width + column + columns
            if 0 <= column + columns < width and 0 <= target < len(seats):
                self.cursor = (view.number, seats[target])
                self.column = column + columns
        else:
            # Up and down keep the column the cursor was taken to, across a shorter row or a
            # table of other width, as a text editor keeps it across short lines.
            if self.column is not None and self.cursor == self._moved_to:
                column = self.column
            else:
                self.column = column
            last_row = (len(seats) - 1) // width
            if 0 <= row + rows <= last_row:
                self.cursor = (view.number, seat_at(seats, width, row + rows, column))
            elif 0 <= at + rows < len(self.views):
                below = self.views[at + rows]
                other = [s.seat for s in below.seats]
                other_width = self._columns(below.number)
                other_row = 0 if rows > 0 else (len(other) - 1) // other_width
                self.cursor = (below.number, seat_at(other, other_width, other_row, column))
        self._moved_to = self.cursor
        self._redraw()


def seat_at(seats: list[int], width: int, row: int, column: int) -> int:
    """The seat in ``row`` at ``column``, or the row's last when it is shorter."""
    start = row * width
    return seats[min(start + column, len(seats) - 1, start + width - 1)]
