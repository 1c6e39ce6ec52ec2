"""``tdconsole season``: editing the season file, the standings as text and JSON, printing,
refusals in one line with exit 2 and nothing changed, in English and Italian."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run
from tdhelpers.printing_fakes import fake_lp, fake_windows


@pytest.fixture
def season(evenings: list[Path], capsys: pytest.CaptureFixture[str]) -> Path:
    folder = evenings[0].parent
    code, out, err = run(capsys, "season", "new", str(folder / "club"), "--name", "Club 2026")
    assert code == 0, err
    path = folder / "club.season.toml"
    assert str(path) in out
    code, out, err = run(capsys, "season", "add", *map(str, evenings))
    assert code == 0, err
    assert out.splitlines() == ["added Prima sera", "added Seconda sera", "added Terza sera"]
    return path


def test_new_add_set_alias_and_the_standings(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert 'events = [\n    "sera-1.tdc",' in season.read_text()  # beside the file: by name
    assert run(capsys, "season", "set", "formula=linear", "best=2")[0] == 0
    code, out, err = run(capsys, "season", "alias", "Carla B.", "Carla")
    assert (code, out.strip()) == (0, "'Carla B.' is 'Carla'"), err
    code, out, _ = run(capsys, "season", "--json")
    doc = json.loads(out)
    assert (doc["season"], doc["formula"], doc["best"]) == ("Club 2026", "linear", 2)
    assert doc["aliases"] == {"Carla B.": "Carla"}
    first = doc["standings"][0]
    assert {k: first[k] for k in ("place", "player", "played", "points", "counted")} == {
        "place": 1,
        "player": "Anna",
        "played": 3,
        "points": "10.00",  # linear, best 2 of 6, 4, 2
        "counted": 2,
    }
    assert set(first) == {
        "place",
        "tied",
        "player",
        "played",
        "points",
        "counted",
        "wins",
        "cashes",
        "best_place",
        "results",
    }
    code, text, _ = run(capsys, "season")
    assert code == 0 and "SEASON STANDINGS" in text and "Club 2026" in text
    standings = text.split("Last changes of the season")[0]
    assert "Carla B." not in standings  # one player, shown by the alias's name


def test_an_alias_merging_two_players_of_one_event_is_refused(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = season.read_bytes()
    code, out, err = run(capsys, "season", "alias", "Dario", "Elena")
    assert code == 2 and out == ""
    assert err == (
        "error: 'Dario' and 'Elena' both played Prima sera (sera-1.tdc): they cannot be one "
        "player\n"
    )
    code, _, err = run(capsys, "season", "alias", "dàrio", "Dario", lang="it")
    assert code == 2 and "sono già lo stesso giocatore" in err
    assert season.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["season", "set", "colour=red"], "no season setting 'colour'"),
        (["season", "set", "formula=__import__('os')"], "no formula named"),
        (["season", "set", "best=many"], "'many' is not a whole number"),
        (["season", "set", "best=-2"], "best: Input should be greater than or equal to 0"),
        (["season", "add", "nowhere.tdc"], "no event file at"),
        (["season", "remove", "nowhere.tdc"], "nowhere.tdc is not in the season"),
        (["season", "unalias", "Nobody"], "no alias 'Nobody'"),
    ],
)
def test_refusals_are_one_line_exit_2_and_change_nothing(
    season: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    before = season.read_bytes()
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err, err
    code, _, err_it = run(capsys, *argv, lang="it")
    assert code == 2 and err_it != err and err_it.startswith("error: ")
    assert season.read_bytes() == before
    assert sorted(p.name for p in season.parent.iterdir() if not p.name.endswith(".tdc")) == [
        "club.season.toml"
    ]


def test_adding_twice_and_new_over_a_file_are_refused(
    season: Path, evenings: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "season", "add", str(evenings[1]))
    assert code == 2 and "sera-2.tdc is already in the season" in err
    code, _, err = run(capsys, "season", "new", str(season))
    assert code == 2 and "already exists" in err


def test_printed_to_a_new_file_only(
    season: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "stagione.pdf"
    code, out, err = run(capsys, "season", "print", "--format", "pdf", "-o", str(target))
    assert code == 0 and out.strip() == str(target), err
    assert target.read_bytes().startswith(b"%PDF-")
    code, _, err = run(capsys, "season", "print", "--format", "pdf", "-o", str(target))
    assert code == 2 and "already exists" in err
    code, out, _ = run(capsys, "season", "print", "--format", "csv")
    assert code == 0 and out.startswith("\ufeff#,Player,Events,Points")


def test_printed_on_the_printer_of_each_system(
    season: Path,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_lp(monkeypatch, tmp_path)
    code, out, err = run(capsys, "season", "print", "--lp")
    assert (code, out) == (0, "request id is q-1\n"), err
    assert (tmp_path / "argv").read_text() == "-t season.txt\n"
    assert "Anna" in (tmp_path / "job").read_text("utf-8")
    code, _, err = run(capsys, "season", "print", "--format", "html", "--lp")
    assert code == 2 and err.startswith("error: the printer queue cannot lay out html")
    verb = fake_windows(monkeypatch)  # Windows: the standings' PDF, by the print verb
    code, out, err = run(capsys, "season", "print", "-o", str(tmp_path / "s.txt"), "--lp")
    assert code == 0, err
    [(path, operation, _arguments)] = verb.calls
    assert operation == "print" and Path(path).name.startswith("season-")
    assert verb.documents[0].startswith(b"%PDF-")
    assert "Anna" in (tmp_path / "s.txt").read_text("utf-8")  # the file as asked: text


def test_which_season(
    season: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last season used, else --season, else $TDCONSOLE_SEASON; none: said what to do."""
    assert json.loads(run(capsys, "season", "--json")[1])["season"] == "Club 2026"
    other = season.parent / "other"
    assert run(capsys, "season", "new", str(other), "--name", "Altro")[0] == 0
    assert json.loads(run(capsys, "season", "--json")[1])["season"] == "Altro"
    code, out, _ = run(capsys, "season", "--season", str(season), "--json")
    assert json.loads(out)["season"] == "Club 2026"
    monkeypatch.setenv("TDCONSOLE_SEASON", str(season.parent / "other.season.toml"))
    assert json.loads(run(capsys, "season", "--json")[1])["season"] == "Altro"
    monkeypatch.delenv("TDCONSOLE_SEASON")
    (season.parent / "other.season.toml").unlink()
    (season).unlink()
    code, _, err = run(capsys, "season")
    assert code == 2 and "no season chosen" in err
