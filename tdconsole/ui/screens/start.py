"""The start screen: a new event (its file in the data folder), a recent one opened, a new one
"like" a recent one (its settings and structure, its players offered), any event file, or the
demo. Shown when no event is open, and from the palette over an open event."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.i18n import _
from tdconsole.store.paths import EVENT_SUFFIX, events_dir
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import EventChosen
from tdconsole.ui.screens.base import STYLESHEET
from tdconsole.ui.widgets.keys_footer import KeysFooter

__all__ = ["EventChosen", "StartScreen"]

RECENT = 12
"""How many recent events the start screen lists."""


def recent_events(limit: int = RECENT) -> list[Path]:
    """The data folder's events, the most recently changed first."""
    dated: list[tuple[float, Path]] = []
    try:
        for path in events_dir().glob(f"*{EVENT_SUFFIX}"):
            try:
                if path.is_file():
                    dated.append((path.stat().st_mtime, path))
            except OSError:  # gone meanwhile, or unreadable: not offered
                continue
    except OSError:
        return []
    dated.sort(key=lambda item: (-item[0], item[1].name))
    return [path for _mtime, path in dated[:limit]]


class StartScreen(Screen[None]):
    CSS_PATH = STYLESHEET
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", str(_("Quit"))),
        Binding("ctrl+d", "demo", str(_("Demo")), priority=True),
        Binding("ctrl+l", "like", str(_("Like the chosen one")), priority=True),
    ]

    class Found(Message):
        """The data folder's recent events, read in a worker."""

        def __init__(self, events: list[Path]) -> None:
            super().__init__()
            self.events = events

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr
        self.recent: list[Path] = []
        say_bindings(self, self.tr)

    def compose(self) -> ComposeResult:
        tr = self.tr
        with Vertical(classes="dialog start") as box:
            box.border_title = "tdconsole — " + tr("Choose the event")
            yield Static(tr("New event"), classes="label")
            yield Input(
                placeholder=tr("Event name (its file goes in the data folder)"), id="new-name"
            )
            yield Static(tr("Recent events: Enter opens one"), classes="label")
            yield OptionList(id="recent")
            with Horizontal(classes="start-buttons"):
                yield Button(tr("New, like the chosen one") + "  (ctrl+l)", id="like")
                yield Button(tr("Demo event") + "  (ctrl+d)", id="demo", variant="primary")
            yield Static(tr("Open an event"), classes="label")
            yield Input(placeholder=tr("Event file or name"), id="open-path")
        # Its keys, as every screen shows them (Esc leaves, the demo, a new one like the chosen).
        yield KeysFooter()

    def on_mount(self) -> None:
        self._find_recent()

    @work(thread=True, exclusive=True, group="recent-events")
    def _find_recent(self) -> None:
        self.post_message(self.Found(recent_events()))

    @on(Found)
    def _found(self, message: Found) -> None:
        message.stop()
        self.recent = message.events
        listed = self.query_one("#recent", OptionList)
        listed.clear_options()
        for path in self.recent:
            try:
                when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            except OSError:
                when = ""
            # A file's name is shown as it is, never as markup.
            listed.add_option(Option(Text(f"{path.stem}   {when}")))
        if not self.recent:
            listed.add_option(
                Option(Text(self.tr("No event in the data folder yet")), disabled=True)
            )
        else:
            listed.highlighted = 0

    def chosen(self) -> Path | None:
        """The recent event the list's cursor is on."""
        index = self.query_one("#recent", OptionList).highlighted
        if index is None or not 0 <= index < len(self.recent):
            return None
        return self.recent[index]

    @on(Input.Submitted, "#new-name")
    def _new(self, event: Input.Submitted) -> None:
        # An empty name is refused with what to do (``event_files.new_event``).
        self.post_message(EventChosen("new", event.value))

    @on(Input.Submitted, "#open-path")
    def _open(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.post_message(EventChosen("open", event.value.strip()))

    @on(OptionList.OptionSelected, "#recent")
    def _open_recent(self, event: OptionList.OptionSelected) -> None:
        path = self.chosen()
        if path is not None:
            self.post_message(EventChosen("open", str(path)))

    @on(Button.Pressed, "#like")
    def action_like(self) -> None:
        """A new event named in the first field, like the recent one chosen in the list."""
        like = self.chosen()
        if like is None:
            self.notify(
                self.tr("choose the event to copy in the list of recent events"),
                severity="error",
            )
            return
        value = self.query_one("#new-name", Input).value
        self.post_message(EventChosen("like", value, like))

    @on(Button.Pressed, "#demo")
    def action_demo(self) -> None:
        self.post_message(EventChosen("demo"))

    def action_leave(self) -> None:
        """Back to the event left for this screen (the palette), else out of the console."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit(0)
