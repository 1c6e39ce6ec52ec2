"""The web server of ``tdconsole serve``: textual-serve, with two views on one port.

textual-serve runs one command per browser session and joins its terminal to the page through
a websocket. Here the room display is at ``/display`` and the floor at ``/floor``; each session
is a ``tdconsole serve --view …`` process on the same event file, acting through the same
service as every other terminal. Sessions are counted and capped; a session whose browser went
away (closed, or silent past the websocket's heartbeat) is stopped, and its process ended if it
does not leave by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tdconsole.i18n import _, ngettext, translation
from tdconsole.store.faults import own_words

log = logging.getLogger("tdconsole.serve")

TEMPLATES = Path(__file__).parent / "templates"
MAX_SESSIONS = 40
"""Browser sessions at once: each is a process of its own (see the README's load figures)."""
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
        on_ready: Callable[[], None] | None = None,
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
        self.on_ready = on_ready
        self.max_sessions = max_sessions
        self.sessions: set[AppService] = set()

    def serve(self, debug: bool = False) -> None:
        """Listen until Ctrl+C or SIGTERM; ``on_ready`` is called once the port is open."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=self._ready,
            shutdown_timeout=STOP_SECONDS,
        )

    def _ready(self, *args: object) -> None:
        if self.on_ready is not None:
            self.on_ready()

    def initialize_logging(self) -> None:
        # One line for what goes wrong; textual-serve's banner and request log stay quiet.
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        first = next(iter(self.views))
        routes: list[web.AbstractRouteDef] = [web.get("/", self._redirect_to(f"/{first}"))]
        for name in self.views:
            routes.append(web.get(f"/{name}", self._page(name)))
            routes.append(web.get(f"/{name}/ws", self._socket(name)))
        routes.append(web.static("/static", self.statics_path, name="static"))
        app.add_routes(routes)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(self._stop(s) for s in list(self.sessions)))

    @staticmethod
    def _redirect_to(path: str) -> Callable[[web.Request], Any]:
        async def redirect(request: web.Request) -> web.StreamResponse:
            raise web.HTTPFound(path)

        return redirect

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
