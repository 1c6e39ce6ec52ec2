"""The result of the event (Art. IV.7, V.1): the winner and the paid places, for every view.

Shown in place of the clock once the event is over (the phase ``finished``): on the console's
clock panel and on the room display.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from tdconsole.domain.numbers import money_shown
from tdconsole.domain.ordinals import ordinal
from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from rich.console import JustifyMethod

    from tdconsole.domain.console_view import ConsoleView


@dataclass(frozen=True)
class Place:
    place: int
    name: str
    prize: str
    """The amount with the currency ("756 scudi"), or "" for a place without a prize."""
    tied: bool = False
    """Out in the same hand with the same stack as another: their places' prizes shared."""
    disqualified: bool = False
    """Disqualified at this place: it stays his, without a prize (rules.md, VI.2)."""


def places(event: ConsoleView) -> list[Place]:
    """Once the event is over, the places decided, best first: every paid player with his own
    prize (tied players each with their share, V.1), then the winner if not paid; before it,
    none."""

    state = event.view
    if state.phase != "finished":
        return []
    currency = state.currency
    rows = [
        Place(row.place, row.player, money_shown(row.prize, currency), row.tied)
        for row in state.results
    ]
    if not any(r.place == 1 for r in rows):
        winner = next((p for p in state.players if p.place == 1), None)
        if winner is not None:
            rows.insert(0, Place(1, winner.name, ""))
    # A disqualified player keeps his place among the paid ones: the list has no hole there.
    rows += [
        Place(p.place, p.name, "", disqualified=True)
        for p in state.players
        if p.status == "disqualified" and p.place is not None and p.place <= event.paid_places
    ]
    return sorted(rows, key=lambda r: r.place)  # (stable: tied players in registration order)


def places_text(rows: list[Place], tr: Translator, *, justify: JustifyMethod = "left") -> Text:
    """One line a place, in columns: "1°  Rossi    756 scudi", the winner in bold, a tie
    marked "5°=". Names stay literal; every line is as wide as the widest, so a centred block
    stays in columns."""
    name_w = max((len(r.name) for r in rows), default=0)
    prize_w = max((len(r.prize) for r in rows), default=0)

    said = {row.place: tr.say(ordinal(row.place)) for row in rows}
    place_w = max([3, *(len(p) for p in said.values())])
    lines = []
    for row in rows:
        mark = "=" if row.tied else " "
        line = Text(said[row.place].rjust(place_w) + mark + " ", style="bold")
        line.append(row.name.ljust(name_w), style="bold" if row.place == 1 else "")
        if prize_w or any(r.disqualified for r in rows):
            prize = tr("DQ") if row.disqualified else row.prize
            line.append("  " + prize.rjust(max(prize_w, len(tr("DQ")))))
        lines.append(line)
    text = Text("\n", justify=justify).join(lines)
    text.no_wrap, text.overflow = True, "ellipsis"
    return text
