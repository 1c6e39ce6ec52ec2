"""``rule``, ``calc``, ``print``, ``export``, ``import`` and ``backups`` speak the event's language
(Italian by default), and ``--lang`` overrides it; the ``error: `` prefix and JSON stay the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import new_event
from tdhelpers.command_line import run_typed as run


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """An event with the shipped settings (language "it"), now the current event."""
    return new_event(capsys, tmp_path / "serata.tdc", "Serata")


@pytest.fixture
def english(event: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The same event, set to English."""
    assert run(capsys, "--event", event, "set", "language=en")[0] == 0
    return event


CHIPS = ("calc", "chips", "--to-call", "400", "--pushed", "525", "--bb", "200")


def test_calc_follows_the_current_event_and_lang_overrides(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, _ = run(capsys, *CHIPS)
    assert code == 0
    assert out.startswith(
        "RILANCIO (6.8-D): 125 oltre la puntata, più della metà del rilancio minimo (200): "
        "un rilancio, da completare a 600\n"
    )
    assert "Art. 6.8-D, Art. 7.3" in out
    code, out, _ = run(capsys, "--lang", "en", *CHIPS)
    assert out.startswith("RAISE (6.8-D): 125 over the bet is more than half the minimum raise")
    code, _, err = run(capsys, "calc", "clock", "--granted", "90")
    assert (code, err) == (
        2,
        "error: il Direttore concede da 30 a 60 secondi, non 90; scegli un tempo in "
        "quell'intervallo (Art. 5.4)\n",
    )
    code, _, err = run(capsys, "--lang", "en", "calc", "clock", "--granted", "90")
    assert err == (
        "error: the Director grants 30 to 60 seconds, not 90; pick a time in that range "
        "(Art. 5.4)\n"
    )
    # JSON is the same whatever the language.
    italian = json.loads(run(capsys, *CHIPS, "--json")[1])
    assert italian == json.loads(run(capsys, "--lang", "en", *CHIPS, "--json")[1])
    assert "explanation_it" not in italian and italian["action"] == "raise"


def test_an_english_event_gets_english_rulings_tools(
    capsys: pytest.CaptureFixture[str], english: str
) -> None:
    assert run(capsys, *CHIPS)[1].startswith("RAISE (6.8-D)")
    assert run(capsys, "--lang", "it", *CHIPS)[1].startswith("RILANCIO (6.8-D)")
    out = run(capsys, "calc", "button", "--seats", "1,2,3", "--button", "1", "--out", "2")[1]
    assert "heads-up: the button posts the small blind" in out
    assert run(capsys, "rule", "7.7", "--limit", "1")[1].startswith(
        "Art. 7.7 [ordine] — All-in and side pots"
    )
    code, _, err = run(capsys, "calc", "sidepots", "Ada:100")
    assert (code, err) == (
        2,
        "error: bad player 'Ada:100': write [SEAT:]NAME=CHIPS, e.g. 3:Ada=1500\n",
    )


def test_rule_follows_the_event_and_lang_overrides(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    out = run(capsys, "--event", event, "rule", "7.7", "--limit", "1")[1]
    assert out.startswith("Art. 7.7 [ordine] — All-in e side pot\n") and "Vedi anche" in out
    out = run(capsys, "--lang", "en", "rule", "7.7", "--limit", "1")[1]
    assert out.startswith("Art. 7.7 [ordine] — All-in and side pots\n") and "See also" in out
    code, _, err = run(capsys, "rule", "dote", "--book", "nope")
    assert (code, err) == (
        2,
        "error: nessun regolamento si chiama 'nope'; i nomi sono in `rules list`\n",
    )
    code, _, err = run(capsys, "rule", "dote", "--book", "nope", "--lang", "en")
    assert err == "error: no rulebook named 'nope'; see `rules list` for the names\n"


def test_print_refusals_follow_the_event_and_lang_overrides(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    argv = ("print", "payouts", "--format", "html", "--lp")
    code, _, err = run(capsys, "--event", event, *argv)
    assert (code, err) == (
        2,
        "error: la coda di stampa non sa impaginare il formato html: usa --format pdf o txt, "
        "oppure stampa la pagina html da un browser\n",
    )
    code, _, err = run(capsys, "--lang", "en", "--event", event, *argv)
    assert err.startswith("error: the printer queue cannot lay out html: use --format pdf")
    code, _, err = run(capsys, "--event", event, *argv, "--lang", "en")  # the report's --lang
    assert err.startswith("error: the printer queue cannot lay out html")
    assert run(capsys, "--event", event, "set", "language=en")[0] == 0
    code, _, err = run(capsys, "--event", event, *argv)
    assert err.startswith("error: the printer queue cannot lay out html")


def test_export_import_and_backups_speak_the_event_language(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path
) -> None:
    exported = tmp_path / "serata.json"
    code, out, _ = run(capsys, "--event", event, "export", "-o", str(exported))
    assert (code, out) == (0, f"esportate 2 voci del registro di 'Serata' in {exported}\n")
    code, _, err = run(capsys, "--lang", "en", "--event", event, "export", "-o", str(exported))
    assert (code, err) == (
        2,
        f"error: {exported} already exists: choose another path, or add --force to replace it "
        "(nothing was replaced)\n",
    )
    argv = ("--lang", "en", "--event", event, "export", "-o", str(exported), "--force")
    code, out, _ = run(capsys, *argv)
    assert out == f"exported 2 events of 'Serata' to {exported}\n"
    copy = tmp_path / "copia.tdc"
    code, out, _ = run(capsys, "import", str(exported), "--to", str(copy))
    assert (code, out) == (0, f"importate 2 voci del registro in {copy}\n")
    code, _, err = run(capsys, "import", str(exported), "--to", str(copy))
    assert (code, err) == (
        2,
        f"error: {copy} esiste già ed è un file di evento: non si sostituisce mai, nemmeno con "
        "--force; scegli un altro percorso (non è stato scritto nulla)\n",
    )
    code, _, err = run(capsys, "--lang", "en", "import", str(exported), "--to", str(copy))
    assert err == (
        f"error: {copy} already exists and is an event file: it is never replaced, not even "
        "with --force; choose another path (nothing was written)\n"
    )

    code, out, _ = run(capsys, "--event", event, "backups", "now")
    assert code == 0 and out.startswith("backup di serata.tdc (fino alla voce 2) in ")
    out = run(capsys, "--event", event, "backups")[1]
    assert out.startswith("backup di serata.tdc, dal più recente (cartella ")
    assert "fino alla voce 2" in out and "`tdconsole backups restore N --to PERCORSO`" in out
    out = run(capsys, "--lang", "en", "--event", event, "backups")[1]
    assert out.startswith("backups of serata.tdc, newest first (folder ")
    assert "up to event 2" in out
    code, _, err = run(capsys, "--event", event, "backups", "restore")
    assert (code, err) == (
        2,
        "error: per ripristinare servono un backup e un nuovo percorso: "
        "backups restore N --to PERCORSO\n",
    )
    code, _, err = run(
        capsys,
        "--lang",
        "en",
        "--event",
        event,
        "backups",
        "restore",
        "9",
        "--to",
        str(tmp_path / "x.tdc"),
    )
    assert err.startswith("error: no backup '9': give a number from `tdconsole backups`")
    # JSON is the same in both languages.
    listed = run(capsys, "--event", event, "backups", "--json")[1]
    assert listed == run(capsys, "--lang", "en", "--event", event, "backups", "--json")[1]

    assert run(capsys, "--event", event, "set", "language=en")[0] == 0
    code, out, _ = run(capsys, "--event", event, "export", "-o", str(exported), "--force")
    assert out.startswith("exported 4 events of 'Serata' to ")
    code, out, _ = run(capsys, "--lang", "it", "--event", event, "backups", "now")
    assert out.startswith("backup di serata.tdc (fino alla voce 4) in ")


def test_a_file_that_is_not_an_event_is_refused_in_both_languages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    junk = tmp_path / "junk.tdc"
    junk.write_text("not a database, just words " * 100)
    code, _, err = run(capsys, "--event", str(junk), "export")
    assert (code, err) == (
        2,
        f"error: {junk} non è un file di evento leggibile: ripristina un backup con "
        "`tdconsole backups`; il file non è stato toccato (errore di SQLite: file is not a "
        "database)\n",
    )
    code, _, err = run(capsys, "--lang", "en", "--event", str(junk), "export")
    assert err == (
        f"error: {junk} is not a readable event file (file is not a database): restore a "
        "backup (`tdconsole backups`); the file was left untouched\n"
    )
