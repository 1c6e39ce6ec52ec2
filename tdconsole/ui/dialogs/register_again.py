"""A new event "like the last one": its players offered for registration, each ticked, as a
checklist. Recording registers the ticked ones by the one ``register`` command: past the cap they
go to the waiting list (Art. I.1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from textual.app import ComposeResult
from textual.content import Content

from tdconsole.domain.events import Command
from tdconsole.domain.slices.register import Register
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.widgets.choices import Tick


class RegisterAgainDialog(Dialog):
    HEADING = _("Register the last event's players")
    ARTICLES = ("I.1",)

    offered: Sequence[str] = ()
    """The last event's players, in their order (``offering``)."""

    def offering(self, offered: Sequence[str]) -> Self:
        self.offered = list(offered)
        return self

    def body(self) -> ComposeResult:
        for index, name in enumerate(self.offered):
            # The name as it is: "[red]Bob" is a name, not markup.
            yield Tick(Content(name), value=True, id=f"offered-{index}", classes="offered")

    def first_focus(self) -> Tick | None:
        ticks = list(self.query(Tick))
        return ticks[0] if ticks else None

    def ticked(self) -> list[str]:
        """The names ticked, in the order offered."""
        return [
            name
            for index, name in enumerate(self.offered)
            if self.query_one(f"#offered-{index}", Tick).value
        ]

    def ok_label(self) -> str:
        return self.tr("Register")

    def command(self) -> Command | None:
        names = self.ticked()
        return Register(names=names) if names else None
