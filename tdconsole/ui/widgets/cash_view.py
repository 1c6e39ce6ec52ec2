"""The cash summary under the prize table (Art. I.2, V.1, I.7): fees and food taken, refunds,
the prizes of the places decided (paid: handed over; due: to hand over), what the pool owes the
places to come, and what the cash box should hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tdconsole.domain.numbers import money_said
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView


class CashView(Static):
    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))

    def show(self, event: ConsoleView) -> None:
        tr = self.tr
        summary = event.view.cash
        if summary is None:  # (only a document read back lacks it, never the console's)
            return
        currency = event.view.currency

        def money(amount: object) -> Text:
            return Text(money_said(str(amount), currency), justify="right")

        grid = Table.grid(padding=(0, 2))
        grid.add_column()
        grid.add_column(justify="right")
        grid.add_column(style="dim")
        rows = (
            (
                tr("Entry fees taken"),
                summary.entry_fees,
                tr.ngettext("{n} payment", "{n} payments", summary.entry_paid),
            ),
            (
                tr("Food contributions taken"),
                summary.food,
                tr.ngettext("{n} payment", "{n} payments", summary.food_paid),
            ),
            (
                tr("Refunded at withdrawals"),
                summary.refunds,
                tr.ngettext("{n} player", "{n} players", summary.refunded),
            ),
            (tr("Prize pool"), summary.prize_pool, tr("Art. {articles}", articles="V.1")),
            (
                tr("Prizes paid (handed over)"),
                summary.prizes_handed_over,
                tr.ngettext("{n} prize", "{n} prizes", summary.prizes_handed_over_count)
                + " · "
                + tr("Art. {articles}", articles="I.7"),
            ),
            (
                tr("Prizes due (to hand over)"),
                summary.prizes_to_hand_over,
                tr.ngettext("{n} prize", "{n} prizes", summary.prizes_to_hand_over_count),
            ),
            (tr("Still due to the places to come"), summary.prizes_due, ""),
        )
        for label, amount, note in rows:
            grid.add_row(Text(label), money(amount), Text(note))
        grid.add_row(
            Text(tr("In the cash box"), style="bold"),
            Text(money_said(str(summary.cash_box), currency), style="bold", justify="right"),
            Text(
                tr(
                    "of which food money {amount}",
                    amount=money_said(str(summary.food_kept), currency),
                )
            ),
        )
        self.update(grid)
