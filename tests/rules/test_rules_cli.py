"""The `rule`, `rules` and `calc` commands (cli.md contract), driven through their own parser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.support import seeds_dir

from tdconsole.cli import calc_cmds, parsing, rules_cmds, slice_cmds
from tdconsole.cli.parsing import Parser
from tdconsole.domain.errors import RuleError

SEEDS = seeds_dir()


def run(capsys: pytest.CaptureFixture[str], *argv: str, lang: str | None = None) -> str:
    words = [*(["--lang", lang] if lang else []), *argv]
    own = parsing.named(words, argv[0])  # `rules import`: its parser, from its fields
    if own is not None:
        parser = slice_cmds.parser_for(own)
    else:
        parser = Parser(prog="tdconsole")
        parser.add_argument("--lang", choices=("it", "en"))
        sub = parser.add_subparsers(dest="command")
        rules_cmds.register(sub)
        calc_cmds.register(sub)
    args = parser.parse_args(words)
    assert args.func(args) == 0
    return capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str, lang: str | None = None) -> object:
    return json.loads(run(capsys, *argv, "--json", lang=lang))


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "data"))


def test_rule_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """cli.md: {"results": [{"book", "number", "title", "summary"}]}, best first, no 'Art.'."""
    doc = run_json(capsys, "rule", "Art.", "III.3")
    assert isinstance(doc, dict)
    first = doc["results"][0]
    assert {"book", "number", "title", "summary"} <= set(first)
    assert (first["book"], first["number"]) == ("ordine", "III.3")
    assert first["title"] == "Seconda dote: quanto"  # default language: Italian


def test_rule_language_global_and_local(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "rule", "side", "pot", lang="en")
    assert isinstance(doc, dict) and doc["results"][0]["title"] == "All-in and side pots"
    doc = run_json(capsys, "rule", "7.7", "--lang", "it", lang="en")
    assert isinstance(doc, dict) and doc["results"][0]["title"] == "All-in e side pot"


def test_rule_text_and_book_filter(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rule", "4.2", "--book", "santelia", "--lang", "en")
    assert out.startswith("Art. 4.2 [santelia] — Opening")
    assert "[ordine]" not in out


def test_rule_unavailable_link_is_marked(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "rule", "XII")
    assert "italiana-1 VI (n/d)" in out
    doc = run_json(capsys, "rule", "XII")
    assert isinstance(doc, dict)
    assert {"book": "italiana-1", "number": "VI", "available": False}.items() <= (
        doc["results"][0]["related"][0].items()
    )


def test_rule_unknown_book_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuleError, match="rules list"):
        run(capsys, "rule", "dote", "--book", "nope")


def test_rules_list(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "rules", "list")
    assert isinstance(doc, dict)
    books = {b["book"]: b for b in doc["books"]}
    assert books["ordine"]["articles"] == 115 and books["ordine"]["shipped"]
    assert set(books) == {"ordine", "santelia", "italiana-2", "italiana-3"}


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seed regulations are not at {SEEDS}")
def test_rules_import_attaches_verbatim_text(capsys: pytest.CaptureFixture[str]) -> None:
    """Importing the Ordine's text as 'ordine' shows the verbatim article next to the summary."""
    doc = run_json(
        capsys, "rules", "import", str(SEEDS / "002_bc0f76543959f702.txt"), "--name", "ordine"
    )
    assert isinstance(doc, dict) and doc["matched"] == 115 and doc["not_in_book"] == []
    found = run_json(capsys, "rule", "7.7")
    assert isinstance(found, dict)
    assert found["results"][0]["text"].startswith("Quando un giocatore è all-in")
    out = run(capsys, "rule", "7.7", "--limit", "1")
    assert "Testo: Quando un giocatore è all-in" in out
    listed = run_json(capsys, "rules", "list")
    assert isinstance(listed, dict)
    assert next(b for b in listed["books"] if b["book"] == "ordine")["imported"]


def test_rules_import_new_book_is_searchable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "club.txt"
    src.write_text("Art. 1 — Giocatori\n\n1. Si gioca in sei al massimo.\n", encoding="utf-8")
    out = run(capsys, "rules", "import", str(src), "--name", "club", lang="en")
    assert "Imported 1 article from" in out
    doc = run_json(capsys, "rule", "massimo sei", "--book", "club")
    assert isinstance(doc, dict) and doc["results"][0]["number"] == "1.1"


def test_rules_import_refuses_a_text_unrelated_to_the_shipped_book(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    src = tmp_path / "club.txt"
    src.write_text("Art. XX - Strano testo qui.\n", encoding="utf-8")
    with pytest.raises(RuleError, match="another --name"):
        run(capsys, "rules", "import", str(src), "--name", "santelia")


def test_calc_sidepots_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 7.7-7.8 through the command line, odd chip with --unit."""
    doc = run_json(
        capsys,
        "calc",
        "sidepots",
        "1:Ada=100",
        "2:Bea=300",
        "3:Cid=500",
        "4:Dan=500",
        "--ranking",
        "Ada",
        "Bea",
        "Cid",
        "Dan",
        "--button",
        "4",
    )
    assert isinstance(doc, dict)
    assert [p["name"] for p in doc["pots"]] == ["side 2", "side 1", "main"]
    assert doc["won"] == {"Ada": 400, "Bea": 600, "Cid": 400, "Dan": 0}
    out = run(
        capsys,
        "calc",
        "sidepots",
        "2:Ada=600",
        "5:Bea=625",
        "7:Cid=200",
        "--folded",
        "Cid",
        "--ranking",
        "Ada=Bea",
        "--button",
        "7",
        "--unit",
        "25",
        lang="en",
    )
    assert "returned to Bea 25" in out and "Art. 7.8" in out
    with pytest.raises(RuleError, match="NAME=CHIPS"):
        run(capsys, "calc", "sidepots", "Ada:100")


def test_calc_chips_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 6.8-D and 5.5 through the command line."""
    doc = run_json(capsys, "calc", "chips", "--to-call", "400", "--pushed", "525", "--bb", "200")
    assert isinstance(doc, dict) and (doc["letter"], doc["complete_to"]) == ("D", 600)
    out = run(
        capsys,
        "calc",
        "chips",
        "--to-call",
        "400",
        "--pushed",
        "1000",
        "--bb",
        "200",
        "--single-chip",
        lang="en",
    )
    assert out.startswith("CALL") and "600 back" in out and "Art. 5.5" in out
    with pytest.raises(RuleError, match="--bb"):
        run(capsys, "calc", "chips", "--to-call", "400", "--pushed", "100")


def test_calc_raise_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 7.3-7.4 through the command line."""
    doc = run_json(capsys, "calc", "raise", "--bb", "200", "--to", "300", "--all-in")
    assert isinstance(doc, dict) and doc["valid"] and doc["reopens"]
    out = run(capsys, "calc", "raise", "--bb", "200", "--to", "300", lang="en")
    assert "not valid: complete to 400" in out


def test_calc_button_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 2.4 through the command line (big blind out)."""
    doc = run_json(
        capsys, "calc", "button", "--seats", "1,2,3,4,5,6", "--button", "1", "--out", "3"
    )
    assert isinstance(doc, dict)
    assert [(h["button"], h["small_blind"], h["big_blind"]) for h in doc["hands"]] == [
        (2, None, 4),
        (2, 4, 5),
        (4, 5, 6),
    ]
    out = run(
        capsys, "calc", "button", "--seats", "1", "2", "3", "--button", "1", "--out", "2", lang="en"
    )
    assert "heads-up" in out


def test_calc_showdown_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 1.3 (kicker) and 003 Art. 7.1 (flush over full) through the command line."""
    doc = run_json(capsys, "calc", "showdown", "Ada=AsKd", "Bea=AcQh", "--board", "Ah9c7d4s2h")
    assert isinstance(doc, dict) and doc["winners"] == ["Ada"]
    out = run(
        capsys,
        "calc",
        "showdown",
        "Ada=7c7d7s8c8d",
        "Bea=AhKhQhJh9h",
        "--mode",
        "italiana",
        lang="en",
    )
    assert "Bea wins" in out and "Flush" in out and "[santelia]" in out


def test_calc_clock_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Art. 5.4 through the command line."""
    doc = run_json(capsys, "calc", "clock", "--granted", "45", "--elapsed", "50")
    assert isinstance(doc, dict) and doc["phase"] == "countdown"
    with pytest.raises(RuleError) as err:
        run(capsys, "calc", "clock", "--granted", "90")
    assert err.value.article == "5.4"


def test_calc_without_kind_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert "sidepots" in run(capsys, "calc")
