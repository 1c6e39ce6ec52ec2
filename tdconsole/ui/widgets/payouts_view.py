"""The prize table (Art. V.1): place, share, amount, who holds it, and whether his prize was
handed over (I.7: due when the place is decided, paid when handed over)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from tdconsole.domain.numbers import money_shown
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.read_model import paid_beyond_the_table
from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.widgets.columns import ColumnsTable
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.read_model import PlayerView


def due(player: PlayerView | None) -> bool:
    """``player``'s prize waits to be handed over (I.7)."""
    return (
        player is not None
        and player.prize is not None
        and player.handed_over_at is None
        and player.handed_over is None
    )


class PayoutsView(ColumnsTable):
    COLUMNS: ClassVar[tuple[tuple[str, Msg], ...]] = (
        ("Place", _("Place")),
        ("Percent", _("Percent")),
        ("Amount", _("Amount")),
        ("Player", _("Player")),
        ("Prize", _("Prize")),
        ("Handed", _("Handed over")),
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        # The cash desk's key, in the footer where the prizes are (in few words: the footer is
        # full).
        Binding("H", "screen.command('HandOverPrize')", str(_("Hand over"))),
    ]

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(tr, id=id)
        say_bindings(self, tr)
        self.holders: list[str | None] = []
        """The player of each row, in the rows' order."""
        self.due: set[str] = set()
        """The holders whose prize is due, as last shown."""

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))

    def show(self, event: ConsoleView) -> None:
        self.add_columns_once()
        kept = self.cursor_row
        self.clear()
        self.holders = []
        state = event.view
        currency = state.currency
        rows = state.payouts
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
                self._handed(event, row.player),
            )
            self.holders.append(row.player)
        # Tied with a paid place's holder past the last row: they share its prize (V.1).
        for tied in paid_beyond_the_table(rows, state.results):
            self.add_row(
                Text(self.tr.say(ordinal(tied.place)) + "=", justify="right"),
                Text(""),
                Text(""),
                Text(tied.player),
                Text(money_shown(tied.prize, currency), justify="right"),
                self._handed(event, tied.player),
            )
            self.holders.append(tied.player)
        was_due, self.due = (
            self.due,
            {name for name in self.holders if name and due(event.player(name))},
        )
        holder = self.holders[kept] if 0 <= kept < len(self.holders) else None
        if holder in was_due and holder not in self.due:
            # His prize handed over: the cursor on the next prize due (after his row first).
            order = [*range(kept + 1, len(self.holders)), *range(kept)]
            kept = next((row for row in order if self.holders[row] in self.due), kept)
        if 0 < kept < self.row_count:
            # The cursor stays on its place (a repaint of the same rows).
            self.move_cursor(row=kept)

    def _handed(self, event: ConsoleView, name: str | None) -> Text:
        """When the holder's prize was handed over; "due" while it waits (I.7)."""
        player = event.player(name) if name else None
        if player is None or player.prize is None:
            return Text("")
        if player.handed_over_at is not None:
            return Text(f"{player.handed_over_at:%H:%M}")
        if not due(player):  # an older event: paid when decided
            return Text(self.tr("paid"))
        return Text(self.tr("due"), style="bold")

    def selected_player(self) -> str | None:
        """The player of the row under the cursor (None: a place not decided yet)."""
        row = self.cursor_row
        return self.holders[row] if 0 <= row < len(self.holders) else None
