"""Errors worded by the operating system or by SQLite reach a reader of Italian inside an Italian
sentence that keeps the system's own words at its end; a reader of English reads them
as before."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from tdconsole.cli.common import storage_refusal
from tdconsole.i18n import OPEN, PSEUDO
from tdconsole.store.eventstore import EventStore, StoreError
from tdconsole.store.faults import DISK_FULL, oserror_cause, own_words
from tdconsole.store.output import place_new
from tdconsole.store.transfer import read_document

FULL = f"[Errno {errno.ENOSPC}] {os.strerror(errno.ENOSPC)}"
TOO_LONG = f"[Errno {errno.ENAMETOOLONG}] {os.strerror(errno.ENAMETOOLONG)}"


def test_a_full_disk_while_writing_an_output(tmp_path: Path) -> None:
    target = tmp_path / "standings.txt"

    def build(tmp: Path) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(StoreError) as caught:
        place_new(target, build)
    # In the words every write says a full disk in (``oserror_cause``), as `register` does.
    assert str(caught.value) == (
        f"cannot write {target} (disk full: free some space): choose another path"
    )
    assert caught.value.text("it") == (
        f"impossibile scrivere {target}: scegli un altro percorso (disco pieno: libera spazio)"
    )


def test_an_error_the_store_does_not_name_keeps_the_system_s_words(tmp_path: Path) -> None:
    exc = OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(tmp_path / "x"))
    assert str(oserror_cause(exc)) == TOO_LONG
    assert oserror_cause(exc).text("it") == f"errore del sistema: {TOO_LONG}"
    # As the command line says it (``storage_refusal`` is its last resort for an OSError).
    refusal = storage_refusal(exc)
    assert refusal is not None
    assert str(refusal) == f"cannot use {tmp_path / 'x'}: {TOO_LONG}"
    assert refusal.text("it") == (
        f"impossibile usare {tmp_path / 'x'}: errore del sistema: {TOO_LONG}"
    )


def test_an_error_the_store_names_is_said_in_italian_throughout() -> None:
    refusal = storage_refusal(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    assert oserror_cause(OSError(errno.ENOSPC, "x")) == DISK_FULL
    assert refusal is not None
    assert refusal.text("it") == "il disco ha rifiutato: disco pieno: libera spazio"
    assert str(refusal) == "storage refused: disk full: free some space"


def test_sqlite_s_words_end_the_italian_sentence(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tdc"
    junk.write_text("not a database, just words " * 100)
    with pytest.raises(StoreError) as caught:
        EventStore(junk)
    assert str(caught.value) == (
        f"{junk} is not a readable event file (file is not a database): restore a backup "
        "(`tdconsole backups`); the file was left untouched"
    )
    assert caught.value.text("it") == (
        f"{junk} non è un file di evento leggibile: ripristina un backup con `tdconsole "
        "backups`; il file non è stato toccato (errore di SQLite: file is not a database)"
    )


def test_a_parser_s_words_end_the_italian_sentence(tmp_path: Path) -> None:
    export = tmp_path / "export.json"
    export.write_text("{not json")
    with pytest.raises(StoreError) as caught:
        read_document(export)
    italian = caught.value.text("it")
    assert italian.startswith(f"{export} non è un'esportazione di tdconsole utilizzabile: ")
    assert "(dettaglio tecnico: Expecting property name enclosed in double quotes" in italian


def test_the_system_s_words_are_marked_as_said_in_a_test_language() -> None:
    """A pseudo-language run finds the system's words inside the markers, not as escapes."""
    said = own_words(OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))).text(PSEUDO)
    assert said.startswith(OPEN) and TOO_LONG in said
    assert own_words(sqlite3.OperationalError("disk I/O error")).text("en") == "disk I/O error"


def test_every_write_says_a_read_only_medium_and_a_full_disk_in_registers_words(
    tmp_path: Path,
) -> None:
    """`print`, `new` and `register` on a read-only or full medium: one set of words (the
    system's own are for a fault no word of ours names)."""
    for code, italian in (
        (errno.EROFS, "il supporto è montato in sola lettura"),
        (28, "disco pieno"),
    ):

        def build(tmp: Path, code: int = code) -> None:
            raise OSError(code, os.strerror(code))

        with pytest.raises(StoreError) as caught:
            place_new(tmp_path / "out.txt", build)
        said = caught.value.text("it")
        assert italian in said and "Errno" not in said and "errore del sistema" not in said
