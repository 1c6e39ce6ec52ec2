"""The end of an event (IV.7), a whole evening to its winner: the clock stops for good, the
winner holds every chip in play, and the printed standings read 1, 2, 3… with whoever never
played listed apart, after the places."""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import re
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import Cli
from tdhelpers.support import pdf_pages

from tdconsole.cli import main

PLACED = ["Fil", "Eva", "Dan", "Cid", "Bea", "Ada"]  # 1st … 6th
NEVER_PLAYED = ["Gus", "Ivo", "Zed"]  # waiting list ×2, registered but never paid


def _end(path: Path) -> None:
    """6 paid players × 4,000 played to the winner; two wait, one never paid."""

    def cli(*argv: str) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["--lang", "en", "--event", str(path), *argv])
        assert code == 0, argv
        return out.getvalue()

    assert main(["new", str(path), "--name", "Serata"]) == 0
    cli("set", "max_players=7")
    cli("register", "Ada", "Bea", "Cid", "Dan", "Eva", "Fil", "Zed", "Gus", "Ivo")
    cli("pay", "Ada", "Bea", "Cid", "Dan", "Eva", "Fil")
    cli("draw", "--seed", "1")
    cli("start", "--stack", "4000", "--bb", "100")
    cli("clock", "start")
    cli("bust", "Ada")
    cli("bust", "Bea", "Cid", "--stacks", "100", "200")
    cli("bust", "Dan")
    assert json.loads(cli("clock", "--json"))["running"] is True
    cli("clock", "set", "00:00")  # the level's time runs out: the change is pending…
    assert json.loads(cli("clock", "--json"))["pending_announcement"] is True
    cli("bust", "Eva")  # …when the last elimination ends the event


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "evening", _end)


@pytest.fixture
def ended(capsys: pytest.CaptureFixture[str], tmp_path: Path, evening: Path) -> Cli:
    """The evening played to its winner (``_end``, once for the module), a copy of its own
    for each test."""
    return Cli(capsys, str(copied(evening, tmp_path)))


def test_iv7_the_clock_stops_for_good(ended: Cli) -> None:
    shown = ended.json("clock")
    assert shown["running"] is False
    assert shown["pending_announcement"] is False and shown["overtime_seconds"] == 0
    assert shown["level_ends_at"] is None and shown["next"] is None
    assert shown["finished"] is True
    assert ended.json("state")["clock"] == shown | {"warnings": shown["warnings"]}
    for argv in (
        ("clock", "start"),
        ("clock", "resume"),
        ("clock", "announce"),
        ("clock", "next"),
        ("clock", "prev"),
        ("clock", "add", "60"),
        ("clock", "sub", "1"),
        ("clock", "set", "10:00"),
        ("clock", "edit", "3", "--bb", "800"),
        ("clock", "plan"),
    ):
        refused = ended(*argv, code=2)
        assert refused.rstrip().endswith("(Art. IV.7)"), (argv, refused)
    assert ended.json("clock") == shown
    assert "the event is over" in ended("clock") and "(Art. IV.7)" in ended("clock")


def test_iv7_the_winner_holds_every_chip_in_play(ended: Cli) -> None:
    state = ended.json("state")
    assert state["phase"] == "finished" and state["chips_in_play"] == 24_000
    winner = next(p for p in state["players"] if p["place"] == 1)
    assert (winner["name"], winner["status"], winner["chips"]) == ("Fil", "in", 24_000)
    assert state["winner"] == "Fil"
    assert state["results"] == [
        {"place": 1, "player": "Fil", "tied": False, "prize": "189"},
        {"place": 2, "player": "Eva", "tied": False, "prize": "105"},
        {"place": 3, "player": "Dan", "tied": False, "prize": "63"},
        {"place": 4, "player": "Cid", "tied": False, "prize": "42"},
        {"place": 5, "player": "Bea", "tied": False, "prize": "21"},
    ]


def test_undoing_the_last_elimination_restarts_nothing_but_lets_the_clock_go_on(
    ended: Cli,
) -> None:
    ended("undo", "--reason", "wrong player")
    shown = ended.json("clock")
    assert shown["finished"] is False and shown["pending_announcement"] is True
    assert ended.json("state")["winner"] is None
    ended("clock", "announce")


def _place_lines(text: str) -> list[str]:
    """Every name of the report, in the order printed, with the place before it if any."""
    names = PLACED + NEVER_PLAYED
    out = []
    for line in text.splitlines():
        words = line.split()
        for name in names:
            if name in words:
                before = words[: words.index(name)]
                out.append(f"{before[-1] if before else ''} {name}".strip())
    return out


def _printed(cli: Cli, fmt: str, tmp_path: Path) -> str:
    target = tmp_path / f"standings.{fmt}"
    cli("print", "standings", "--format", fmt, "-o", str(target))
    if fmt == "pdf":
        return "\n".join(pdf_pages(target.read_bytes()))
    text = target.read_text(encoding="utf-8-sig")
    if fmt == "html":
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text, flags=re.S)
        cells = [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S) for row in rows]
        plain = [[html.unescape(re.sub("<[^>]+>", "", c)) for c in row] for row in cells]
        text = "\n".join(" ".join(row) for row in plain)
    if fmt == "csv":
        text = text.replace(",", " ")
    return text


@pytest.mark.parametrize("fmt", ["txt", "html", "pdf", "csv"])
def test_printed_standings_read_1_2_3_and_never_played_apart(
    ended: Cli, fmt: str, tmp_path: Path
) -> None:
    lines = _place_lines(_printed(ended, fmt, tmp_path))
    placed = [f"{i} {name}" for i, name in enumerate(PLACED, start=1)]
    assert lines[: len(placed)] == placed, lines
    assert sorted(n.split()[-1] for n in lines[len(placed) :]) == sorted(NEVER_PLAYED), lines


def test_standings_before_the_draw_say_why_they_are_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cli = Cli(capsys, str(tmp_path / "new.tdc"))
    assert main(["new", cli.event]) == 0
    capsys.readouterr()
    cli("register", "Ada", "Bea")
    assert cli("standings").strip() == (
        "no standings yet: players enter them at the seat draw (Art. II.2) — `draw`"
    )
    assert cli.json("standings")["standings"] == []
    cli("pay", "Ada", "Bea")
    cli("draw", "--seed", "1")
    assert "no standings" not in cli("standings")


SIX = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]


@pytest.fixture
def six(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Cli:
    """A new event with six paid entrants, not yet drawn: a final from the draw (IV.1)."""
    cli = Cli(capsys, str(tmp_path / "six.tdc"))
    assert main(["new", cli.event]) == 0
    capsys.readouterr()
    cli("register", *SIX)
    cli("pay", *SIX)
    return cli


def test_the_final_table_is_called_the_final_table_and_offers_no_second_stack(six: Cli) -> None:
    """Six entrants are a final from the draw (IV.1): the command line names its table as the
    console and the draw do, "final table", never by its number."""
    cli = six
    said = cli("draw", "--seed", "1").splitlines()
    assert said[0] == "seat draw" and said[1].startswith("final table")  # the summary first
    cli("start", "--stack", "4000", "--bb", "100")
    lines = cli("standings").splitlines()
    assert len(lines) == 6 and all(" final table seat " in line for line in lines), lines
    said = cli("button", "1", "3").splitlines()
    assert said[-1] == "final table: the button is at seat 3 (Art. II.5)"
    # No second stack in the final (III.4 replaced it): none is shown as available.
    assert cli.json("tables")["tables"][0]["second_stack_now"] is None
    assert cli("tables").splitlines()[0].endswith("second stack now –")


def test_the_last_elimination_says_the_winner_and_his_prize_in_scudi(six: Cli) -> None:
    cli = six
    cli("draw", "--seed", "1")
    cli("start", "--stack", "4000", "--bb", "100")
    for name in SIX[:4]:
        cli("bust", name)
    last = cli("bust", "Eva").splitlines()
    assert last[-1] == "the tournament is over: Fil wins (Art. IV.7), prize 189 scudi"


def test_a_tie_reaching_past_the_paid_places_is_listed_and_the_prizes_add_up(
    six: Cli, tmp_path: Path
) -> None:
    """Ada and Bea out in one hand with the same stack share the 5th and 6th places' prizes
    (V.1: 21 + 0 scudi): both are listed, and the printed prizes add up to the pool (one of them
    was missing, the total 21 scudi short)."""
    cli = six
    cli("draw", "--seed", "1")
    cli("start", "--stack", "4000", "--bb", "100")
    cli("bust", "Ada", "Bea", "--stacks", "300", "300")
    for name in ("Cid", "Dan", "Eva"):
        cli("bust", name)
    shown = cli("payouts").splitlines()
    fifth = [line.split()[-3:] for line in shown if line.lstrip().startswith("5=")]
    assert fifth == [["Ada", "11", "scudi"], ["Bea", "10", "scudi"]]
    target = tmp_path / "payouts.csv"
    cli("print", "payouts", "--format", "csv", "-o", str(target))
    rows = list(csv.reader(target.read_text(encoding="utf-8-sig").splitlines()))[1:]
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "5"]
    assert sum(int(row[4]) for row in rows if row[4]) == 420
    assert {row[3]: row[4] for row in rows[4:]} == {"Ada": "11", "Bea": "10"}


def test_a_tie_in_the_money_shows_each_his_share_at_the_shared_place(six: Cli) -> None:
    """Bea and Cid out in one hand with equal stacks share the 4th and 5th places' 42 + 21
    scudi: `payouts` showed them beside those amounts ("4= 42 Bea / 5= 21 Cid"), so a cashier
    paid 42 and 21. Now each row shows the shared place and, beside the name, his prize; the
    place's own amount stays in its column and in the JSON's `amount`."""
    cli = six
    cli("draw", "--seed", "1")
    cli("start", "--stack", "4000", "--bb", "100")
    cli("bust", "Ada")
    cli("bust", "Bea", "Cid", "--stacks", "500", "500")
    rows = cli.json("payouts")["payouts"]
    assert [
        (r["place"], r["amount"], r["player"], r["player_place"], r["prize"]) for r in rows[3:]
    ] == [
        (4, "42", "Bea", 4, "32"),
        (5, "21", "Cid", 4, "31"),
    ]
    assert rows[0]["prize"] is None and rows[0]["player_place"] is None
    lines = [line.split() for line in cli("payouts").splitlines()[-2:]]
    assert lines == [
        ["4=", "10%", "42", "scudi", "Bea", "32", "scudi"],
        ["4=", "5%", "21", "scudi", "Cid", "31", "scudi"],
    ]
