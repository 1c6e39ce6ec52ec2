"""Every player: search by name, status, table and seat, chips, place, prize."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.events import Focus
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widgets import DataTable, Input
from textual.widgets.input import Selection

from tdconsole.domain.identity import typed_in
from tdconsole.domain.numbers import money_said
from tdconsole.domain.words import listed_word
from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import Translator, chips, table_cell
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.read_model import PlayerView


def paid_word(tr: Translator, paid: bool, refunded: bool) -> str:
    """A fee as the table says it: paid, given back at his withdrawal, or not paid."""
    if refunded:
        return tr("refunded")
    return tr("yes") if paid else "–"


def player_row(event: ConsoleView, player: PlayerView, tr: Translator) -> list[Text]:
    state = event.view
    prize = money_said(player.prize, state.currency) if player.prize is not None else ""
    place = "" if player.place is None else f"{player.place}{'=' if player.tied else ''}"
    table = player.table  # (his table and seat while he is seated in play)
    return [
        Text(player.name),
        Text(tr.say(listed_word(state.phase, player.status))),
        Text(paid_word(tr, player.paid, player.entry_refund is not None)),
        Text(paid_word(tr, player.food_paid, player.food_refund is not None)),
        Text(table_cell(tr, event, table) if table is not None else ""),
        Text(f"{player.seat} {player.card}" if table is not None else ""),
        Text(chips(player.chips), justify="right"),
        Text(f"{SECOND_STACK} {chips(player.second_stack)}" if player.second_stack else ""),
        Text(place, justify="right"),
        Text(prize, justify="right"),
    ]


class SearchBox(Input):
    """A search field that looks inactive, its key shown ("/ Search a name"), while the keys
    go to the view: letters typed then are not taken for a search."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """As Textual's, without a layout of the whole screen at each letter typed (Textual's
    ``Input`` asks one for its text's width): the box's size is fixed, its text scrolls in
    it."""

    def __init__(self, key: str, words: str, *, value: str = "", id: str) -> None:
        self.key_words = f"{key} {words}"
        self.words = words
        # Its words are selected on focus here (``on_focus``), not by Textual's Input.
        super().__init__(
            value,
            placeholder=self.key_words,
            id=id,
            classes="search-box",
            select_on_focus=False,
        )
        self.started = False
        """Focused by a word typed (``start``): its letters are not selected on focus, the
        next one goes on them."""

    def on_focus(self, event: Focus) -> None:
        self.placeholder = self.words
        if not self.started and not event.from_app_focus:
            self.selection = Selection(0, len(self.value))  # a new search replaces them
        self.started = False

    def on_blur(self) -> None:
        self.placeholder = self.key_words

    def start(self, text: str) -> None:
        """A new search for ``text``, the box focused: a word typed while the view had the
        keys (the last search's words replaced, not added to)."""
        self.started = self.screen.focused is not self
        self.screen.set_focus(self)  # at once: the letters that follow come here
        self.value = text
        self.cursor_position = len(text)


class PlayersView(Vertical):
    """A search box over a table of players; the highlighted row is the selected player."""

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self._event: ConsoleView | None = None
        self.widths: list[int] = []
        """Each column's widest cell (its label included), as last filled."""
        self._filled: tuple[ConsoleView | None, tuple[str, ...], Region | None] = (None, (), None)
        """What the table was last filled with: the event, the names, its region."""

    def compose(self) -> ComposeResult:
        yield SearchBox("/", self.tr("Search a name"), id="player-search")
        table: DataTable[Text] = DataTable(id="player-table", cursor_type="row", zebra_stripes=True)
        tr = self.tr
        for key, label in (
            ("Name", tr("Name")),
            ("Status", tr("Status")),
            ("Paid", tr("Paid")),
            ("Food", tr("Food")),
            ("Table", tr("Table")),
            ("Seat", tr("Seat")),
            ("Chips", tr("Chips")),
            ("Second", tr("Second")),
            ("Place", tr("Place")),
            ("Prize", tr("Prize")),
        ):
            table.add_column(label, key=key)
        yield table

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))

    def show(self, event: ConsoleView) -> None:
        self._event = event
        self._fill()

    def _fill(self) -> None:
        event = self._event
        if event is None:
            return
        query = self.query_one("#player-search", Input).value
        table: DataTable[Text] = self.query_one("#player-table", DataTable)
        players = [player for player in event.view.players if typed_in(query, player.name)]
        names = tuple(player.name for player in players)
        region = table.scrollable_content_region
        shown, shown_names, shown_region = self._filled
        if shown is event and shown_names == names and shown_region == region:
            return  # a letter that leaves the same players: no row is built or repainted
        self._filled = (event, names, region)
        keep = self.selected_player()
        table.clear()
        rows = [(player.name, player_row(event, player, self.tr)) for player in players]
        self.widths = [
            max([column.label.cell_len, *(row[i].cell_len for _name, row in rows)])
            for i, column in enumerate(table.ordered_columns)
        ]
        for column, width in zip(table.ordered_columns, self.widths, strict=True):
            column.content_width = width  # what it shows now (Textual's only ever grow)
        self.fit_names()
        for name, row in rows:
            table.add_row(*row, key=name)
        if keep is not None:
            self.select_player(keep)

    def fit_names(self) -> None:
        """The names' column narrowed (a long name cut) when the table would scroll sideways:
        every other column, the place and the prize included, stays in view. Before the rows
        are added: the table's width is measured with them."""
        table: DataTable[Text] = self.query_one("#player-table", DataTable)
        room = table.scrollable_content_region.width
        if not room or not self.widths:
            return  # not laid out yet: fitted at its first size (``on_resize``)
        padding = 2 * table.cell_padding
        others = sum(width + padding for width in self.widths[1:])
        fits = room - others - padding
        name = table.ordered_columns[0]
        if self.widths[0] <= fits:
            name.auto_width = True
        else:
            name.auto_width = False
            name.width = max(fits, name.label.cell_len)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fill)  # the names fitted to the new width

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._fill()

    def selected_player(self) -> str | None:
        table: DataTable[Text] = self.query_one("#player-table", DataTable)
        if table.row_count == 0:
            return None
        row = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return None if row.value is None else str(row.value)

    def select_player(self, name: str) -> bool:
        table: DataTable[Text] = self.query_one("#player-table", DataTable)
        try:
            index = table.get_row_index(name)
        except Exception:
            return False
        table.move_cursor(row=index)
        return True
