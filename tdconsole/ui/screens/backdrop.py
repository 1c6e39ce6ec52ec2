"""A dialog's backdrop: the screen beneath it, dimmed, painted again only where it changed.

``StillBeneath``: a screen is not laid out again for a size it is laid out at (Textual did, a
dialog's twice as it opened and the screens beneath it once more), and passes up what changed
on it (the clock ticking), and no more. Textual's own marks the whole screen beneath to be
repainted after each such change, and at that repaint passes the whole screen up again, which
marks it again: while any dialog was open, the console beneath and the dialog's whole screen
were repainted at each of the console's ticks (four times a second, the whole screen written
to the terminal each time).

Textual draws a modal screen's translucent background by rendering the whole screen beneath
and tinting it segment by segment, again at each repaint of the dialog (its opening, a key
that changes its layout, the clock ticking beneath): the whole screen each time, ten
times as a dialog opens. ``Backdrop`` shows the same dimmed lines, keeps them,
and takes again from the screen beneath only the lines Textual says changed there (it passes
the regions up: ``Screen._compositor_refresh``); a style is tinted once.
"""

from __future__ import annotations

from typing import Self

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.events import ScreenResume
from textual.geometry import Region, Size
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.types import NoActiveAppError
from textual.widget import Widget

from tdconsole.ui.notices import NoticeRack
from tdconsole.ui.textual_reach import (
    StillScreenReach,
    breakpoint_classes,
    forget_dirty_regions,
    render_lines,
    style_generation,
)


class StillBeneath(StillScreenReach):
    """A screen a dialog may be opened over (the console, the room display, the settings,
    the structure, a dialog).

    Its notices are in one area painted in place (``ui.notices``), instead of Textual's rack,
    which mounts a widget for each notice. A screen shown is given the terminal's size after
    its first layout at that size, and a dialog opened over this one passes it on to the
    screens beneath: Textual laid them out again, the same size, the same layout (and the
    whole backdrop of a dialog over them to take again); here a screen is laid out again
    only for a new size (a change of layout is made at the next update anyway). Beneath a
    dialog, what changed was passed up; the whole screen is repainted when it is on top
    again (``Screen._on_screen_resume``). (``textual_reach.StillScreenReach``.)"""

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name, id, classes)
        # The terminal's width and height classes ("-wide") from the start: Textual adds
        # them at the screen's first size, once every widget is styled, and styles the whole
        # screen again (a tenth of the console's start; each of the settings' fields twice).
        try:
            self.app  # noqa: B018
        except NoActiveAppError:  # built outside a running console: Textual adds them
            return
        self.size_classes(update=False)

    def size_classes(self, *, update: bool) -> None:
        """The terminal's width and height classes ("-wide"), as Textual sets them at a new
        size (a dialog opened again may not have seen the terminal resized)."""
        app = self.app
        for dimension, own, shared in (
            (app.size.width, self.HORIZONTAL_BREAKPOINTS, app.HORIZONTAL_BREAKPOINTS),
            (app.size.height, self.VERTICAL_BREAKPOINTS, app.VERTICAL_BREAKPOINTS),
        ):
            points = (shared if own is None else own) or []
            wanted = breakpoint_classes(self, dimension, points)
            for _point, name in points:
                self.set_class(name in wanted, name, update=update)

    def notice_rack(self) -> Widget:
        return NoticeRack()


class Backdrop(ModalScreen[None], StillBeneath):
    """A modal screen whose backdrop (the screen beneath, dimmed) is kept between repaints.
    (``ModalScreen`` first: Textual takes the default styles and the names CSS selects a
    screen by from the first base, and a modal's is its translucent background.)"""

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name, id, classes)
        self._lines: list[Strip | None] = []
        """The backdrop's lines as last shown; None: to take again from beneath."""
        self._drawn_as: tuple[Size, Color, Style] | None = None
        """The size, tint and base style the kept lines were drawn with."""
        self._styled: dict[Style | None, Style] = {}
        """Each style of the screen beneath, as the backdrop shows it."""
        self._styled_at: int | None = None
        """The App's count of style changes (a theme chosen) when the dialog was styled."""

    def on_screen_resume(self, event: ScreenResume) -> None:
        # Textual styles a screen pushed again all over: a dialog opened again (kept) is
        # styled as it was unless the styles changed since (a theme chosen: Textual counts).
        # (Textual calls each class's own handler of the event, this one before Screen's.)
        count = style_generation(self.app)
        if self._styled_at == count:
            event.refresh_styles = False
        self._styled_at = count

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Regions come from the screen beneath (what changed there): their lines are taken
        again; a repaint of the dialog's own keeps them."""
        for region in regions:
            for y in range(max(region.y, 0), min(region.bottom, len(self._lines))):
                self._lines[y] = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def forget_backdrop(self) -> None:
        """Take the whole backdrop again at the next repaint (a dialog opened again: the
        screen beneath has changed since); the styles as tinted are kept. The terminal's
        size classes as they are now."""
        self._lines = [None] * len(self._lines)
        self.size_classes(update=True)

    def _beneath(self) -> Screen[object] | None:
        stack = self.app.screen_stack
        if self not in stack:
            return None
        index = stack.index(self)
        return stack[index - 1] if index > 0 else None

    def render_line(self, y: int) -> Strip:
        beneath = self._beneath()
        tint = self.styles.background
        if beneath is None or tint.a >= 1:
            return super().render_line(y)
        # (Textual would render the whole backdrop again for any region marked.)
        forget_dirty_regions(self)
        base = self.visual_style.rich_style
        drawn_as = (self.size, tint, base)
        if drawn_as != self._drawn_as:
            self._drawn_as = drawn_as
            self._lines = [None] * self.size.height
            self._styled = {}
        if not 0 <= y < len(self._lines):
            return Strip.blank(self.size.width, base)
        if self._lines[y] is None:
            self._take(beneath, tint, base)
        line = self._lines[y]
        assert line is not None
        return line

    def _take(self, beneath: Screen[object], tint: Color, base: Style) -> None:
        """Take every line marked from the screen beneath, dimmed as Textual dims it
        (``BackgroundScreen``, then the screen's own style under it)."""
        wanted = {y for y, line in enumerate(self._lines) if line is None}
        chops = render_lines(beneath, self.size.region, wanted.__contains__)
        styled = self._styled
        for y in wanted:
            if y >= len(chops):  # the screen beneath not laid out to this size yet
                self._lines[y] = Strip.blank(self.size.width, base)
                continue
            segments = []
            for text, style, control in Strip.join(chops[y].values()):
                if control:
                    segments.append(Segment(text, style, control))
                    continue
                shown = styled.get(style)
                if shown is None:
                    (dimmed,) = BackgroundScreen.process_segments([Segment(text, style)], tint)
                    own = dimmed.style or Style()
                    shown = styled[style] = base + own if base else own
                segments.append(Segment(text, shown))
            # (The screen beneath is the dialog's width but while a new size is laid out.)
            self._lines[y] = Strip(segments).adjust_cell_length(self.size.width, base)
