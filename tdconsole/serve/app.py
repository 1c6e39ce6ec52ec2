"""The one web server of ``tdconsole serve``: one process, one aiohttp application.

``build_app(config)`` makes the application: one ``Watcher`` of the event file (started and
stopped with the app, kept at ``app[WATCHER]``), the Host check, then the room
(``tdconsole.serve.room``) and the floor (``tdconsole.serve.floor``,
its phone page). Each part is a module with
``setup(app, config, watcher)`` adding its routes.

``serve(config, on_ready)`` listens until Ctrl+C or SIGTERM, with the connection limits of
``tdconsole.serve.limits``.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import signal
import ssl
from collections.abc import Callable
from typing import Protocol

from aiohttp import web

from tdconsole.serve import streams
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.limits import PerAddress, allowed_hosts, host_check
from tdconsole.serve.watch import Watcher

WATCHER = web.AppKey("watcher", Watcher)
LIMITS = web.AppKey("limits", PerAddress)
STOP_SECONDS = 10.0
"""How long open requests and sessions may take to end once the server is asked to stop."""


CONFIG = web.AppKey("config", ServeConfig)


def build_app(config: ServeConfig) -> web.Application:
    """The application serving the room and the floor for ``config.event``."""
    # lazy: the room (the service, pydantic) is 175 ms of importing serve.app (load average 20)
    from tdconsole.serve import room

    app = web.Application(middlewares=[host_check(allowed_hosts(config.host, config.public_url))])
    watcher = Watcher(config.event, interval=config.poll_seconds)
    app[WATCHER] = watcher
    app[CONFIG] = config
    app[LIMITS] = PerAddress(config.per_address)
    streams.setup(app)

    async def watch(app: web.Application) -> None:
        await watcher.start()

    async def unwatch(app: web.Application) -> None:
        await watcher.stop()

    app.on_startup.append(watch)
    app.on_cleanup.append(unwatch)
    room.setup(app, config, watcher)
    floor_module().setup(app, config, watcher)
    app.router.add_get("/", _to_display)
    return app


class Part(Protocol):
    """A served part (the room, the floor): a module with its ``setup``."""

    def setup(self, app: web.Application, config: ServeConfig, watcher: Watcher) -> None: ...


def floor_module() -> Part:
    """The floor's module (``tdconsole.serve.floor``)."""
    module: Part = importlib.import_module("tdconsole.serve.floor")
    return module


async def _to_display(request: web.Request) -> web.StreamResponse:
    raise web.HTTPFound("/display")


def serve(config: ServeConfig, on_ready: Callable[[], None] | None = None) -> None:
    """Listen on ``config.host``:``config.port`` until Ctrl+C or SIGTERM; ``on_ready`` is
    called once the port is open. An address in use raises OSError before ``on_ready``."""
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    asyncio.run(_serve(config, on_ready))


async def _serve(config: ServeConfig, on_ready: Callable[[], None] | None) -> None:
    app = build_app(config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    runner = web.AppRunner(
        app,
        handle_signals=False,
        access_log=None,
        keepalive_timeout=config.idle_seconds,
        shutdown_timeout=STOP_SECONDS,
    )
    await runner.setup()
    server: asyncio.Server | None = None
    try:
        server = await listen(runner, config)
        if on_ready is not None:
            on_ready()
        await stop.wait()
    finally:
        if server is not None:
            server.close()
        await runner.cleanup()


async def listen(runner: web.AppRunner, config: ServeConfig) -> asyncio.Server:
    """Open the port for ``runner`` (set up), each connection counted per client address."""
    assert runner.server is not None
    limits = runner.app[LIMITS]
    context = None
    if config.cert is not None and config.key is not None:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(config.cert, config.key)
    return await asyncio.get_running_loop().create_server(
        limits.wrap(runner.server), config.host, config.port, reuse_address=True, ssl=context
    )
