"""A failed automatic backup is explained in Italian and English; the English stays as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from tdhelpers.support import MakeService

from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.register import Register
from tdconsole.store import backup


def test_a_failed_backup_in_both_languages(
    make_service: MakeService, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full_disk(source: Path, target: Path) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backup, "copy_event", full_disk)
    service = make_service(settings=settings.with_value("every", "1"))
    service.execute(Register(names=["Anna"]))
    service.close()  # waits for the backup under way
    english = service.backup_error
    assert english is not None and english.startswith("cannot back up ")
    assert english.endswith("(database or disk is full)")
    assert service.backup_error_text("en") == english
    italian = service.backup_error_text("it")
    assert italian is not None and italian.startswith("impossibile fare il backup di ")
    # SQLite's own words, said as such, at the end of the Italian sentence.
    assert italian.endswith("(errore di SQLite: database or disk is full)")
