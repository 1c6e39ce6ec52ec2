"""The first frame: a title bar and "Opening the event…", painted at once.

Two plain widgets and a few lines of CSS: the console's modules, its stylesheet and the event
are loaded after this is on the screen, and the console replaces it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tdconsole.domain.texts import escape
from tdconsole.ui.i18n import Translator


class OpeningScreen(Screen[None]):
    DEFAULT_CSS = """
    OpeningScreen { layout: vertical; }
    OpeningScreen #title { height: 1; padding: 0 1; background: $primary-background; }
    OpeningScreen #opening { width: 1fr; height: 1fr; content-align: center middle; }
    """

    def __init__(self, tr: Translator, title: str = "") -> None:
        super().__init__()
        self.tr = tr
        self.event_title = title

    def compose(self) -> ComposeResult:
        # The file's name may hold what a terminal obeys (ESC): shown escaped.
        shown = escape(self.event_title)
        title = "tdconsole" + (f" · {shown}" if shown else "")
        yield Static(title, id="title", markup=False)
        yield Static(self.tr("Opening the event…"), id="opening", markup=False)

    def failed(self, text: str) -> None:
        """The event could not be opened: said here too (the floor and display have no start
        screen to fall back on)."""
        self.query_one("#opening", Static).update(escape(text, keep_lines=True))
