"""Print a report of the event: which one, in which format, to a file or the printer
(standings, seating, seat slips, payouts (Art. V.1), results, rulings log, moves (Art. IV.4),
cash summary, prize receipts (Art. I.7))."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, RadioSet

from tdconsole.i18n import _
from tdconsole.reports import filename
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import PrintRequested
from tdconsole.ui.screens.backdrop import Backdrop
from tdconsole.ui.widgets.choices import Choice, Choices, Tick
from tdconsole.ui.words import REPORTS

SEASON = ("season", _("Season standings"))
"""The season's standings: offered from the Season tab."""
FORMATS = ("pdf", "txt", "html", "csv")

FOR_TAB = {
    "tables": "seating",
    "players": "standings",
    "prizes": "payouts",
    "standings": "standings",
    "rules": "rulings",
    "season": "season",
}
"""The report each view prints unless another is chosen."""


class PrintDialog(Backdrop):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", str(_("Cancel"))),
        Binding("ctrl+s", "print", str(_("Print"))),
    ]

    def __init__(self, tr: Translator, kind: str, folder: Path | None = None) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.kind = kind
        self.reports = (*REPORTS, SEASON) if kind == SEASON[0] else REPORTS
        """The reports offered: the event's, and the season's from its tab."""
        self.fmt = FORMATS[0]
        self.folder = folder
        self._suggested = self.suggested()

    def suggested(self) -> str:
        return filename(self.kind, self.fmt, self.tr.lang)

    def where(self) -> str:
        """Where a file name without a folder is written (the path shown as it is)."""
        if self.folder is None:
            return self.tr("(in the current folder unless a path is given)")
        return self.tr("(in {folder} unless a path is given)", folder=self.folder)

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(classes="dialog print") as box:
            box.border_title = tr("Print")
            box.border_subtitle = f"ctrl+s {tr('Print')} · Esc {tr('Cancel')}"
            with VerticalScroll(classes="dialog-body"):
                with Horizontal(id="print-choices"):
                    with Choices(id="report"):
                        for key, label in self.reports:
                            yield Choice(tr.say(label), value=key == self.kind, id=f"r-{key}")
                    with Choices(id="format"):
                        for fmt in FORMATS:
                            yield Choice(fmt, value=fmt == self.fmt, id=f"f-{fmt}")
                with Horizontal(classes="calc-field"):
                    yield Label(tr("File"), classes="calc-label")
                    yield Input(self._suggested, id="path", compact=True)
                yield Label(Text(self.where()), classes="hint", id="where")
                yield Tick(tr("Send to the printer instead"), id="queue")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr("Print"), variant="primary", id="ok")
                yield Button(tr("Cancel"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#report", RadioSet).focus()

    @on(RadioSet.Changed)
    def _chosen(self, event: RadioSet.Changed) -> None:
        event.stop()
        index = event.radio_set.pressed_index
        if event.radio_set.id == "report":
            self.kind = self.reports[index][0]
        else:
            self.fmt = FORMATS[index]
        path = self.query_one("#path", Input)
        if path.value.strip() in ("", self._suggested):  # not typed by hand: follow the choice
            self._suggested = self.suggested()
            path.value = self._suggested

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_print()

    @on(Button.Pressed, "#ok")
    def action_print(self) -> None:
        to_queue = self.query_one("#queue", Checkbox).value
        path: Path | None = None
        if not to_queue:
            raw = self.query_one("#path", Input).value.strip() or self.suggested()
            path = Path(os.path.expanduser(raw))  # ~nobody stays as typed
            if not path.is_absolute() and self.folder is not None:
                path = self.folder / path
        self.post_message(PrintRequested(self.kind, self.fmt, path))
        self.dismiss(None)

    @on(Button.Pressed, "#cancel")
    def action_close(self) -> None:
        self.dismiss(None)
