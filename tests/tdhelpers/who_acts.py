"""Who acts, in tests: the Director from a staff member's phone, the log's length, and an
event file as a version that kept only the store's actor label left it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tdconsole.domain.acting import Who
from tdconsole.domain.events import Command
from tdconsole.service import Tournament


def older(path: Path) -> None:
    """``path`` as a version that kept only a label left it: the who-fields dropped, each
    entry's label as that version wrote it ("Direttore (via Anna)" for the phone)."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT seq, data FROM events").fetchall()
        for seq, data in rows:
            fields = json.loads(data)
            if fields.get("via"):
                db.execute(
                    "UPDATE events SET actor = ? WHERE command = "
                    "(SELECT command FROM events WHERE seq = ?)",
                    (f"{fields['person']} (via {fields['via']})", seq),
                )
            kept = {k: v for k, v in fields.items() if k not in ("person", "role", "via")}
            db.execute("UPDATE events SET data = ? WHERE seq = ?", (json.dumps(kept), seq))
        if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'snapshots'").fetchone():
            db.execute("DELETE FROM snapshots")
        db.commit()
    finally:
        db.close()


def log_length(event: Path) -> int:
    """How many entries ``event``'s log holds (nothing recorded: the same before and after)."""
    service = Tournament.open(event)
    try:
        return len(service.log())
    finally:
        service.close()


def from_phone(event: Path, command: Command, via: str) -> None:
    """``command`` given by the Director, his PIN typed on ``via``'s phone."""
    phone = Tournament.open(event, role="director", via=via)
    try:
        phone.execute(command)
    finally:
        phone.close()


def last_actor(event: Path) -> Who:
    """Who recorded ``event``'s last command."""
    service = Tournament.open(event)
    try:
        return service.history.actors[service.log()[-1].command]
    finally:
        service.close()
