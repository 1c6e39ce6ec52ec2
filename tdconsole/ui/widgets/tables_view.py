"""Every open table, with a seat cursor: arrows move it, the actions apply to its player."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.table_card import NAME_MAX, TableCard, TableView

if TYPE_CHECKING:
    from tdconsole.domain.state import State


class TablesView(VerticalScroll, can_focus=True):
    """Shows the State's open tables; remembers the seat under the cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "seat(1)", "next seat", show=False),
        Binding("left", "seat(-1)", "previous seat", show=False),
        Binding("down", "table(1)", "next table", show=False),
        Binding("up", "table(-1)", "previous table", show=False),
    ]

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.views: list[TableView] = []
        self.cursor: tuple[int, int] | None = None
        """(table number, seat number) under the cursor."""
        self._built = False

    def show(self, state: State) -> None:
        tables = [t for t in sorted(state.tables.values(), key=lambda t: t.number) if t.open]
        self.views = [TableView.of(state, t) for t in tables]
        self._fix_cursor()
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
            legend = self.tr("D = button   ② = has taken the second stack (Art. VII.7)")
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
        occupied = self._occupied()
        if not occupied:
            self.cursor = None
            return
        places = [(t, s) for t, s, _ in occupied]
        if self.cursor in places:
            return
        if self.cursor is not None:
            after = [p for p in places if p >= self.cursor]
            self.cursor = after[0] if after else places[-1]
        else:
            self.cursor = places[0]

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
        for t, s, _ in self._occupied():
            if t == number:
                self.cursor = (t, s)
                break
        self._redraw()

    def _redraw(self) -> None:
        for card in self.query(TableCard):
            card.show(card.view, self._selected(card.view.number))
            if self.cursor and card.view.number == self.cursor[0]:
                self.scroll_to_widget(card, animate=False)

    def action_seat(self, step: int) -> None:
        places = [(t, s) for t, s, _ in self._occupied()]
        if not places or self.cursor is None:
            return
        i = places.index(self.cursor) if self.cursor in places else 0
        self.cursor = places[(i + step) % len(places)]
        self._redraw()

    def action_table(self, step: int) -> None:
        numbers = [v.number for v in self.views if any(s.name for s in v.seats)]
        if not numbers or self.cursor is None:
            return
        i = numbers.index(self.cursor[0]) if self.cursor[0] in numbers else 0
        self.select_table(numbers[(i + step) % len(numbers)])
