"""The final table: every finalist's count against the chips in play, the III.4 bonus, and the
redraw of the seats (Art. IV.2, IV.5-IV.6, III.4)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.play import Final
from tdconsole.domain.slices.draw import DRAW_NUMBER_FIELD
from tdconsole.domain.state import Player, State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int, seat_words
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import Translator, chips

DRAW_NUMBER = _("Draw number")
"""The redraw's number, as a refusal names it."""


def seat_order(state: State) -> list[Player]:
    """The finalists table by table, seat by seat, as the Director walks round to count."""
    return sorted(state.in_players(), key=lambda p: (p.table or 0, p.seat or 0))


def seat_label(tr: Translator, state: State, player: Player) -> str:
    """ "table 2, seat 3": where the count is taken."""
    if player.table is None or player.seat is None:
        return ""
    return seat_words(tr, state, player.table, player.seat)


class FinalDialog(Dialog):
    HEADING = _("Final table draw")
    ARTICLES = ("IV.5", "IV.6", "III.4")

    def body(self) -> ComposeResult:
        players = seat_order(self.state)
        tr = self.tr
        mark = f" {SECOND_STACK}"
        labels = {
            p.name: f"{seat_label(tr, self.state, p)}  {p.name}{mark if p.second_stack else ''}"
            for p in players
        }
        # IV.5: every finalist counted now; his last stack only a hint (no bonus from it).
        yield CountRows(
            [p.name for p in players],
            {p.name: p.chips for p in players},
            labels,
            id="counts",
            hints=tr,
        )
        yield Input(placeholder=self.tr.say(DRAW_NUMBER_FIELD), id="seed")
        yield Input(
            placeholder=self.tr("Override reason (only if the counts differ)"), id="override"
        )

    def update_note(self) -> None:
        rows = self.query_one("#counts", CountRows)
        total = sum(rows.counts(partial=True).values())
        line = sum_line(self.tr, total, self.state.chips_in_play, rows.to_type())
        n = len(self.state.in_players())
        if n and not rows.complete():
            # The bonus is a share of all the counts: none shown from part of them.
            line.append("\n")
            line.append(
                self.tr("Bonus (Art. III.4): — until every finalist's count is typed"), style=""
            )
        elif n:
            bonus = self.state.average(total, n)
            line.append("\n")
            line.append(
                self.tr(
                    "Bonus (Art. III.4): {bonus} to each finalist who never took the second stack",
                    bonus=chips(bonus),
                ),
                style="",
            )
        self.set_note(line)

    def command(self) -> Command | None:
        counts = self.query_one("#counts", CountRows).counts()
        seed = parse_int(self.query_one("#seed", Input).value, DRAW_NUMBER, required=False)
        override = self.query_one("#override", Input).value.strip() or None
        return Final(counts=counts, seed=seed, override=override)

    def ok_label(self) -> str:
        return self.tr("Final table draw")
