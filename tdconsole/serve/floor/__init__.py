"""The floor on a phone: a web page served by ``tdconsole serve`` (see docs/floor.md).

``web.setup(app, config, watcher)`` adds its routes to the server's one application
(``tdconsole.serve.app.build_app``); ``web`` has the routes, ``core`` the sign-in, sessions and
service calls, ``actions`` the actions, ``view`` what the page shows, ``tokens`` the signed
cookie and the CSRF token.
"""
