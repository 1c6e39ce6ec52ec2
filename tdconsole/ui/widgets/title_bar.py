"""One line on top: the event, its phase, players in, who is at this terminal, the time."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.table import Table as RichTable
from rich.text import Text
from textual.widgets import Static

from tdconsole.domain.words import phase_word
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.read_model import StateView


class TitleBar(Static):
    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self._shown: tuple[StateView, Text] | None = None
        self._minute = ""

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event.view, shown.now, shown.who))

    def show_time(self, now: datetime) -> None:
        """Called at every tick: repaint when the minute shown changes."""
        if self._shown is not None and f"{now.astimezone():%H:%M}" != self._minute:
            state, who = self._shown
            self.show(state, now, who)

    def show(self, state: StateView, now: datetime, who: Text) -> None:
        self._shown = (state, who)
        self._minute = f"{now.astimezone():%H:%M}"
        left = Text(state.name or "tdconsole", style="bold")
        left.append(" · " + self.tr.say(phase_word(state.phase)))
        if state.phase not in ("registration",):
            left.append(
                " · " + self.tr("{n}/{entrants} in play", n=state.in_play, entrants=state.entrants)
            )
        right = who.copy()
        right.append(f"   {self._minute}")
        grid = RichTable.grid(expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(justify="right", no_wrap=True)
        grid.add_row(left, right)
        # One line across the screen whatever it says (``#title``): no layout.
        self.update(grid, layout=False)
