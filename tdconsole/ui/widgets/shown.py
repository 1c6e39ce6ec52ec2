"""What the console's screen holds for its widgets, and how a widget follows it.

The screen keeps one reactive attribute, ``shown``: the event as the console reads it
(``domain.console_view``, built once per change of the State) with who is at this terminal and
what other terminals did. Each widget watches it (``follow``) and draws what it reads there;
a tab's view draws it while its tab is in front, and when the tab comes to the front.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple

from textual.widgets import TabbedContent, TabPane

if TYPE_CHECKING:
    from rich.text import Text
    from textual.widget import Widget

    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.ui.log_watch import Activity


class Shown(NamedTuple):
    event: ConsoleView
    now: datetime
    """The moment it was built at (the Director's message shown then)."""
    who: Text
    """Who is at this terminal, as the title bar says it."""
    activity: Sequence[Activity] = ()
    """Other terminals' actions, latest last."""


def follow(widget: Widget, draw: Callable[[Shown], None]) -> None:
    """Call ``draw`` with the screen's ``shown`` now and at each change (none before the
    event is read). In a tab's pane: only while that tab is in front, and as it comes to the
    front with what it has not drawn yet (a hidden tab is never repainted)."""
    screen = widget.screen
    pane = next((a for a in widget.ancestors if isinstance(a, TabPane)), None)
    tabs = next((a for a in widget.ancestors if isinstance(a, TabbedContent)), None)
    if pane is None or tabs is None:

        def changed(shown: Shown | None) -> None:
            if shown is not None:
                draw(shown)

        widget.watch(screen, "shown", changed)
        return
    drawn: list[Shown] = []

    def due() -> None:
        shown: Shown | None = getattr(screen, "shown", None)
        if shown is None or tabs.active != pane.id or (drawn and drawn[0] is shown):
            return
        drawn[:] = [shown]
        draw(shown)

    widget.watch(screen, "shown", due)
    widget.watch(tabs, "active", due)
