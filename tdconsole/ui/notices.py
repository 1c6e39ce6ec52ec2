"""The console's notices ("Moretti: 24th — u to undo", "Undone: …", a refusal in red) in one
area at the bottom right of every screen, painted again in place.

Textual shows each notification in a new widget (a ``Toast`` in a ``ToastRack``): mounted,
styled and the whole screen laid out twice for each notice, and again for every notice still
showing on each screen a dialog opens over (every ``e`` mounted the toasts of the last rounds
again). Here each screen a dialog may open over (``StillBeneath``) is composed with one
``NoticeRack`` in place of Textual's, holding one ``NoticeArea``: a new notice, or one that
goes when its time is up, repaints the area's lines and mounts nothing. The area is as high
as its notices (at most ``NOTICE_LINES``, full as soon as a few pile up: a busy floor, keys
in quick succession), and laid out again only when that height changes: an area of a fixed
height would hide what is beneath its empty lines (a small terminal's dialog), since Textual
paints no widget through another.

Textual's notification API is kept: ``App.notify`` adds a ``Notification`` to the App's
collection, which keeps its timeout; the App hands the collection to the screen on top
(``ConsoleApp.show_notices``). The newest notice is at the bottom; older ones go
out at the top when the area is full. A click on a notice dismisses it.
"""

from __future__ import annotations

from math import isfinite
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.containers import Container
from textual.events import Click
from textual.notifications import Notification, Notifications
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget

from tdconsole.ui.textual_reach import NeverScrollsReach, check_refresh, dismiss, notifications

NOTICE_LINES = 8
"""The area's greatest height: three one-line notices and their gaps, or one long refusal."""
NOTICE_WIDTH = 60
"""The area's width (at most half the terminal's), Textual's toasts' own."""


def lay_out_now(widget: Widget) -> None:
    """The screen laid out for ``widget``'s new height or display in its next frame, the one
    that paints the notice. Textual asks the layout at the widget's own next turn,
    which may come after the screen's next frame: the notice was then painted a frame late.
    (``textual_reach.check_refresh``, what the widget's turn does, proved by
    ``tests/ui/test_notices.py``.)"""
    check_refresh(widget)
    widget.screen.refresh(repaint=False, layout=True)


class NoticeArea(NeverScrollsReach):
    """The notices, newest at the bottom, each a bar in its severity's colour, its title in
    bold, its words wrapped; a blank line between two. As high as they need, at most
    ``NOTICE_LINES``."""

    DEFAULT_CSS = """
    NoticeArea {
        width: 100%;
        height: 1;
        visibility: visible;
    }
    NoticeArea > .notices--text { background: $panel-lighten-1; color: $foreground; }
    NoticeArea > .notices--title-information { color: $text-success; text-style: bold; }
    NoticeArea > .notices--title-warning { color: $text-warning; text-style: bold; }
    NoticeArea > .notices--title-error { color: $text-error; text-style: bold; }
    NoticeArea > .notices--bar-information { color: $success; }
    NoticeArea > .notices--bar-warning { color: $warning; }
    NoticeArea > .notices--bar-error { color: $error; }
    NoticeArea > .notices--gap { background: $background; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "notices--text",
        "notices--title-information",
        "notices--title-warning",
        "notices--title-error",
        "notices--bar-information",
        "notices--bar-warning",
        "notices--bar-error",
        "notices--gap",
    }

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[Notification] = []
        """The notices the area holds, oldest first (those that fit are drawn)."""
        self._strips: list[Strip] | None = None
        """The area's lines as drawn; None: to draw again."""
        self._owners: list[Notification | None] = []
        """Which notice each line shows (a click dismisses it)."""
        self._drawn_width = 0
        self._height = 1
        """The height set (the CSS's at first)."""

    def show(self, notices: list[Notification]) -> None:
        if [n.identity for n in notices] == [n.identity for n in self.shown]:
            return
        self.shown = notices
        if notices:
            self._draw(self.size.width or min(NOTICE_WIDTH, self.screen.size.width // 2))
            self._fit()
            self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None

    def _fit(self) -> None:
        """The area as high as its lines: laid out again only when their number changes."""
        lines = len(self._strips or [])
        if lines and lines != self._height:
            self._height = lines
            self.styles.height = lines
            lay_out_now(self)

    def _draw(self, width: int) -> None:
        """The lines of the notices that fit in ``NOTICE_LINES``, newest last."""
        height = NOTICE_LINES
        gap = self.get_component_rich_style("notices--gap")
        blocks: list[list[tuple[Strip, Notification]]] = []
        used = 0
        for notice in reversed(self.shown):
            room = height - used - 1 if blocks else height
            block = self._block(notice, width, room, cut=not blocks)
            if not block:
                break
            blocks.append(block)
            used += len(block) + (1 if used else 0)
            if used >= height - 1:
                break
        lines: list[tuple[Strip, Notification | None]] = []
        for block in reversed(blocks):
            if lines:
                lines.append((Strip.blank(width, gap), None))
            lines.extend(block)
        self._strips = [strip for strip, _owner in lines]
        self._owners = [owner for _strip, owner in lines]
        self._drawn_width = width

    def _block(
        self, notice: Notification, width: int, room: int, *, cut: bool
    ) -> list[tuple[Strip, Notification]]:
        """The notice's lines, at most ``room``: longer, none, or with ``cut`` the last of
        them cut with "…" (the newest notice: an older one shows whole or not at all)."""
        if room <= 0 or width < 4:
            return []
        text_style = self.get_component_rich_style("notices--text")
        bar = Segment("▌", text_style + self._colour(f"notices--bar-{notice.severity}"))
        inner = width - 3
        body = Text.from_markup(notice.message) if notice.markup else Text(notice.message)
        text = Text()
        if notice.title:
            text.append(notice.title, style=self._colour(f"notices--title-{notice.severity}"))
            text.append("\n")
        text.append_text(body)
        console = self.app.console
        wrapped = list(text.wrap(console, inner, overflow="fold"))
        if len(wrapped) > room:
            if not cut:
                return []
            wrapped = wrapped[:room]
            last = wrapped[-1]
            last.truncate(inner - 1)
            last.append("…")
        out = []
        for line in wrapped:
            line.end = ""
            line.truncate(inner, pad=True)
            segments = [bar, Segment(" ", text_style)]
            segments.extend(
                Segment(piece.text, text_style + piece.style if piece.style else text_style)
                for piece in line.render(console)
            )
            segments.append(Segment(" ", text_style))
            out.append((Strip(segments).adjust_cell_length(width, text_style), notice))
        return out

    def _colour(self, component: str) -> Style:
        """A component's colour and weight, over the notice's own background."""
        style = self.get_component_rich_style(component)
        return Style(color=style.color, bold=style.bold)

    def render_line(self, y: int) -> Strip:
        if self._strips is None or self._drawn_width != self.size.width:
            self._draw(self.size.width)  # a new size or new styles (a theme)
            self._fit()
        assert self._strips is not None
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width)

    def on_click(self, event: Click) -> None:
        if 0 <= event.y < len(self._owners) and (notice := self._owners[event.y]) is not None:
            event.stop()
            dismiss(self.app, notice)


class NoticeRack(Container, NeverScrollsReach):
    """The area's place: the bottom right corner above the footer, of a fixed size, shown
    while there is a notice (Textual's ``ToastRack`` in its layer, without its toasts)."""

    DEFAULT_CSS = f"""
    NoticeRack {{
        display: none;
        layer: _toastrack;
        dock: bottom;
        width: 1fr;
        height: auto;
        max-height: 50%;
        margin-bottom: 1;
        align-horizontal: right;
        visibility: hidden;
    }}
    NoticeRack > NoticeArea {{
        width: {NOTICE_WIDTH};
        max-width: 50%;
        margin-right: 2;
    }}
    """
    DEFAULT_CLASSES = "-textual-system"

    def __init__(self) -> None:
        super().__init__(NoticeArea(), id="notices")
        self._timer: Timer | None = None

    @property
    def area(self) -> NoticeArea:
        return self.query_one(NoticeArea)

    def show(self, notifications: Notifications) -> None:
        """Show the notices not yet timed out (the App's collection drops the others), and
        come back when the first of them times out."""
        # (``list(notifications)`` would ask its length as it iterates: the collection drops
        # the notices timed out at each, changing under the iteration.)
        notices = list(iter(notifications))
        self.area.show(notices)
        if self.display != bool(notices):
            self.display = bool(notices)
            lay_out_now(self)
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        left = [n.time_left for n in notices if isfinite(n.time_left)]
        if left:
            self._timer = self.set_timer(max(min(left), 0.0), self._expired)

    def _expired(self) -> None:
        self._timer = None
        self.show(notifications(self.app))
