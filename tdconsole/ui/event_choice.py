"""The start screen's choices carried out: a new event, one opened, one "like the last one",
or the demo (the App hands ``EventChosen`` to an ``EventChooser`` in a worker thread, which
imports this module: the service, the demo and the event's files never delay a frame). The
files are made by the same functions as the command line's ``new`` (``tdconsole.event_files``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tdconsole.demo import build_demo
from tdconsole.domain.errors import RuleError
from tdconsole.event_files import event_like, new_event
from tdconsole.i18n import _
from tdconsole.service import Tournament
from tdconsole.store.opening import shown as shown_path
from tdconsole.store.paths import remember_event, resolve_event_path
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.dialogs.register_again import RegisterAgainDialog
from tdconsole.ui.messages import EventChosen

if TYPE_CHECKING:
    from tdconsole.ui.app import ConsoleApp


class EventChooser:
    """Opens the event chosen on the start screen, in place of the one shown."""

    def __init__(self, app: ConsoleApp) -> None:
        self.app = app

    def prepare(self, message: EventChosen) -> None:
        """In a worker thread: make or find the event's file (creating or building an event
        writes to disk), then open it on the UI thread, which alone uses the service."""
        kind, value, like = message.kind, message.value, message.like
        offered: list[str] = []
        try:
            if kind == "demo":
                path = build_demo()
            elif kind == "new":
                path = new_event(value, load_settings(), actor=self.app.actor)
            elif kind == "like" and like is not None:
                path, offered = event_like(value, like, actor=self.app.actor)
            else:
                path = resolve_event_path(value)
                if not path.exists():
                    raise RuleError(
                        _("no event at {path}: check the name or the path").format(
                            path=shown_path(path)
                        )
                    )
            remember_event(path)
        except RuleError as exc:
            self.app.call_from_thread(self.app.refused, exc)
            return
        self.app.call_from_thread(self._open_later, path, offered)

    def _open_later(self, path: Path, offered: list[str]) -> None:
        self.app.run_worker(self._open(path, offered), exclusive=True, group="open-event")

    async def _open(self, path: Path, offered: list[str]) -> None:
        app = self.app
        role = "floor" if app.mode == "floor" else "director"
        opened = Tournament.open(path, actor=app.actor, role=role, clock=app.clock)
        if app.service is not None:  # the event left for this one (the palette's start screen)
            app.service.close()
        app.take(opened)
        if app.lang_override is None:
            app.tr.lang = app.event_lang()
        await app.open_screen()
        if offered:
            await app.push_screen(RegisterAgainDialog(app.tr).offering(offered))
