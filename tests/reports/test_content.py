"""What each report says: names as written, places with ties, money adding up to the pool."""

from __future__ import annotations

import copy
import csv
import io
from decimal import Decimal
from typing import Any

import pytest
from report_fixtures import registration_event

from tdconsole.domain.errors import RuleError
from tdconsole.reports import REPORTS
from tdconsole.reports.rendering import build, render

BOLD_NAME = "[bold]Zoë Łukasz-Ångström"


def txt(kind: str, state: dict[str, Any], lang: str | None = None) -> str:
    return render(kind, state, "txt", lang=lang).decode("utf-8")


def csv_rows(kind: str, state: dict[str, Any], lang: str | None = None) -> list[dict[str, str]]:
    data = render(kind, state, "csv", lang=lang).decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(data, newline="")))


# -- payouts (V.1) -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["it", "en"])
def test_payouts_announced_before_the_start_add_up_to_the_pool(
    seated: dict[str, Any], lang: str
) -> None:
    rows = csv_rows("payouts", seated, lang)
    amount = "Amount (scudi)" if lang == "en" else "Importo (scudi)"
    assert [r[amount] for r in rows] == ["756", "420", "252", "168", "84"]
    assert sum(Decimal(r[amount]) for r in rows) == Decimal(seated["prize_pool"])
    text = txt("payouts", seated, lang)
    total_line = next(line for line in text.splitlines() if line.startswith(("Total", "Totale")))
    assert "1 680" in total_line and "100" in total_line
    assert "scudi" in text


def test_payouts_of_a_tie_show_the_pooled_prizes(finished: dict[str, Any]) -> None:
    text = txt("payouts", finished, "en")
    line4 = next(line for line in text.splitlines() if line.lstrip().startswith("4="))
    line5 = next(line for line in text.splitlines() if line.lstrip().startswith("5="))
    assert "168" in line4 and line4.rstrip().endswith("126")
    assert "84" in line5 and line5.rstrip().endswith("126")
    assert "tie" in text


# -- results -------------------------------------------------------------------------------------


def test_results_prizes_equal_the_pool_and_ties_are_shown(finished: dict[str, Any]) -> None:
    rows = csv_rows("results", finished, "en")
    assert sum(Decimal(r["Prize (scudi)"] or 0) for r in rows) == Decimal("1680")
    tied = [r for r in rows if r["Tie"] == "yes"]
    assert [r["Place"] for r in tied] == ["4", "4"]
    assert {r["Player"] for r in tied} == {BOLD_NAME, "Niccolò Bàrberi"}
    assert all(r["Prize (scudi)"] == "126" for r in tied)
    assert txt("results", finished, "en").count("4 (tie)") == 2
    assert txt("results", finished, "it").count("4 (pari merito)") == 2


def test_results_disqualified_player_has_no_place_nor_prize(finished: dict[str, Any]) -> None:
    rows = csv_rows("results", finished, "en")
    dq = next(r for r in rows if r["Player"] == "Dmitrij Šostakovič")
    assert dq["Place"] == "" and dq["Prize (scudi)"] == ""
    assert rows[-1] is dq
    assert [r["Place"] for r in rows[:3]] == ["1", "2", "3"]
    assert len(rows) == 24


def test_results_during_the_event_list_the_places_decided(in_progress: dict[str, Any]) -> None:
    rows = csv_rows("results", in_progress, "en")
    assert [r["Place"] for r in rows if r["Place"]] == [
        "16",
        "17",
        "18",
        "19",
        "20",
        "21",
        "22",
        "22",
    ]
    text = txt("results", in_progress, "en")
    assert text.count("22 (tie)") == 2


# -- standings -----------------------------------------------------------------------------------


def test_standings_rank_players_in_by_chips_then_the_places(in_progress: dict[str, Any]) -> None:
    rows = csv_rows("standings", in_progress, "en")
    chips = [int(r["Chips"]) for r in rows if r["Chips"]]
    assert chips == sorted(chips, reverse=True) and len(chips) == 15
    assert rows[0]["Player"] == "Σπύρος Ωραιόπουλος" and rows[0]["#"] == "1"
    assert [r["#"] for r in rows[15:23]] == ["16", "17", "18", "19", "20", "21", "22", "22"]
    placed = [r for r in rows if r["Status"] != "withdrawn"]
    assert placed[-1]["Status"] == "disqualified" and placed[-1]["#"] == ""
    # Who withdrew is listed last, with those who did not play, unnumbered.
    withdrawn = rows[len(placed) :]
    assert withdrawn and all(r["Status"] == "withdrawn" and r["#"] == "" for r in withdrawn)
    text = txt("standings", in_progress, "en")
    assert "Did not play" in text
    assert "41 200" in text  # thin grouping on paper
    assert any(r["Chips"] == "41200" for r in rows)  # plain in CSV
    assert "22=" in text


def test_standings_show_second_stacks_and_final_bonus(finished: dict[str, Any]) -> None:
    rows = csv_rows("standings", finished, "en")
    by_name = {r["Player"]: r for r in rows}
    assert by_name["Amélie Durand"]["2nd stack"] == "12500"
    assert by_name["Zoë Ferrante"]["2nd stack"] == "B48325"
    text = txt("standings", finished, "en")
    assert "B 48 325" in text


# -- seating and slips ---------------------------------------------------------------------------


def test_seating_lists_every_seat_with_card_and_button(in_progress: dict[str, Any]) -> None:
    rows = csv_rows("seating", in_progress, "en")
    assert len(rows) == 30
    assert {r["Suit"] for r in rows} == {"♥", "♦", "♣"}
    seat = next(r for r in rows if r["Player"] == BOLD_NAME)
    assert (seat["Table"], seat["Seat"], seat["Card"], seat["Button"]) == ("1", "4", "J♥", "D")
    text = txt("seating", in_progress, "en")
    assert BOLD_NAME in text
    assert "must close (IV.4)".upper() in text
    assert text.count("(vacant)") == 15


def test_slips_one_per_seated_player_with_table_seat_card(seated: dict[str, Any]) -> None:
    report = build("slips", seated, "en")
    assert report.slips is not None and len(report.slips) == 24
    assert {s.table[-1] for s in report.slips} == set("♥♦♣♠")
    text = txt("slips", seated, "en")
    for slip in report.slips:
        assert f"Seat {slip.seat}" in text
    assert BOLD_NAME in text and "10♠" in text
    assert text.count("+---") >= 13  # cut lines between the rows of slips


def test_slips_before_anyone_sits_print_every_seat_with_a_card(seated: dict[str, Any]) -> None:
    for table in seated["tables"]:
        for seat in table["seats"]:
            seat["player"] = None
    assert len(build("slips", seated).slips or []) == 24


# -- rulings and moves ---------------------------------------------------------------------------


def test_rulings_log_shows_sanctions_and_who_is_suspended(in_progress: dict[str, Any]) -> None:
    rows = csv_rows("rulings", in_progress, "en")
    assert [r["Sanction"] for r in rows] == ["", "warning", "suspension", "disqualification"]
    suspension = rows[2]
    assert (suspension["Orbits"], suspension["Served"], suspension["Articles"]) == (
        "2",
        "not yet served",
        "VI.2, 6.8",
    )
    assert rows[1]["Players"] == BOLD_NAME
    text = txt("rulings", in_progress, "en")
    assert "Suspended now: Søren Kierkegård" in text
    assert "suspension, 2 orbits (not yet served)" in text
    assert "<b>(VI.4)</b>" in text  # a ruling's text prints as written


def test_moves_list_the_recorded_plan(in_progress: dict[str, Any]) -> None:
    rows = csv_rows("moves", in_progress, "en")
    assert [(r["Player"], r["To table"], r["To seat"], r["New card"]) for r in rows] == [
        ("Søren Kierkegård", "1", "9", "6♥"),
        ("Paolo Esposito", "2", "2", "K♦"),
        ("Ilaria Conti", "1", "3", "Q♥"),
    ]
    text = txt("moves", in_progress, "it")
    assert "Il tavolo 3 ♣ chiude: 3 spostamenti da annunciare (IV.4)" in text


def test_moves_without_a_plan_say_so(in_progress: dict[str, Any], finished: dict[str, Any]) -> None:
    in_progress["tables"][2]["plan"] = None
    assert "no plan drawn yet (close 3 --plan)" in txt("moves", in_progress, "en")
    assert "No table is closing." in txt("moves", finished, "en")


# -- names, languages, input ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", REPORTS)
def test_html_escapes_names(in_progress: dict[str, Any], kind: str) -> None:
    evil = "<script>alert('Ω')</script>"
    for p in in_progress["players"]:
        if p["name"] == "Łukasz Wróbel":
            p["name"] = evil
    for t in in_progress["tables"]:
        for s in t["seats"]:
            if s["player"] == "Łukasz Wróbel":
                s["player"] = evil
    in_progress["name"] = "<i>Ordine</i> & co"
    page = render(kind, in_progress, "html").decode("utf-8")
    assert "<script>" not in page and "<i>" not in page
    assert "&lt;i&gt;Ordine&lt;/i&gt; &amp; co" in page
    if kind in ("standings", "seating", "slips"):
        assert "&lt;script&gt;alert(&#x27;Ω&#x27;)&lt;/script&gt;" in page


def test_language_comes_from_the_state_unless_overridden(finished: dict[str, Any]) -> None:
    assert "RISULTATI" in txt("results", finished)
    assert "RESULTS" in txt("results", finished, "en")
    finished["language"] = "en"
    assert "RESULTS" in txt("results", finished)
    assert "14 March 2026" in txt("results", finished)


def test_csv_never_hands_a_formula_to_the_spreadsheet(seated: dict[str, Any]) -> None:
    seated["players"][0]["name"] = '=HYPERLINK("x")'
    rows = csv_rows("standings", seated, "en")
    assert any(r["Player"] == '\'=HYPERLINK("x")' for r in rows)


@pytest.mark.parametrize(
    ("kind", "fmt", "lang", "words"),
    [
        ("podium", "txt", None, "no report named 'podium'"),
        ("results", "docx", None, "no format 'docx'"),
        ("results", "txt", "fr", "no language 'fr'"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    finished: dict[str, Any], kind: str, fmt: str, lang: str | None, words: str
) -> None:
    with pytest.raises(RuleError) as refused:
        render(kind, finished, fmt, lang=lang)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_broken_state_is_refused_not_a_crash(finished: dict[str, Any]) -> None:
    finished["players"] = "everyone"
    with pytest.raises(RuleError, match="bad 'players' list"):
        render("results", finished, "txt")
    finished["players"] = [{"name": "X", "status": "in", "chips": "lots"}]
    with pytest.raises(RuleError, match="bad chips"):
        render("standings", finished, "csv")


def test_a_suspension_not_yet_served_shows_with_the_name(in_progress: dict[str, Any]) -> None:
    for kind in ("standings", "seating"):
        assert "Søren Kierkegård (suspended: 2 orbits)" in txt(kind, in_progress, "en")
        assert any(r["Player"] == "Søren Kierkegård" for r in csv_rows(kind, in_progress, "en"))
    for p in in_progress["players"]:
        p["suspended_orbits"] = None
    assert "(suspended" not in txt("seating", in_progress, "en")


def test_before_the_draw_standings_list_who_is_registered_and_paid() -> None:
    state = registration_event()
    text = txt("standings", state, "en")
    assert "Niccolò Bàrberi" in text and "registered, fee not paid" in text
    assert "waiting list" in text
    assert "No tables drawn yet." in txt("seating", state, "en")
    assert "No seats to print." in txt("slips", state, "en")


def test_payouts_of_a_document_with_names_that_are_not_text_render_or_refuse_in_one_line() -> None:
    """A state document is data: a player "name" that is a list or a mapping (a damaged or
    hostile export) never crashes the tie listing (V.1) with an unhashable value."""
    state: dict[str, Any] = {
        "name": "x",
        "phase": "finished",
        "players": [],
        "payouts": [{"place": 1, "percent": 100, "amount": "10", "player": ["evil"]}],
        "results": [{"place": 1, "player": {"a": 1}, "tied": True, "prize": "10"}],
    }
    try:
        text = txt("payouts", state)
    except RuleError as refused:
        assert "\n" not in str(refused)
    else:
        assert "1=" in text


def test_a_suspended_player_who_is_out_is_not_suspended_now(in_progress: dict[str, Any]) -> None:
    """His suspension went with him: "Suspended now" lists only players still in."""
    state = copy.deepcopy(in_progress)
    player = next(p for p in state["players"] if p["name"] == "Søren Kierkegård")
    player["status"] = "out"
    assert "Suspended now" not in txt("rulings", state, "en")
