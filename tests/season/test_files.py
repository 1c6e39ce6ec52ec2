"""The season file and the events: hostile season files refused in one line; events read
read-only (never changed, nothing created beside them); unfinished and damaged events left out
and said; an alias merging two players of one event refused."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from tdhelpers.season_events import play_event

from tdconsole.domain.errors import RuleError
from tdconsole.domain.play import Bust
from tdconsole.season.load import load, season_json, seasons_for
from tdconsole.season.results import read_event
from tdconsole.season.seasonfile import (
    MAX_BYTES,
    Season,
    read_season,
    validate_season,
    write_season,
)
from tdconsole.service import Tournament


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def one_line(error: RuleError) -> None:
    italian = error.text("it")
    assert "\n" not in error.message and "\n" not in italian
    assert italian != error.text("en")  # said in Italian, not left in English


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"x" * (MAX_BYTES + 1), "larger than 256 KiB"),
        (b"\xff\xfe not utf-8", "not UTF-8"),
        (b"name = [", "not valid TOML"),
        (b"a = " + b"[" * 50_000 + b"]" * 50_000, "nested too deeply"),
        (b'name = "x"\n', "not a season file"),
        (b'kind = "tdconsole season"\nname = "x"\nformula = "eval(1)"\n', "no formula named"),
        (b'kind = "tdconsole season"\nname = "x\\u001b[31m"\n', "control characters"),
        (b'kind = "tdconsole season"\nname = "x"\nbest = -1\n', "best"),
        (b'kind = "tdconsole season"\nname = "x"\nextra = 1\n', "extra"),
    ],
)
def test_hostile_season_files_are_refused_in_one_line(
    tmp_path: Path, content: bytes, said: str
) -> None:
    path = tmp_path / "evil.season.toml"
    path.write_bytes(content)
    with pytest.raises(RuleError) as refused:
        read_season(path)
    assert said in refused.value.message
    one_line(refused.value)


def test_a_folder_or_a_link_is_not_a_season_file(tmp_path: Path) -> None:
    (tmp_path / "dir.season.toml").mkdir()
    target = tmp_path / "real.season.toml"
    write_season(target, Season(name="x"), new=True)
    (tmp_path / "link.season.toml").symlink_to(target)
    for name in ("dir.season.toml", "link.season.toml"):
        with pytest.raises(RuleError, match="not a regular file"):
            read_season(tmp_path / name)


def test_written_whole_and_never_over_another_file(tmp_path: Path) -> None:
    path = tmp_path / "club.season.toml"
    write_season(path, Season(name="Club"), new=True)
    with pytest.raises(RuleError, match="already exists"):
        write_season(path, Season(name="Other"), new=True)
    assert read_season(path).name == "Club"
    write_season(path, Season(name="Club", best=3))
    assert read_season(path).best == 3
    # An edit never replaces what is not a season file (an event, a report).
    event = tmp_path / "serata.tdc"
    event.write_bytes(b"SQLite format 3\x00 not ours")
    with pytest.raises(RuleError, match=r"not valid TOML.*left as it is"):
        write_season(event, Season(name="x"))
    assert event.read_bytes() == b"SQLite format 3\x00 not ours"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.season.toml", "serata.tdc"]


def test_events_are_read_without_a_change_or_a_file_beside_them(evenings: list[Path]) -> None:
    folder = evenings[0].parent
    before = digest(folder)
    for path in evenings:
        assert read_event(path).status == "finished"
    assert digest(folder) == before  # same files, same bytes: no -wal, no -shm, no snapshot


def test_an_event_open_in_a_console_is_read_through_its_log(evenings: list[Path]) -> None:
    """A console holding the event open: its latest actions are read, and its -wal and -shm are
    gone when it closes, as if the season had never looked."""
    folder = evenings[0].parent
    unfinished = play_event(folder / "live.tdc", "Live", ["A", "B", "C"], ["C"], day=20)
    service = Tournament.open(unfinished)
    try:
        assert read_event(unfinished).status == "unfinished"

        service.execute(Bust(names=["B"], declined=True))
        result = read_event(unfinished)
        assert result.status == "finished"
        assert [(f.name, f.place) for f in result.finishes] == [("A", 1), ("B", 2), ("C", 3)]
    finally:
        service.close()
    assert sorted(os.listdir(folder)) == ["live.tdc", "sera-1.tdc", "sera-2.tdc", "sera-3.tdc"]


def test_unfinished_and_damaged_events_are_listed_and_left_out(evenings: list[Path]) -> None:
    folder = evenings[0].parent
    play_event(folder / "in-corso.tdc", "In corso", ["Anna", "Ugo", "Vera"], ["Vera"], day=22)
    damaged = folder / "rotto.tdc"
    data = bytearray(evenings[0].read_bytes())
    data[200:4000] = b"\x00" * 3800  # the first page's cells wiped
    damaged.write_bytes(bytes(data))
    (folder / "foreign.tdc").write_text("not an event\n")
    path = folder / "club.season.toml"
    write_season(path, Season(name="Club"), new=True)  # no events listed: every event here
    before = digest(folder)
    doc = season_json(load(path), "en")
    assert digest(folder) == before
    status = {Path(e["file"]).name: (e["status"], e["reason"]) for e in doc["events"]}
    assert status["in-corso.tdc"] == ("unfinished", "final")
    assert status["rotto.tdc"][0] == status["foreign.tdc"][0] == "damaged"
    for name in ("rotto.tdc", "foreign.tdc"):
        reason = status[name][1]
        assert reason.startswith(f"{name}: ") and "\n" not in reason
    assert doc["events_counted"] == 3
    assert "Ugo" not in {r["player"] for r in doc["standings"]}
    # Listed last: the damaged ones have no date.
    assert [e["status"] for e in doc["events"]][-2:] == ["damaged", "damaged"]


def test_an_alias_merging_two_players_of_one_event_leaves_it_out(evenings: list[Path]) -> None:
    """Hand-edited into the file: the event where both played is left out, and said."""
    folder = evenings[0].parent
    path = folder / "club.season.toml"
    write_season(path, Season(name="Club", aliases={"Dario": "Elena"}), new=True)
    doc = season_json(load(path), "en")
    first = next(e for e in doc["events"] if e["name"] == "Prima sera")
    assert first["status"] == "left_out"
    assert "'Dario' and 'Elena' both played Prima sera" in first["reason"]
    assert "season unalias" in first["reason"]
    assert doc["events_counted"] == 2


def test_the_seasons_of_an_event(evenings: list[Path]) -> None:
    folder = evenings[0].parent
    write_season(folder / "a.season.toml", Season(name="A", events=("sera-1.tdc",)), new=True)
    write_season(folder / "b.season.toml", Season(name="B", events=("sera-2.tdc",)), new=True)
    write_season(folder / "all.season.toml", Season(name="All"), new=True)
    (folder / "broken.season.toml").write_text("kind = 1")
    assert [p.name for p in seasons_for(evenings[0])] == ["a.season.toml", "all.season.toml"]


@pytest.mark.parametrize(
    ("values", "english", "italian"),
    [
        (
            {"best": -2},
            "best: Input should be greater than or equal to 0",
            "best: deve essere almeno 0",
        ),
        (
            {"name": ""},
            "name: String should have at least 1 character",
            "name: deve avere almeno 1 carattere",
        ),
        ({"colour": "red"}, "colour: Extra inputs are not permitted", "colour: non è un campo"),
        (
            {"formula": "zz"},
            "formula: no formula named 'zz'",
            "formula: nessuna formula di nome 'zz'",
        ),
    ],
)
def test_a_bad_value_is_said_in_the_reader_s_language(
    tmp_path: Path, values: dict[str, object], english: str, italian: str
) -> None:
    """Pydantic's words stay as they are in English and are said in Italian where known."""
    with pytest.raises(RuleError) as refused:
        validate_season({"name": "Club", **values}, tmp_path / "club.season.toml")
    assert english in str(refused.value)
    assert italian in refused.value.text("it")
    assert refused.value.text("it").endswith("; correggi il valore e riprova")
