"""Several entry fees (or food contributions) at once: the names typed, or, left empty, every
registered player who has not paid yet (Art. I.2). The note says who is marked paid."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.registration import Pay
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.register import split_names
from tdconsole.ui.widgets.choices import Tick


def unpaid(state: State, food: bool) -> list[str]:
    """Who may still pay: registered (not waitlisted, not withdrawn), fee or food not paid;
    once seated, the food of every player who took part."""
    players = state.ordered_players()
    if food:
        gone = ("withdrawn", "waitlisted")
        return [p.name for p in players if p.status not in gone and not p.food_paid]
    return [p.name for p in players if p.status == "registered" and not p.paid]


class PayDialog(Dialog):
    HEADING = _("Pay several")
    ARTICLES = ("I.2",)

    def body(self) -> ComposeResult:
        yield Input(
            placeholder=self.tr("Names, separated by commas (empty: every player not yet paid)"),
            id="names",
        )
        yield Tick(self.tr("Food contributions instead of entry fees"), id="food")

    def food(self) -> bool:
        return self.query_one("#food", Tick).value

    def names(self) -> list[str]:
        typed = split_names(self.query_one("#names", Input).value)
        return typed or unpaid(self.state, self.food())

    def update_note(self) -> None:
        names = self.names()
        if not names:
            self.set_note(Text(self.tr("Nobody left to pay")))
            return
        said = self.tr.ngettext(
            "{n} player to mark paid: {names}",
            "{n} players to mark paid: {names}",
            len(names),
            names=", ".join(names),
        )
        self.set_note(Text(said))  # names, never markup

    def on_checkbox_changed(self) -> None:
        self.update_note()

    def command(self) -> Command | None:
        names = self.names()
        return Pay(names=names, food=self.food()) if names else None
