"""A season is changed by its Director alone (Art. VII.1), and each change is logged in the
season file (``[[changes]]``, the last 500); a hostile log is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run


@pytest.fixture
def season(evenings: list[Path], capsys: pytest.CaptureFixture[str]) -> Path:
    folder = evenings[0].parent
    code, _, err = run(capsys, "season", "new", str(folder / "club"), "--as", "Niccolò")
    assert code == 0, err
    code, _, err = run(capsys, "season", "add", "--as", "niccolò", str(evenings[0]))
    assert code == 0, err
    return folder / "club.season.toml"


CHANGES = [
    ("add", "sera-2.tdc"),
    ("remove", "sera-1.tdc"),
    ("set", "formula=linear"),
    ("alias", "Carla B.", "Carla"),
    ("unalias", "Carla B."),
]


@pytest.mark.parametrize("change", CHANGES, ids=[c[0] for c in CHANGES])
def test_floor_staff_may_not_change_the_season(
    season: Path, evenings: list[Path], capsys: pytest.CaptureFixture[str], change: tuple[str, ...]
) -> None:
    if change[0] == "unalias":
        assert run(capsys, "season", "alias", "Carla B.", "Carla")[0] == 0
    before = season.read_bytes()
    argv = [str(evenings[0].parent / a) if a.endswith(".tdc") else a for a in change]
    code, out, err = run(capsys, "season", *argv, "--as", "Marco")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "VII.1" in err and "Niccolò" in err, err
    assert season.read_bytes() == before
    code, _, err = run(capsys, "season", *argv, "--as", "Marco", lang="it")
    assert code == 2 and "solo il Direttore della stagione" in err, err
    assert season.read_bytes() == before


def test_a_look_alike_of_the_director_is_refused(
    season: Path, evenings: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    before = season.read_bytes()
    code, _, err = run(capsys, "season", "set", "best=2", "--as", "Niccolo\u0301")
    assert code == 2 and "VII.1" in err and season.read_bytes() == before
    folder = evenings[0].parent
    code, _, err = run(capsys, "season", "new", str(folder / "other"), "--as", "Dir\u0435ttore")
    assert code == 2 and "looks like the Director" in err
    assert not (folder / "other.season.toml").exists()


def test_the_directors_change_is_logged_with_who_and_what(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "season", "set", "best=2", "--as", "NICCOLÒ")
    assert code == 0, err
    assert run(capsys, "season", "alias", "Carla\tB.", "Carla")[0] == 0
    code, out, _ = run(capsys, "season", "--json")
    doc = json.loads(out)
    assert doc["director"] == "Niccolò"
    whats = [c["what"] for c in doc["changes"]]
    assert whats == [
        "created the season club",
        "added sera-1.tdc",
        "set best=2",
        "alias 'Carla B.' is 'Carla'",
    ]
    assert {c["by"] for c in doc["changes"]} == {"Niccolò"}
    assert all(c["at"].endswith("+00:00") for c in doc["changes"])
    code, text, _ = run(capsys, "season")
    assert "Last changes of the season (Director: Niccolò):" in text
    assert "Niccolò: set best=2" in text


def test_the_log_keeps_the_last_500_and_the_value_bounded(
    season: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = season.read_text()
    entry = '\n[[changes]]\nat = "2026-01-01T00:00:00+00:00"\nby = "Niccolò"\nwhat = "old"\n'
    season.write_text(text + entry * 498)  # with its 2 own: 500
    code, _, err = run(capsys, "season", "set", "name=" + "x\n" * 200)
    assert code == 2  # a name with control characters: refused, nothing logged
    code, _, err = run(capsys, "season", "set", "formula=linear")
    assert code == 0, err
    code, out, _ = run(capsys, "season", "--json")
    assert json.loads(out)["changes"][-1]["what"] == "set formula=linear"
    assert season.read_text().count("[[changes]]") == 500
    assert run(capsys, "season", "alias", "Carla" + " B" * 40, "Carla")[0] == 0
    doc = json.loads(run(capsys, "season", "--json")[1])
    last = doc["changes"][-1]["what"]
    assert len(last) < 100 and "\u2026" in last and "\n" not in last


def test_an_old_season_file_is_the_shipped_directors(
    evenings: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = evenings[0].parent / "old.season.toml"
    path.write_text('kind = "tdconsole season"\nversion = 1\nname = "Old"\nevents = []\n')
    before = path.read_bytes()
    code, _, err = run(capsys, "season", "--season", str(path), "set", "best=1", "--as", "Marco")
    assert code == 2 and "Direttore" in err and path.read_bytes() == before
    code, _, err = run(capsys, "season", "--season", str(path), "set", "best=1")
    assert code == 0, err
    code, _, err = run(
        capsys, "season", "--season", str(path), "set", "best=2", "--as", "direttore"
    )
    assert code == 0, err
    doc = json.loads(run(capsys, "season", "--season", str(path), "--json")[1])
    assert doc["best"] == 2 and doc["director"] == "Direttore"
    assert [c["what"] for c in doc["changes"]] == ["set best=1", "set best=2"]


HOSTILE = {
    "too many": '\n[[changes]]\nat = "2026-01-01T00:00:00+00:00"\nby = "D"\nwhat = "x"\n' * 501,
    "not a table": "\nchanges = [1, 2]\n",
    "not a list": '\nchanges = "everything"\n',
    "a number for who": '\n[[changes]]\nat = "2026-01-01T00:00:00"\nby = 7\nwhat = "x"\n',
    "a bad time": '\n[[changes]]\nat = "yesterday"\nby = "D"\nwhat = "x"\n',
    "a huge summary": '\n[[changes]]\nat = "2026-01-01T00:00:00"\nby = "D"\nwhat = "'
    + "x" * 5000
    + '"\n',
    "a control character": (
        '\n[[changes]]\nat = "2026-01-01T00:00:00"\nby = "D"\nwhat = "a\\u001b[2J"\n'
    ),
    "an extra field": '\n[[changes]]\nat = "2026-01-01T00:00:00"\nby = "D"\nwhat = "x"\npin = 1\n',
    "a blank director": '\ndirector = " "\n',
    "a filler in the director": '\ndirector = "Dire\\u3164ttore"\n',
    "a blank braille in an alias": '\n[aliases]\n"Ros\\u2800si" = "Rossi"\n',
}


SAID = {
    "too many": "changes: Tuple should have at most 500 items",
    "not a table": "changes.0: Input should be a valid dictionary",
    "not a list": "changes: Input should be a valid tuple",
    "a number for who": "changes.0.by: Input should be a valid string",
    "a bad time": "changes.0.at: a change's time must be an ISO date and time",
    "a huge summary": "changes.0.what: String should have at most 200 characters",
    "a control character": "changes.0.what: a change must not contain control characters",
    "an extra field": "changes.0.pin: Extra inputs are not permitted",
    "a blank director": "director: the Director's name must not be blank",
    "a filler in the director": (
        "director: the Director's name must not contain a character that shows nothing (U+3164)"
    ),
    "a blank braille in an alias": (
        "aliases: a name in aliases must not contain a character that shows nothing (U+2800)"
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_log_is_refused_in_one_line(
    evenings: list[Path], capsys: pytest.CaptureFixture[str], case: str
) -> None:
    tail = HOSTILE[case]
    path = evenings[0].parent / "bad.season.toml"
    head = 'kind = "tdconsole season"\nversion = 1\nname = "Bad"\n'
    if tail.startswith("\ndirector"):
        head += tail
        tail = ""
    path.write_text(head + tail)
    before = path.read_bytes()
    for argv in (["--json"], ["set", "best=1"]):
        code, out, err = run(capsys, "season", "--season", str(path), *argv)
        assert (code, out) == (2, "") and err.count("\n") == 1, err
        assert "Traceback" not in err and len(err) < 400
        assert SAID[case] in err, err  # what is wrong, where: not "no such field"
    assert path.read_bytes() == before
