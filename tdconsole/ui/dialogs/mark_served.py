"""A suspension served: the floor marks it when the orbits are over (Art. VI.2)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tdconsole.domain.events import Command
from tdconsole.domain.rulings import MarkServed
from tdconsole.domain.state import Ruling, State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog


def open_suspensions(state: State) -> list[Ruling]:
    return [r for r in state.rulings if r.sanction == "suspend" and not r.served]


class MarkServedDialog(Dialog):
    HEADING = _("Suspension served")
    ARTICLES = ("VI.2",)

    def body(self) -> ComposeResult:
        yield OptionList(*self.options(), id="suspensions")

    def options(self) -> list[Option]:
        tr = self.tr
        out = []
        for r in open_suspensions(self.state):
            line = Text(f"{r.id}. {r.at:%H:%M}  ")
            line.append(", ".join(r.players), style="bold")
            line.append("  " + tr("{n} orbit(s)", n=r.orbits or 1))
            if r.text:
                line.append(f"  {r.text}", style="dim")
            out.append(Option(line, id=str(r.id)))
        return out

    def first_focus(self) -> OptionList:
        return self.query_one("#suspensions", OptionList)

    def show(self, state: State) -> None:
        super().show(state)
        suspensions = self.query_one("#suspensions", OptionList)
        highlighted = suspensions.highlighted
        suspensions.clear_options()
        suspensions.add_options(self.options())
        if suspensions.option_count:
            suspensions.highlighted = min(highlighted or 0, suspensions.option_count - 1)

    @on(OptionList.OptionSelected, "#suspensions")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    def command(self) -> Command | None:
        suspensions = self.query_one("#suspensions", OptionList)
        index = suspensions.highlighted
        if index is None:
            return None
        chosen = suspensions.get_option_at_index(index).id
        return MarkServed(ruling=int(chosen)) if chosen else None
