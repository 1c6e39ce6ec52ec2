"""``python tests/tdhelpers/floor_server.py EVENT PORT [test-cost] [ping=SECONDS] [move=SECONDS]``:
``tdconsole serve``'s one server on loopback for the floor's browser tests (pages in English),
until terminated; ``test-cost``: PINs checked at the tests' cost, as the test that started it
hashed them (tests/conftest.py); ``ping=SECONDS``: the streams' ping that often
(``streams.PING_SECONDS``); ``move=SECONDS``: the pages go on from the copy after so long
without this server (``elsewhere.MOVE_SECONDS``)."""

from __future__ import annotations

import sys
from pathlib import Path

from tdconsole.domain import access
from tdconsole.serve import elsewhere, streams
from tdconsole.serve.app import serve
from tdconsole.serve.config import ServeConfig
from tdhelpers.floor_pins import cheap_pin_key


def main() -> None:
    event, port = Path(sys.argv[1]), int(sys.argv[2])
    for option in sys.argv[3:]:
        if option == "test-cost":
            access.pin_key = cheap_pin_key
        elif option.startswith("ping="):
            streams.PING_SECONDS = float(option.removeprefix("ping="))
        elif option.startswith("move="):
            elsewhere.MOVE_SECONDS = float(option.removeprefix("move="))
    serve(ServeConfig(event=event, port=port, lang="en"), lambda: print("ready", flush=True))


if __name__ == "__main__":
    main()
