"""The one web server of ``tdconsole serve``: one process, one aiohttp application.

``build_app(config)`` makes the application: one ``Watcher`` of the event file (started and
stopped with the app, kept at ``app[WATCHER]``), the Host check, then the room
(``tdconsole.serve.room``; where the event's copy serves, ``tdconsole.serve.elsewhere``),
each player's own page (``tdconsole.serve.players``, fed by the room's pictures), the floor
(``tdconsole.serve.floor``, its phone page) and the copy's feed (``tdconsole.serve.copy_feed``,
for ``tdconsole follow``). Each part is a
module with ``setup(app, config, watcher)`` adding its routes; the files several pages load are
served once under ``/shared/``.

Every response carries ``SECURITY_HEADERS``: the pages take nothing from another site and
show in no other site's frame.

``serve(config, on_ready)`` listens until Ctrl+C or SIGTERM (on every system: where the loop
takes no signal handlers, Windows', Python's own handler sets the stop), with the limits of
``tdconsole.serve.limits``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import signal
import ssl
from collections.abc import Awaitable, Callable

from aiohttp import web

from tdconsole.serve import copy_feed, players, room, streams
from tdconsole.serve.assets import STATIC, answer, shared
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.elsewhere import watch_copy
from tdconsole.serve.floor import web as floor_web
from tdconsole.serve.limits import (
    BODY_MOST,
    MOST_CONNECTIONS,
    RESERVE,
    Connections,
    allowed_hosts,
    connection_ceiling,
    host_check,
    whole_body,
)
from tdconsole.serve.listener import Listener
from tdconsole.serve.watch import Watcher
from tdconsole.store.system import raise_open_files, reuse_address

WATCHER = web.AppKey("watcher", Watcher)
LIMITS = web.AppKey("limits", Connections)
STOP_SECONDS = 10.0
"""How long open requests and sessions may take to end once the server is asked to stop."""
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


CONFIG = web.AppKey("config", ServeConfig)


def build_app(config: ServeConfig) -> web.Application:
    """The application serving the room and the floor for ``config.event``."""
    app = web.Application(
        middlewares=[
            # A foreign Host is refused at once, before its body is waited for.
            host_check(allowed_hosts(config.host, config.public_url)),
            whole_body(config.body_seconds, config.lang),
        ],
        client_max_size=BODY_MOST,
    )
    watcher = Watcher(config.event, interval=config.poll_seconds, lang=config.lang)
    app[WATCHER] = watcher
    app[CONFIG] = config
    ceiling = config.ceiling if config.ceiling is not None else connection_ceiling()
    app[LIMITS] = Connections(config.per_address, ceiling, config.lang)
    app.on_response_prepare.append(secure_headers)
    streams.setup(app)

    async def watch(app: web.Application) -> None:
        await watcher.start()

    async def unwatch(app: web.Application) -> None:
        await watcher.stop()

    app.on_startup.append(watch)
    app.on_cleanup.append(unwatch)
    watch_copy(app, config.event)  # (before the pages: they say where the copy is)
    room.setup(app, config, watcher)
    players.setup(app, config, watcher)
    floor_web.setup(app, config, watcher)
    copy_feed.setup(app, config, watcher)  # (after the floor: its PIN checks)
    shared().add_routes(app, "shared-static")
    app.router.add_get("/", _to_display)
    icon = (STATIC / "favicon.svg").read_bytes()

    async def favicon(request: web.Request) -> web.StreamResponse:
        return answer(request, icon, "image/svg+xml", "public, max-age=86400")

    # (a browser asks for /favicon.ico of a page that names no icon)
    app.router.add_get("/favicon.svg", favicon)
    app.router.add_get("/favicon.ico", favicon)
    return app


async def _to_display(request: web.Request) -> web.StreamResponse:
    raise web.HTTPFound("/display")


async def secure_headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer's ``SECURITY_HEADERS`` (a part's own, if it sets them, kept)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)


def serve(config: ServeConfig, on_ready: Callable[[], None] | None = None) -> None:
    """Listen on ``config.host``:``config.port`` until Ctrl+C or SIGTERM; ``on_ready`` is
    called once the port is open. An address in use raises OSError before ``on_ready``.
    The process's descriptor limit is raised first as far as the system lets, so that its
    connection ceiling (``connection_ceiling``) is sized from the limit it will run with."""
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    raise_open_files(MOST_CONNECTIONS + RESERVE)
    asyncio.run(_serve(config, on_ready))


async def _serve(config: ServeConfig, on_ready: Callable[[], None] | None) -> None:
    app = build_app(config)
    stop = asyncio.Event()
    restore = _stop_on_signals(asyncio.get_running_loop(), stop)
    runner = web.AppRunner(
        app,
        handle_signals=False,
        access_log=None,
        keepalive_timeout=config.idle_seconds,
        shutdown_timeout=STOP_SECONDS,
    )
    try:
        await runner.setup()
        await _until(stop, runner, config, on_ready)
    finally:
        restore()


async def _until(
    stop: asyncio.Event,
    runner: web.AppRunner,
    config: ServeConfig,
    on_ready: Callable[[], None] | None,
) -> None:
    """Serve with ``runner`` (set up) until ``stop``; then end its sessions and streams."""
    server: Listener | None = None
    try:
        server = await listen(runner, config)
        if on_ready is not None:
            on_ready()
        await stop.wait()
    finally:
        if server is not None:
            server.close()
        await runner.cleanup()
        runner.app[LIMITS].refusals.close()


def _stop_on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> Callable[[], None]:
    """Ctrl+C and SIGTERM set ``stop``; what is returned puts the previous handlers back."""
    undo: list[Callable[[], object]] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except NotImplementedError:
            # Windows' loops take no handlers; Python's own runs between the loop's waits
            # (asyncio's, which would cancel the server mid-way, is replaced until the end).
            def wake(signum: int, frame: object) -> None:
                loop.call_soon_threadsafe(stop.set)

            previous = signal.signal(sig, wake)
            undo.append(functools.partial(signal.signal, sig, previous))
        else:
            undo.append(functools.partial(loop.remove_signal_handler, sig))

    def restore() -> None:
        for step in undo:
            step()

    return restore


async def listen(runner: web.AppRunner, config: ServeConfig) -> Listener:
    """Open the port for ``runner`` (set up), each connection counted (``Connections``); the
    loop's failed accepts counted with the refusals, not printed, and the port opened again
    if the loop closed it for one (``Listener``)."""
    assert runner.server is not None
    limits = runner.app[LIMITS]
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(limits.refusals.loop_errors)
    context = None
    if config.cert is not None and config.key is not None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(config.cert, config.key)
    factory = limits.wrap(runner.server)

    def open_server(port: int) -> Awaitable[asyncio.Server]:
        return loop.create_server(
            factory, config.host, port, reuse_address=reuse_address(), ssl=context
        )

    listener = Listener(open_server, config.lang)
    await listener.start(config.port)
    limits.refusals.failed_accept = listener.failed_accept
    return listener
