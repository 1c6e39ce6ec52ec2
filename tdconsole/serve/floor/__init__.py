"""The floor on a phone: a web page served by ``tdconsole serve`` (see docs/floor.md).

``setup(app, config, watcher)`` adds its routes to the server's one application
(``tdconsole.serve.app.build_app``); ``web`` has the routes, ``core`` the sign-in, sessions and
service calls, ``actions`` the actions, ``view`` what the page shows, ``tokens`` the signed
cookie and the CSRF token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiohttp import web

    from tdconsole.serve.floor.views import Watching
    from tdconsole.serve.floor.web import Config


def setup(app: web.Application, config: Config, watcher: Watching) -> None:
    # The floor's tokens and core are imported without the web layer (aiohttp) too:
    # lazy: the floor's web layer (aiohttp) is the heaviest part of importing them
    from tdconsole.serve.floor import web as floor_web

    floor_web.setup(app, config, watcher)
