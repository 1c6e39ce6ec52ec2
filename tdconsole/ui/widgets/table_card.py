"""One table as it sits: every seat with its card, player, button and second-stack marker.

The seats wrap into as many columns as the width allows (a ring at 200 columns, a list at 80),
so nothing is ever cut off. Names are ``Text``, never markup: they are shown literally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widget import Widget

from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import Translator, chips

if TYPE_CHECKING:
    from tdconsole.domain.console_view import CardSeat, CardTable

NAME_MAX = 26


def seat_cell(seat: CardSeat, name_width: int, selected: bool) -> Text:
    cell = Text()
    # The button in front of its own seat's number: at the cell's end it read as the next seat's.
    cell.append("D" if seat.button else " ", style="bold reverse" if seat.button else "")
    cell.append(f"{seat.seat:>2} ", style="dim")
    cell.append(f"{seat.card:<4}", style="bold" if seat.name else "dim")
    if seat.name is None:
        cell.append("—".ljust(name_width), style="dim")
    else:
        name = Text(seat.name)
        name.truncate(name_width, overflow="ellipsis", pad=True)
        cell.append_text(name)
    cell.append(f" {SECOND_STACK}" if seat.second_stack else "  ", style="bold")
    cell.append(" ")
    if selected:
        cell.stylize("reverse")
    return cell


def header(view: CardTable, tr: Translator) -> Text:
    parts = [tr("{n} in play", n=view.players_in), tr("chips {chips}", chips=chips(view.chips))]
    if view.second_stack_now is not None and not view.final:
        parts.append(tr("second stack now {amount}", amount=chips(view.second_stack_now)))
    line = Text(" · ".join(parts))
    if view.has_plan:
        line.append(" · " + tr("move plan"), style="italic")
    if view.must_close:
        line.append(" · ")
        line.append(tr("MUST CLOSE"), style="bold reverse")
    return line


class TableCard(Widget):
    """Renders one ``CardTable``; ``selected`` is the seat under the cursor (or None)."""

    def __init__(
        self, view: CardTable, tr: Translator, selected: int | None = None, name_width: int = 6
    ) -> None:
        super().__init__(id=f"table-{view.number}", classes="table-card")
        self.name_width = name_width
        self.view = view
        self.tr = tr
        self.selected = selected
        self._apply_title()

    def _apply_title(self) -> None:
        view = self.view
        label = (
            self.tr("Final table") if view.final else self.tr("Table {table}", table=view.number)
        )
        self.border_title = f"{label} {view.suit}"
        self.set_class(view.must_close, "-must-close")

    def show(self, view: CardTable, selected: int | None, name_width: int | None = None) -> None:
        """Show ``view``: repainted only if something shown changed, and laid out again (the
        whole screen's layout) only if its shape may have changed (seats, names, header)."""
        name_width = name_width or self.name_width
        if (view, selected, name_width) == (self.view, self.selected, self.name_width):
            return
        before = self._shape()
        self.view, self.selected, self.name_width = view, selected, name_width
        self._apply_title()
        self.refresh(layout=self._shape() != before)

    def _shape(self) -> tuple[object, ...]:
        """What the card's height depends on at its width: its rows of seats, the lines its
        header takes (not the header's words, which change at every bust: each laid the whole
        screen out again)."""
        width = max(1, self.content_region.width or self.size.width)
        columns, name_width = self.columns_for(width)
        lines = len(header(self.view, self.tr).wrap(self.app.console, width))
        return len(self.view.seats), columns, name_width, lines

    def columns_for(self, width: int) -> tuple[int, int]:
        """(columns, name width) for a content ``width``."""
        longest = max((len(s.name) for s in self.view.seats if s.name), default=6)
        name_width = max(6, self.name_width, min(NAME_MAX, longest))
        cell = 3 + 4 + name_width + 4 + 2
        fit = max(1, width // cell)
        rows = -(-len(self.view.seats) // fit)
        return -(-len(self.view.seats) // rows), name_width  # balanced rows: 5 + 5, not 9 + 1

    def render(self) -> RenderableType:
        width = max(1, self.content_region.width or self.size.width)
        columns, name_width = self.columns_for(width)
        seats = self.view.seats
        rows: list[Text] = []
        for start in range(0, len(seats), columns):
            line = Text()
            for seat in seats[start : start + columns]:
                line.append_text(seat_cell(seat, name_width, seat.seat == self.selected))
                line.append("  ")
            rows.append(line)
        return Group(header(self.view, self.tr), *rows)
