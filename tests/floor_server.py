"""``python tests/floor_server.py EVENT PORT``: ``tdconsole serve``'s one server on loopback
for the floor's browser tests (pages in English), until terminated."""

from __future__ import annotations

import sys
from pathlib import Path

from tdconsole.serve.app import serve
from tdconsole.serve.config import ServeConfig


def main() -> None:
    event, port = Path(sys.argv[1]), int(sys.argv[2])
    serve(ServeConfig(event=event, port=port, lang="en"), lambda: print("ready", flush=True))


if __name__ == "__main__":
    main()
