"""A sanction: warning, suspension for one or two orbits, disqualification (Art. VI.2)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input, RadioSet

from tdconsole.domain.events import Command
from tdconsole.domain.rulings import Sanction
from tdconsole.domain.state import State
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.choices import Choice, Choices

KINDS = (
    ("warning", _("Warning")),
    ("suspend1", _("Suspension, 1 orbit")),
    ("suspend2", _("Suspension, 2 orbits")),
    ("disqualify", _("Disqualification")),
)


class SanctionDialog(Dialog):
    HEADING = _("Sanction")
    ARTICLES = ("VI.2",)

    def __init__(self, tr: Translator, state: State, name: str | None) -> None:
        super().__init__(tr, state)
        self.first = name or ""

    def body(self) -> ComposeResult:
        # The fields first, the choice last: letters typed after a Tab land in a field, never
        # in the radio set (where they are lost and a space changes the choice).
        yield self.player_input(self.first)
        yield Input(placeholder=self.tr("Reason"), id="reason")
        with Choices(id="kind"):
            for i, (key, label) in enumerate(KINDS):
                yield Choice(self.tr.say(label), value=i == 0, id=f"kind-{key}")

    def first_focus(self) -> Widget | None:
        """The reason, when the dialog opens on a player (the one under the cursor): the words
        typed then are the reason, never a name in place of his."""
        if self.first:
            return self.query_one("#reason", Input)
        return super().first_focus()

    def command(self) -> Command | None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            return None
        pressed = self.query_one("#kind", RadioSet).pressed_index
        key = KINDS[max(0, pressed)][0]
        kind = "suspend" if key.startswith("suspend") else key
        orbits = int(key[-1]) if key.startswith("suspend") else None
        reason = self.query_one("#reason", Input).value
        return Sanction(name=name, kind=kind, orbits=orbits, reason=reason)
