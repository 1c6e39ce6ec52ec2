"""The prize table (Art. V.1): place, share, amount, who holds it, and whether his prize was
handed over (I.7: due when the place is decided, paid when handed over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import DataTable

from tdconsole.domain.cash import handed_over
from tdconsole.domain.numbers import money_shown
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.read_model import paid_beyond_the_table, payouts, results
from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from tdconsole.domain.state import State


class PayoutsView(DataTable[Text]):
    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row")
        self.tr = tr
        self.holders: list[str | None] = []
        """The player of each row, in the rows' order."""

    def on_mount(self) -> None:
        self._add_columns()

    def _add_columns(self) -> None:
        """Once: at mount, or at the first ``show`` if the state comes first (a tab mounted
        after the first frame is in the DOM before its mount has run)."""
        if self.columns:
            return
        tr = self.tr
        for key, label in (
            ("Place", tr("Place")),
            ("Percent", tr("Percent")),
            ("Amount", tr("Amount")),
            ("Player", tr("Player")),
            ("Prize", tr("Prize")),
            ("Handed", tr("Handed over")),
        ):
            self.add_column(label, key=key)

    def show(self, state: State) -> None:
        self._add_columns()
        kept = self.cursor_row
        self.clear()
        self.holders = []
        currency = state.settings.currency
        rows = payouts(state)
        # Beside a name, the place he shows (a tie: the shared one) and what he receives (V.1);
        # the place's own amount stays in its column: what the cash desk pays is the prize.
        for row in rows:
            mark = "=" if row.tied else ""
            prize = self.tr("DQ") if row.disqualified else money_shown(row.prize, currency)
            self.add_row(
                Text(self.tr.say(ordinal(row.player_place or row.place)) + mark, justify="right"),
                Text(f"{row.percent} %", justify="right"),
                Text(money_shown(row.amount, currency), justify="right"),
                Text(row.player or "–") + Text(" " + self.tr("DQ") if row.disqualified else ""),
                Text(prize, justify="right"),
                self._handed(state, row.player),
            )
            self.holders.append(row.player)
        # Tied with a paid place's holder past the last row: they share its prize (V.1).
        for tied in paid_beyond_the_table(rows, results(state)):
            self.add_row(
                Text(self.tr.say(ordinal(tied.place)) + "=", justify="right"),
                Text(""),
                Text(""),
                Text(tied.player),
                Text(money_shown(tied.prize, currency), justify="right"),
                self._handed(state, tied.player),
            )
            self.holders.append(tied.player)
        if 0 < kept < self.row_count:
            # The cursor stays on its place: after a prize handed over, the next is a row away.
            self.move_cursor(row=kept)

    def _handed(self, state: State, name: str | None) -> Text:
        """When the holder's prize was handed over; "due" while it waits (I.7)."""
        player = state.find(name) if name else None
        if player is None or player.prize is None:
            return Text("")
        if player.handed_over_at is not None:
            return Text(f"{player.handed_over_at:%H:%M}")
        if handed_over(state, player) is not None:  # an older event: paid when decided
            return Text(self.tr("paid"))
        return Text(self.tr("due"), style="bold")

    def selected_player(self) -> str | None:
        """The player of the row under the cursor (None: a place not decided yet)."""
        row = self.cursor_row
        return self.holders[row] if 0 <= row < len(self.holders) else None
