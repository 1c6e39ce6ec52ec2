"""The blind clock: level, time left in large digits that never shift, blinds, next level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Static

from tdconsole.domain.clock import format_mmss
from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.results import Place, places, places_text
from tdconsole.ui.widgets.changed import update_changed
from tdconsole.ui.widgets.shown import follow
from tdconsole.words.clock import director_words

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus


def clock_digits(status: ClockStatus | None) -> str:
    """Always six glyphs (sign + MM:SS) so the digits never move: ' 12:48', '+01:05'."""
    if status is None:
        return " --:--"

    if status.pending_announcement:
        return "+" + format_mmss(status.overtime_seconds)
    return " " + format_mmss(status.remaining_seconds)


def blinds_line(status: ClockStatus, tr: Translator) -> Text:
    sb, bb = chips(status.small_blind), chips(status.big_blind)
    return Text(tr("Blinds {sb} / {bb}", sb=sb, bb=bb), style="bold")


def ante_line(status: ClockStatus, tr: Translator) -> Text:
    return Text(tr("Ante {ante}", ante=chips(status.ante) if status.ante else "–"))


def next_line(status: ClockStatus, tr: Translator, width: int = 0) -> Text:
    """The line after the ante: the next level, or in a break the level play resumes at (its
    blinds alone when the level's number would not fit ``width`` columns, the narrow panel's;
    0: any width)."""
    nxt = status.next
    if status.is_break and nxt is not None:  # (called or planned: play goes on at ``next``)
        sb, bb = chips(nxt.small_blind), chips(nxt.big_blind)
        line = tr("Resumes: level {level}, {sb} / {bb}", level=nxt.level, sb=sb, bb=bb)
        if width and len(line) > width:
            line = tr("Resumes {sb} / {bb}", sb=sb, bb=bb)
        return Text(line)
    if status.next_is_break:
        return Text(tr("Next: break"))
    if status.next is None:
        return Text(tr("Last level"))
    return Text(
        tr("Next {sb} / {bb}", sb=chips(status.next.small_blind), bb=chips(status.next.big_blind))
    )


class ClockPanel(Vertical):
    """Shows a ``ClockStatus``; ``blink`` alternates each second for the pending flash."""

    def __init__(self, tr: Translator, *, director: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.director = director
        self._title: str | None = None
        """The title on the border now (set again, Textual repaints the whole panel)."""

    def compose(self) -> ComposeResult:
        yield Digits(clock_digits(None), id="clock-digits")
        yield Static(id="clock-blinds")
        yield Static(id="clock-ante")
        yield Static(id="clock-next")
        yield Static(id="clock-state")
        yield Static(id="clock-result")

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show_result(places(shown.event)))

    def show_result(self, places: list[Place]) -> None:
        """Once the event is over (IV.7): the winner and the paid places (``places``) in place
        of the clock."""
        self.set_class(bool(places), "-finished")
        if not places:
            return
        self._put_title(self.tr("Tournament over"))
        self._put("clock-result", places_text(places, self.tr))

    def show(self, status: ClockStatus | None, blink: bool = False) -> None:
        """Shown at every tick (four times a second): only what changed is repainted."""
        tr = self.tr
        if self.has_class("-finished"):
            return
        digits = self.query_one("#clock-digits", Digits)
        value = clock_digits(status)
        if digits.value != value:
            digits.update(value)
        self.set_class(status is not None and status.pending_announcement, "-pending")
        self.set_class(status is not None and status.pending_announcement and blink, "-blink")
        self.set_class(status is not None and not status.running, "-paused")
        if status is None:
            self._put_title(tr("Level {level}", level="–"))
            self._put("clock-blinds", tr("The clock starts with the tournament"))
            self._put("clock-ante", "")
            self._put("clock-next", "")
            self._put("clock-state", "")
            return
        title = tr("Break") if status.is_break else tr("Level {level}", level=status.level)
        self._put_title(title)
        self._put("clock-blinds", blinds_line(status, tr))
        self._put("clock-ante", ante_line(status, tr))
        self._put("clock-next", next_line(status, tr, self.content_size.width))
        self._put("clock-state", director_words(status, tr, director=self.director))

    def _put_title(self, title: str) -> None:
        """The border's title is ``title``: set (the panel repainted) only when it changes."""
        if title != self._title:
            self._title = title
            self.border_title = title

    def _put(self, line: str, content: str | Text) -> None:
        """The line ``line`` shows ``content``: updated (a repaint and a new layout of the
        screen) only when it shows something else."""
        update_changed(self.query_one(f"#{line}", Static), content)
