"""The room display's seating board: who moves where, then every player in play by name with
his table and seat, in as many columns as the screen holds, turning pages by itself.

Nobody scrolls a TV: when the list is longer than the screen, the board shows one page after
another, ``PAGE_SECONDS`` each. The page is a function of the wall clock (a frozen clock gives a
still picture), and the moves stay on top of every page.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from tdconsole.domain.numbers import chips_text
from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from tdconsole.domain.room import Room, SeatShown

PAGE_SECONDS = 8
GAP = 4


class SeatingBoard(Widget):
    """``show_room(room)`` sets what to show; ``turn(now)`` picks the page."""

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.moves: list[tuple[str, str]] = []
        self.moves_title = ""
        self.entries: list[tuple[str, str]] = []
        self.heading = ""
        self.page = 0
        self._clock_page = 0

    def show_room(self, shown: Room) -> None:
        """What the room model says the board shows: the seats after the draw, the moves of a
        closing (movers on top), every seat after the final draw, the final table by seat
        with each player's chips."""
        tr = self.tr
        self.moves, self.moves_title = [], ""

        def place(s: SeatShown) -> str:
            table = tr("Final table") if s.final else tr("Table {table}", table=s.table)
            return tr("{table} · seat {seat} {card}", table=table, seat=s.seat, card=s.card)

        self.entries = [(s.name, place(s)) for s in shown.seats]
        self.heading = tr("Seats, by name")
        if shown.stage == "seats":
            self.heading = tr("The seats are drawn: find your seat")
        elif shown.final_drawn:
            self.heading = tr("The final table is drawn: find your seat")
        elif shown.stage == "final":
            self.heading = tr("Final table")
            self.entries = [
                (s.name, f"{tr('Seat {seat}', seat=s.seat)} {s.card}   {chips_text(s.chips)}")
                for s in shown.seats
            ]
        if shown.closed_table is not None:
            self.moves_title = tr(
                "Table {table} is closed: these players move", table=shown.closed_table
            )
            self.moves = [(s.name, "→ " + place(s)) for s in shown.seats if s.moved]
        self.refresh()

    def turn(self, now: datetime) -> None:
        page = int(now.timestamp()) // PAGE_SECONDS
        if page != self._clock_page:
            self._clock_page = page
            self.refresh()

    # -- layout ----------------------------------------------------------------------------
    @staticmethod
    def _cell_width(cells: list[tuple[str, str]]) -> tuple[int, int]:
        name = max((len(n) for n, _where in cells), default=0)
        place = max((len(w) for _who, w in cells), default=0)
        return name, place

    @staticmethod
    def _cell(name: str, place: str, name_width: int, place_width: int, bold: bool) -> Text:
        cell = Text()
        cell.append(name.ljust(name_width), style="bold" if bold else "")
        cell.append("  ")
        cell.append(place.ljust(place_width), style="bold")
        return cell

    def _grid(self, cells: list[tuple[str, str]], rows: int, width: int, bold: bool) -> list[Text]:
        """``cells`` column by column (read down, then across) in at most ``rows`` lines."""
        name_w, place_w = self._cell_width(cells)
        cell_w = name_w + 2 + place_w
        columns = max(1, (width + GAP) // (cell_w + GAP))
        rows = max(1, min(rows, -(-len(cells) // columns)))
        lines = [Text() for _row in range(rows)]
        for i, (name, place) in enumerate(cells[: rows * columns]):
            line = lines[i % rows]
            if line.plain:
                line.append(" " * GAP)
            line.append_text(self._cell(name, place, name_w, place_w, bold))
        return lines

    def render(self) -> RenderableType:
        tr = self.tr
        width = max(20, self.content_region.width or self.size.width)
        height = max(4, self.content_region.height or self.size.height)
        top: list[Text] = []
        if self.moves:
            top.append(Text(self.moves_title, style="bold reverse"))
            top.extend(self._grid(self.moves, len(self.moves), width, bold=True))
            top.append(Text(""))
        top.append(Text(self.heading, style="bold"))
        room = max(1, height - len(top) - 1)
        name_w, place_w = self._cell_width(self.entries)
        columns = max(1, (width + GAP) // (name_w + 2 + place_w + GAP))
        per_page = room * columns
        pages = max(1, -(-len(self.entries) // per_page))
        self.page = self._clock_page % pages
        start = self.page * per_page
        lines = top + self._grid(self.entries[start : start + per_page], room, width, bold=False)
        if pages > 1:
            lines += [Text("")] * (height - 1 - len(lines))
            lines.append(Text(tr("page {page} of {pages}", page=self.page + 1, pages=pages)))
        # One block, centred: every line as wide as the widest.
        widest = max(len(line) for line in lines)
        for line in lines:
            line.pad_right(widest - len(line))
        out = Text("\n", justify="center").join(lines)
        out.no_wrap = True
        return out
