"""A club's season: the standings of the same players across several finished events.

- ``formulas``: the points of a place, by a formula chosen by name (never code from a file).
- ``seasonfile``: the season file (TOML beside the events): read with limits, written atomically.
- ``results``: one event's finishing places, read from its file read-only.
- ``standings``: the season's table from the events' results (pure).
- ``load``: all of it together, the ``season --json`` document.

No UI imports (a test checks); nothing is opened at import time.
"""
