"""The final table: every finalist's count against the chips in play, the III.4 bonus, and the
redraw of the seats (Art. IV.2, IV.5-IV.6, III.4). What it shows of the finalists is the
domain's ``Finalists`` (``slices.final``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.slices.draw import DRAW_NUMBER_FIELD
from tdconsole.domain.slices.final import SLICE, Final, Finalist, Finalists
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int
from tdconsole.ui.dialogs.counts import CountRows, sum_line
from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import Translator, chips

if TYPE_CHECKING:
    from tdconsole.service import Tournament

DRAW_NUMBER = _("Draw number")
"""The redraw's number, as a refusal names it."""


def seat_label(tr: Translator, player: Finalist) -> str:
    """ "table 2, seat 3": where the count is taken."""
    if player.table is None or player.seat is None:
        return ""
    return tr("table {table}, seat {seat}", table=player.table, seat=player.seat)


class FinalDialog(Dialog):
    HEADING = SLICE.heading
    ARTICLES = SLICE.articles

    def __init__(self, tr: Translator, shown: Finalists) -> None:
        super().__init__(tr)
        self.shown = shown
        """The finalists as the service gave them (``Roster.finalists``; again at each change)."""

    def show_event(self, event: Tournament[Any]) -> None:
        self.shown = event.roster().finalists()
        self.update_note()

    def body(self) -> ComposeResult:
        players = self.shown.players
        tr = self.tr
        mark = f" {SECOND_STACK}"
        labels = {
            p.name: f"{seat_label(tr, p)}  {p.name}{mark if p.second_stack else ''}"
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
        line = sum_line(self.tr, total, self.shown.chips_in_play, rows.to_type())
        if self.shown.players and not rows.complete():
            # The bonus is a share of all the counts: none shown from part of them.
            line.append("\n")
            line.append(
                self.tr("Bonus (Art. III.4): — until every finalist's count is typed"), style=""
            )
        elif self.shown.players:
            line.append("\n")
            line.append(
                self.tr(
                    "Bonus (Art. III.4): {bonus} to each finalist who never took the second stack",
                    bonus=chips(self.shown.bonus(total)),
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
        return self.tr.say(SLICE.ok)
