"""The room at a glance: players in, average stack, chips in play, prize pool, what is due."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from tdconsole.domain.numbers import money_said
from tdconsole.ui.glyphs import WARNING
from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.widgets.shown import Shown, follow
from tdconsole.ui.words import activity_text

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.message import Message
    from tdconsole.store.copy_standing import CopyView
    from tdconsole.ui.log_watch import Activity

ACTIVITY_SHOWN = 3
"""Other terminals' latest actions shown in the room panel (the notifications say each one)."""


def alerts(event: ConsoleView, tr: Translator) -> list[Text]:
    """What the Director must do now: the final draw, tables to close (Art. IV.2, IV.4)."""
    lines: list[Text] = []
    if event.view.final_due:
        lines.append(Text(f"{WARNING} " + tr("FINAL DUE: draw the final table (f)"), style="bold"))
    for table in event.tables:
        if table.must_close:
            n = table.players_in
            text = tr(
                "Table {table}: {n} players — close it (Art. IV.4) [c]", table=table.number, n=n
            )
            lines.append(Text(f"{WARNING} {text}", style="bold"))
    return lines


def message_line(shown: Message | None, tr: Translator) -> list[Text]:
    """The Director's message the room's screens show (``slices.show_message``), as written."""
    if shown is None:
        return []
    line = Text(tr("Message to the room") + ": ", style="bold")
    line.append(shown.text)  # as written: Text, never markup
    line.no_wrap, line.overflow = True, "ellipsis"
    return [line]


def activity_lines(activity: Sequence[Activity], tr: Translator) -> list[Text]:
    """The latest actions from other terminals, latest first: time, who, what (literal)."""

    lines = []
    for item in reversed(activity[-ACTIVITY_SHOWN:]):
        line = Text(f"{item.at.astimezone():%H:%M} ", style="dim")
        line.append(activity_text(item, tr))
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    return lines


def columns(rows: list[tuple[str, str, str, str]]) -> list[Text]:
    """Two label/value pairs a line, each column as wide as its widest cell."""
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for a, b, c, d in rows:
        line = Text(a.ljust(widths[0] + 1), style="dim")
        line.append(b.rjust(widths[1]), style="bold")
        line.append("   ")
        line.append(c.ljust(widths[2] + 1), style="dim")
        line.append(d.rjust(widths[3]), style="bold")
        line.no_wrap, line.overflow = True, "ellipsis"
        lines.append(line)
    return lines


class RoomSummary(Static):
    """Shows the room's numbers of the screen's ``shown``."""

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.border_title = tr("Room")
        self.shown: Shown | None = None
        self.until: datetime | None = None
        """When the message shown leaves by itself (no event marks it: ``expire``)."""
        self.copy_line: Text | None = None
        """Where the copy on a second device stands (``show_copy``), if one ever followed."""

    def on_mount(self) -> None:
        follow(self, self.show)

    def show_copy(self, copy: CopyView | None) -> None:
        """Where the copy on a second device stands (``tdconsole follow``): one line."""
        line = None
        if copy is not None:
            text = copy.said().text(self.tr.lang)
            healthy = copy.attached and copy.behind == 0
            line = Text(text if healthy else f"{WARNING} {text}", style="" if healthy else "bold")
            line.no_wrap, line.overflow = True, "ellipsis"
        if line == self.copy_line:
            return
        self.copy_line = line
        if self.shown is not None:
            self.show(self.shown)

    def expire(self, now: datetime) -> None:
        """The wall clock moved: past the message's end, the panel is drawn without it."""
        if self.until is not None and now >= self.until and self.shown is not None:
            self.show(self.shown, now)

    def show(self, shown: Shown, now: datetime | None = None) -> None:
        """The room's numbers, then the Director's message, what is due, and the latest
        actions of other terminals; ``now``: the time the message is shown at (None: the
        moment ``shown`` was built at)."""
        tr = self.tr
        self.shown = shown
        event, activity = shown.event, shown.activity
        state = event.view
        message = state.message
        if message is not None and now is not None and not message.shown_at(now):
            message = None
        self.until = message.until if message is not None else None
        currency = state.currency
        final_at = tr("Final: at {n} in play", n=event.final_seats)
        if state.final_bonus is not None:
            final_at = tr("Final bonus {bonus}", bonus=chips(state.final_bonus))
        elif state.phase in ("final", "finished"):
            final_at = ""  # an event that started as its final: none to come, no bonus (III.4)
        rows = [
            (
                tr("In play"),
                f"{state.in_play} / {state.entrants}",
                tr("Prize pool"),
                money_said(state.prize_pool, currency),
            ),
            (
                tr("Chips in play"),
                chips(state.chips_in_play),
                tr("Average"),
                chips(state.average_stack),
            ),
        ]
        lines = columns(rows)
        tables = tr("Open tables {n}", n=len(event.tables))
        lines.append(Text(f"{tables} · {final_at}" if final_at else tables))
        due = alerts(event, tr)
        self.set_class(bool(due), "-alert")

        # Nine lines high, the width beside the clock, whatever it says: no layout.
        copy = [self.copy_line] if self.copy_line is not None else []
        said = [*message_line(message, tr), *due, *copy, *activity_lines(activity, tr)]
        self.update(Group(*lines, *said), layout=False)
