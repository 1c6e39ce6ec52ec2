"""The floor in a browser as it was: textual-serve sessions, mounted on the one server.

Moved here unchanged from the old two-view server while the floor's own page is built
(``tdconsole.serve.floor`` replaces it; ``app.build_app`` prefers that module when it exists).

textual-serve runs one command per browser session and joins its terminal to the page through
a websocket. The floor is at ``/floor``; each session is a ``tdconsole serve --view floor``
process on the same event file, acting through the same service as every other terminal.
Sessions are counted and capped; a session whose browser went
away (closed, or silent past the websocket's heartbeat) is stopped, and its process ended if it
does not leave by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tdconsole.i18n import _, ngettext, translation
from tdconsole.store.faults import own_words

if TYPE_CHECKING:
    from tdconsole.serve.app import ServeConfig
    from tdconsole.serve.watch import Watcher

log = logging.getLogger("tdconsole.serve")

TEMPLATES = Path(__file__).parent / "templates"
MAX_SESSIONS = 40
"""Browser sessions at once: each is a process of its own (the load figures: docs/speed.md)."""
STOP_SECONDS = 10.0
"""How long a session's process may take to leave once asked, before it is ended."""


@dataclass(frozen=True)
class View:
    """One served view: its page and the command each of its sessions runs."""

    name: str
    command: str
    title: str
    columns: int
    """The columns the page's font is sized for (the floor: a phone in portrait)."""
    rows: int
    max_font: int


def page_words(lang: str) -> dict[str, str]:
    """The words of a view's page around the terminal, in ``lang``."""
    words = translation(lang)
    return {
        "ended": words.gettext("Session ended."),
        "again": words.gettext("Open again"),
    }


class ViewServer(Server):
    """textual-serve's server with one page and one websocket per view."""

    def __init__(
        self,
        views: list[View],
        *,
        host: str,
        port: int,
        public_url: str,
        lang: str = "it",
        max_sessions: int = MAX_SESSIONS,
    ) -> None:
        super().__init__(
            command=views[0].command,
            host=host,
            port=port,
            title="tdconsole",
            public_url=public_url,
            templates_path=TEMPLATES,
        )
        self.views = {view.name: view for view in views}
        self.lang = lang
        self.max_sessions = max_sessions
        self.sessions: set[AppService] = set()

    def mount(self, app: web.Application) -> None:
        """The views' pages and websockets, and textual-serve's files, on ``app``."""
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        routes: list[web.AbstractRouteDef] = []
        for name in self.views:
            routes.append(web.get(f"/{name}", self._page(name)))
            routes.append(web.get(f"/{name}/ws", self._socket(name)))
        routes.append(web.static("/static", self.statics_path, name="static"))
        app.add_routes(routes)
        app.on_shutdown.append(self.on_shutdown)

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(self._stop(s) for s in list(self.sessions)))

    def _page(self, name: str) -> Callable[[web.Request], Any]:
        view = self.views[name]

        async def page(request: web.Request) -> web.StreamResponse:
            context = {
                "lang": self.lang,
                "title": view.title,
                "websocket_path": f"/{name}/ws",
                "columns": view.columns,
                "rows": view.rows,
                "max_font": view.max_font,
                **page_words(self.lang),
            }
            response = aiohttp_jinja2.render_template("view.html", request, context)
            response.headers["Cache-Control"] = "no-store"
            return response

        return page

    def _socket(self, name: str) -> Callable[[web.Request], Any]:
        view = self.views[name]

        async def socket(request: web.Request) -> web.StreamResponse:
            return await self._session(request, view)

        return socket

    async def _session(self, request: web.Request, view: View) -> web.WebSocketResponse:
        """One browser session: its process started, joined to the page, stopped after."""
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if len(self.sessions) >= self.max_sessions:
            log.warning(
                ngettext(
                    "refused a {view} session: {n} session open",
                    "refused a {view} session: {n} sessions open",
                    len(self.sessions),
                )
                .format(view=view.name)
                .text(self.lang)
            )
            await websocket.close(code=1013, message=b"too many sessions")
            return websocket
        width = _int(request.query.get("width"), 80)
        height = _int(request.query.get("height"), 24)
        service = AppService(
            view.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=_closer(websocket),
            download_manager=self.download_manager,
        )
        self.sessions.add(service)
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # one session's failure never stops the others
            log.warning(
                _("a {view} session failed: {why}")
                .format(view=view.name, why=own_words(exc))
                .text(self.lang)
            )
        finally:
            await self._stop(service)
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _stop(self, service: AppService) -> None:
        """Ask the session's process to leave; end it if it has not within STOP_SECONDS."""
        if service not in self.sessions:
            return
        self.sessions.discard(service)
        process = service._process
        with contextlib.suppress(Exception):
            await asyncio.wait_for(service.stop(), STOP_SECONDS)
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), STOP_SECONDS)


def _closer(websocket: web.WebSocketResponse) -> Callable[[], Awaitable[None]]:
    async def close() -> None:
        await websocket.close()

    return close


def _int(value: str | None, default: int) -> int:
    try:
        return max(10, min(500, int(value or default)))
    except ValueError:
        return default


def setup(app: web.Application, config: ServeConfig, watcher: Watcher) -> None:
    """The floor's textual-serve sessions at ``/floor`` (the watcher is not theirs: each
    session's process follows the file itself)."""
    from tdconsole.cli.serve_cmds import session_command

    words = translation(config.lang)
    view = View(
        "floor",
        session_command(config.event, "floor", config.session_lang, config.public),
        "tdconsole — " + words.gettext("Floor"),
        columns=40,
        rows=20,
        max_font=20,
    )
    server = ViewServer(
        [view], host=config.host, port=config.port, public_url=config.public_url, lang=config.lang
    )
    server.mount(app)
