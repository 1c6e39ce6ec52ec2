"""``python tests/floor_server.py EVENT PORT``: the floor served on loopback for the browser
tests, until killed: the one server of ``tdconsole serve`` when it is there, else the floor's
routes with the tests' watcher (``floor_watching``)."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web


@dataclass(frozen=True)
class Config:
    event: Path
    lang: str = "en"
    public: bool = False


def build(event: Path) -> web.Application:
    from floor_watching import PollWatcher

    from tdconsole.serve.floor import setup

    app = web.Application()
    watcher = PollWatcher(event)

    async def start(app: web.Application) -> None:
        await watcher.start()

    async def stop(app: web.Application) -> None:
        await watcher.stop()

    app.on_startup.append(start)
    app.on_cleanup.append(stop)
    setup(app, Config(event), watcher)
    return app


def main() -> None:
    event, port = Path(sys.argv[1]), int(sys.argv[2])
    if importlib.util.find_spec("tdconsole.serve.app") is not None:
        from tdconsole.serve.app import ServeConfig, serve

        serve(ServeConfig(event=event, port=port, lang="en"), lambda: print("ready", flush=True))
        return
    app = build(event)
    web.run_app(app, host="127.0.0.1", port=port, print=lambda *_: print("ready", flush=True))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
