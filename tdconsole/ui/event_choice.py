"""The start screen's choices carried out: a new event, one opened, one "like the last one",
or the demo (``ConsoleApp`` builds on this). The files are made by the same functions as the
command line's ``new`` (``tdconsole.event_files``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.ui.app_views import ViewsApp
from tdconsole.ui.i18n import Lang
from tdconsole.ui.messages import EventChosen

if TYPE_CHECKING:
    from tdconsole.service import Tournament


class EventChoice(ViewsApp):
    """The App's half that opens another event; ``ConsoleApp`` sets what it reads."""

    actor: str | None
    lang_override: Lang | None

    if TYPE_CHECKING:  # what ``ConsoleApp`` defines, read here

        def refused(self, exc: RuleError) -> None: ...
        def _take(self, service: Tournament) -> None: ...
        async def _open_screen(self) -> None: ...
        def _event_lang(self) -> Lang: ...

    @on(EventChosen)
    def choose_event(self, message: EventChosen) -> None:
        message.stop()
        self._prepare_event(message.kind, message.value, message.like)

    @work(thread=True, exclusive=True)
    def _prepare_event(self, kind: str, value: str, like: Path | None = None) -> None:
        # Creating or building an event writes to disk: a worker thread; the service itself is
        # opened on the UI thread, which alone uses it.
        # lazy: the demo, the service and the settings file bring the event's models, which
        # the first frame does not need
        from tdconsole.demo import build_demo
        from tdconsole.event_files import event_like, new_event
        from tdconsole.store.opening import shown as shown_path
        from tdconsole.store.paths import remember_event, resolve_event_path
        from tdconsole.store.settings_file import load_settings

        offered: list[str] = []
        try:
            if kind == "demo":
                path = build_demo()
            elif kind == "new":
                path = new_event(value, load_settings(), actor=self.actor)
            elif kind == "like" and like is not None:
                path, offered = event_like(value, like, actor=self.actor)
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
            self.call_from_thread(self.refused, exc)
            return
        self.call_from_thread(self._open_later, path, offered)

    def _open_later(self, path: Path, offered: list[str] | None = None) -> None:
        self.run_worker(self.open_event(path, offered or []), exclusive=True, group="open-event")

    async def open_event(self, path: Path, offered: list[str] | None = None) -> None:
        # lazy: the service brings the event's models, which the first frame does not need
        from tdconsole.service import Tournament

        role = "floor" if self.mode == "floor" else "director"
        opened = Tournament.open(path, actor=self.actor, role=role, clock=self.clock)
        if self.service is not None:  # the event left for this one (the palette's start screen)
            self.service.close()
        self._take(opened)
        if self.lang_override is None:
            self.tr.lang = self._event_lang()
        await self._open_screen()
        if offered:
            # lazy: the dialogs are the console's, loaded with it
            from tdconsole.ui.dialogs.register_again import RegisterAgainDialog

            await self.push_screen(RegisterAgainDialog(self.tr, opened.state, offered))
