"""The command line speaks the event's language (Italian by default); ``--lang`` overrides it.
JSON output is the same in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import new_event
from tdhelpers.command_line import run_typed as run


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """An event with the shipped settings: language "it"."""
    return new_event(capsys, tmp_path / "serata.tdc", "Serata")


def test_italian_event_gives_italian_errors_and_lang_en_overrides(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "register", "Anna") == (0, "iscrizione di Anna\n", "")
    code, out, _ = run(capsys, "--event", event, "pay", "Anna")
    said = "quota d'iscrizione: Anna\nAnna: quota d'iscrizione versata (70 scudi)\n"
    assert (code, out) == (0, said)  # the summary, then the amount
    code, out, err = run(capsys, "--event", event, "pay", "anna")
    assert (code, out) == (2, "")
    assert err == "error: Anna ha già versato la quota d'iscrizione (Art. I.2)\n"
    code, _, err = run(capsys, "--lang", "en", "--event", event, "pay", "anna")
    assert (code, err) == (2, "error: Anna has already paid the entry fee (Art. I.2)\n")
    code, _, err = run(capsys, "--event", event, "start", "--stack", "4000", "--bb", "100")
    assert (code, err) == (
        2,
        "error: prima sorteggia i posti (`draw`), poi avvia il torneo (Art. II.2)\n",
    )


def test_english_event_speaks_english_and_lang_it_overrides(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "set", "language=en")[0] == 0
    assert run(capsys, "--event", event, "register", "Anna")[1] == "register Anna\n"
    code, _, err = run(capsys, "--event", event, "withdraw", "Bruno")
    assert code == 2 and err.startswith("error: no player named 'Bruno'")
    code, _, err = run(capsys, "--lang", "it", "--event", event, "withdraw", "Bruno")
    assert code == 2 and err.startswith("error: nessun giocatore si chiama 'Bruno'")
    assert run(capsys, "--lang", "it", "--event", event, "withdraw", "Anna")[1] == (
        "ritiro di Anna\n"
    )


def test_errors_before_any_event_follow_lang_else_italian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "state")
    assert code == 2 and err.startswith("error: nessun evento scelto: creane uno con")
    code, _, err = run(capsys, "--lang", "en", "state")
    assert code == 2 and err.startswith("error: no event chosen: create one with")


def test_bad_values_are_italian_too(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, _, err = run(capsys, "--event", demo, "count", "Rossi=lots")
    assert (code, err) == (
        2,
        "error: Rossi: 'lots' non è un conteggio di gettoni: scrivilo con le sole cifre 0-9 "
        "(senza segno, senza spazi attorno, senza zeri iniziali)\n",
    )
    code, _, err = run(capsys, "--event", demo, "clock", "set", "9x:00")
    assert code == 2 and err.startswith("error: '9x:00' non è un tempo")
    code, _, err = run(
        capsys, "--event", demo, "disqualify", "Rossi", "--reason", "x", "--chips", "-5"
    )
    assert (code, err) == (
        2,
        "error: --chips: -5 è fuori dai limiti: indica 0 o più (Art. VI.2)\n",
    )
    code, _, err = run(
        capsys,
        "--lang",
        "en",
        "--event",
        demo,
        "disqualify",
        "Rossi",
        "--reason",
        "x",
        "--chips",
        "-5",
    )
    assert code == 2 and err.startswith("error: --chips: -5 is out of range: give 0 or more")


def test_play_outputs_in_italian(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, _ = run(capsys, "--event", demo, "clock")
    assert code == 0 and out.startswith("livello 1: bui 50 / 100\nrestano 40:00 (in pausa)\n")
    code, out, err = run(capsys, "--event", demo, "bust", "Rossi")
    assert code == 2 and out == ""
    assert err.startswith("error: Rossi può ancora prendere la seconda dote di ")
    assert err.endswith("oppure aggiungi --declined se la rifiuta (Art. III.2)\n")
    assert run(capsys, "--event", demo, "bust", "Rossi", "--declined")[1] == (
        "eliminazione: Rossi\nRossi: eliminato al 24° posto\n"
    )
    code, out, _ = run(capsys, "--event", demo, "dote", "Bianchi", "--stack", "0")
    assert code == 0 and out.startswith("seconda dote: Bianchi\nBianchi: seconda dote di ")
    code, out, _ = run(
        capsys,
        "--event",
        demo,
        "sanction",
        "Conti",
        "suspend",
        "--orbits",
        "1",
        "--reason",
        "carte scoperte",
    )
    assert out == (  # its summary, then its entry in the rulings log
        "sospensione: Conti\nConti: sospensione di un giro registrata come voce 1 (Art. VI.2)\n"
    )
    assert run(capsys, "--event", demo, "served", "1")[1] == (
        "sospensione 1 scontata\nConti: sospensione scontata (Art. VI.2)\n"
    )
    code, _, err = run(capsys, "--event", demo, "served", "1")
    assert err == "error: la sospensione 1 risulta già scontata (Art. VI.2)\n"
    assert run(capsys, "--event", demo, "undo")[1] == (
        "annullato: sospensione 1 scontata (azione di Direttore)\n"
    )
    assert run(capsys, "--event", demo, "redo")[1] == "ripristinato: sospensione 1 scontata\n"
    log = run(capsys, "--event", demo, "log")[1]
    assert "eliminazione: Rossi" in log and "seconda dote: Bianchi" in log
    assert "annullato «sospensione 1 scontata»" in log
    assert "sanction" not in log and "eliminated" not in log


# Every non-JSON command once on two copies of the same event, in each language: each output
# must differ between the languages (an untranslated command prints the same text twice),
# except the few that print only names and numbers.
NEUTRAL: tuple[list[str], ...] = ()
SCRIPT: list[list[str]] = [
    ["clock"],
    ["clock", "start"],
    ["clock", "pause"],
    ["clock", "plan", "--levels", "3"],
    ["clock", "edit", "5", "--minutes", "15"],
    ["state"],
    ["payouts"],
    ["bust", "Rossi", "--declined"],
    ["dote", "Bianchi", "--stack", "0"],
    ["count", "Conti=4000"],
    ["standings"],
    ["rulings"],
    ["ruling", "--text", "mano valida", "--articles", "7.7"],
    ["sanction", "Conti", "warning", "--reason", "linguaggio"],
    ["disqualify", "Esposito", "--reason", "collusione", "--chips", "4000"],
    ["rulings"],
    ["undo"],
    ["redo"],
    ["log"],
]


def test_every_human_output_exists_in_both_languages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outputs: dict[str, list[str]] = {}
    for lang in ("it", "en"):
        path = str(tmp_path / f"{lang}.tdc")
        assert run(capsys, "demo", path, "--no-open")[0] == 0
        outputs[lang] = []
        for argv in SCRIPT:
            code, out, err = run(capsys, "--lang", lang, "--event", path, *argv)
            assert code == 0, (argv, err)
            outputs[lang].append(out)
    for argv, it, en in zip(SCRIPT, outputs["it"], outputs["en"], strict=True):
        if argv in NEUTRAL:
            assert it == en, argv
        else:
            assert it and it != en, argv


def test_json_is_the_same_in_both_languages(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    run(capsys, "--event", demo, "bust", "Rossi", "--declined")
    run(capsys, "--event", demo, "sanction", "Conti", "warning", "--reason", "linguaggio")
    for argv in (["standings"], ["log"], ["rulings"], ["payouts"], ["clock"], ["state"]):
        documents = []
        for lang in ("it", "en"):
            code, out, _ = run(capsys, "--lang", lang, "--event", demo, *argv, "--json")
            assert code == 0
            documents.append(json.loads(out))
        assert documents[0] == documents[1], argv
    log = json.loads(run(capsys, "--event", demo, "log", "--json")[1])["events"]
    assert any(e["data"].get("summary") == "eliminated: Rossi" for e in log)
