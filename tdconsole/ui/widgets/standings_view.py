"""Standings: players in play by chips, then the places decided, best first (a disqualified
player at the place at which he left, marked DQ: rules.md's Decision on VI.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text

from tdconsole.domain.numbers import money_said
from tdconsole.domain.words import listed_word
from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, chips, table_cell
from tdconsole.ui.widgets.columns import ColumnsTable
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.read_model import PlayerView, StateView


def standings(state: StateView) -> list[PlayerView]:
    """Players in play by chips, then the places decided; each in registration order (the
    view's) where they are level."""
    alive = sorted((p for p in state.players if p.status == "in"), key=lambda p: -(p.chips or 0))
    placed = sorted(
        (p for p in state.players if p.status in ("out", "disqualified") and p.place is not None),
        key=lambda p: p.place or 0,
    )
    if state.phase == "finished":
        alive = [p for p in alive if p.place == 1]
    return alive + placed


class StandingsView(ColumnsTable):
    COLUMNS: ClassVar[tuple[tuple[str, Msg], ...]] = (
        ("Place", _("Place")),
        ("Player", _("Player")),
        ("Status", _("Status")),
        ("Table", _("Table")),
        ("Chips", _("Chips")),
        ("Prize", _("Prize")),
    )

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(tr, id=id, zebra_stripes=True)

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))

    def show(self, event: ConsoleView) -> None:
        self.add_columns_once()
        self.clear()
        state = event.view
        currency = state.currency
        for p in standings(state):
            # A player still in play has no place yet: his row is not numbered like one.
            place = "" if p.place is None else str(p.place)
            mark = "=" if p.tied else ""
            if p.status == "disqualified":
                mark = " " + self.tr("DQ")
            prize = money_said(p.prize, currency) if p.prize is not None else ""
            self.add_row(
                Text(f"{place}{mark}", justify="right"),
                Text(p.name),
                Text(self.tr.say(listed_word(state.phase, p.status))),
                Text(table_cell(self.tr, event, p.table) if p.status == "in" and p.table else ""),
                Text(chips(p.chips) if p.status == "in" else "", justify="right"),
                Text(prize, justify="right"),
                key=p.name,
            )
