"""Three finished evenings with overlapping players: every number of the season's standings
recomputed by hand from the formulas' definitions (docs/season.md), and printed in txt, html,
pdf and csv with the same numbers."""

from __future__ import annotations

import csv
import io
import math
from decimal import ROUND_HALF_UP, Decimal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pypdf
import pytest

from tdconsole.reports.season import render_season
from tdconsole.season.load import load, season_json
from tdconsole.season.seasonfile import Season, event_entry, write_season

# Each evening as (entrants n, prize pool M, {person: (place, places spanned, prize > 0)}),
# written out from season_events.py: 6 and 5 entrants at 70 scudi, 4 at 50.
EVENINGS = [
    (
        6,
        420,
        {
            "Anna": (1, 1, True),
            "Bruno": (2, 1, True),
            "Carla": (3, 1, True),
            "Dario": (4, 2, True),  # tied with Elena for 4th and 5th
            "Elena": (4, 2, True),
            "Fabio": (6, 1, False),
        },
    ),
    (
        5,
        350,
        {
            "Bruno": (1, 1, True),
            "Anna": (2, 1, True),  # written "ANNA"
            "Zoë": (3, 1, True),
            "Dario": (4, 1, True),
            "Gino": (5, 1, True),  # 5th of 5 paid places: 5 % of 350
        },
    ),
    (
        4,
        200,
        {
            "Zoë": (1, 1, True),  # written "Zoe"
            "Carla": (2, 1, True),  # written "Carla B.", joined by an alias
            "Anna": (3, 1, True),
            "Fabio": (4, 1, True),
        },
    ),
]


def cents(x: float) -> Decimal:
    return Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def by_definition(formula: str, k: int, n: int, pool: float) -> float:
    if formula == "linear":
        return n + 1 - k
    if formula == "sqrt":
        return 10 * math.sqrt(n / k)
    return 10 * math.sqrt(n / k) * (1 + math.log10(pool / n + 0.25))


def event_points(formula: str, place: int, span: int, n: int, pool: float) -> Decimal:
    spanned = [by_definition(formula, k, n, pool) for k in range(place, place + span)]
    return cents(sum(spanned) / span)


def expected(formula: str, best: int) -> dict[str, dict[str, Any]]:
    people: dict[str, dict[str, Any]] = {}
    for n, pool, finishes in EVENINGS:
        for who, (place, span, _) in finishes.items():
            row = people.setdefault(who, {"scores": [], "places": []})
            row["scores"].append(event_points(formula, place, span, n, pool))
            row["places"].append(place)
    for who, row in people.items():
        scores = sorted(row["scores"], reverse=True)
        kept = scores[:best] if best else scores
        row["points"] = sum(kept, Decimal(0))
        row["counted"] = len(kept)
        row["played"] = len(scores)
        row["wins"] = row["places"].count(1)
        row["best_place"] = min(row["places"])
        row["cashes"] = sum(1 for _, _, f in EVENINGS if who in f and f[who][2])
    return people


def test_the_expected_table_itself() -> None:
    """The hand computation's anchors, worked on paper for the sqrt formula."""
    # 1st of 6: 10·√6 = 24.4949 → 24.49; Dario/Elena 4th-5th of 6: (10·√1.5 + 10·√1.2) / 2
    # = (12.2474 + 10.9545) / 2 = 11.6010 → 11.60.
    assert event_points("sqrt", 1, 1, 6, 420) == Decimal("24.49")
    assert event_points("sqrt", 4, 2, 6, 420) == Decimal("11.60")
    # Anna: 24.49 + 10·√(5/2) = 15.81 + 10·√(4/3) = 11.55 → 51.85.
    assert expected("sqrt", 0)["Anna"]["points"] == Decimal("51.85")
    # linear: Carla 4 + 3 = 7, Zoë 3 + 4 = 7; Dario 2.5 + 2 = 4.5.
    table = expected("linear", 0)
    assert (table["Carla"]["points"], table["Zoë"]["points"]) == (7, 7)
    assert table["Dario"]["points"] == Decimal("4.5")
    # pool: the third evening's entry is 200 / 4 = 50: 1st = 20 · (1 + log10(50.25)).
    assert event_points("pool", 1, 1, 4, 200) == cents(20 * (1 + math.log10(50.25)))


class _Rows(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def html_rows(page: str) -> list[list[str]]:
    """The cells of every table row of an html page, as text."""
    parser = _Rows()
    parser.feed(page)
    return parser.rows


def make_season(folder: Path, formula: str, best: int) -> Path:
    path = folder / "club.season.toml"
    season = Season(
        name="Stagione d'autunno",
        formula=formula,
        best=best,
        events=tuple(event_entry(p, path) for p in sorted(folder.glob("sera-*.tdc"))),
        aliases={"Carla B.": "Carla"},
    )
    write_season(path, season, new=True)
    return path


@pytest.mark.parametrize(
    ("formula", "best"), [("linear", 0), ("sqrt", 0), ("pool", 0), ("sqrt", 2), ("linear", 1)]
)
def test_every_number_by_hand(evenings: list[Path], formula: str, best: int) -> None:
    doc = season_json(load(make_season(evenings[0].parent, formula, best)), "en")
    want = expected(formula, best)
    got = {row["player"]: row for row in doc["standings"]}
    # "Zoë" (second evening) and "Zoe" (third, the latest) are one player, shown as written last.
    want["Zoe"] = want.pop("Zoë")
    assert set(got) == set(want)
    for who, row in want.items():
        line = got[who]
        assert line["points"] == f"{row['points']:.2f}", who
        assert (line["played"], line["counted"]) == (row["played"], row["counted"]), who
        assert (line["wins"], line["cashes"]) == (row["wins"], row["cashes"]), who
        assert line["best_place"] == row["best_place"], who
        assert sum(1 for r in line["results"] if r["counted"]) == row["counted"]
    # The order: points, then wins, then best place, then name; places follow it.
    order = sorted(
        want, key=lambda w: (-want[w]["points"], -want[w]["wins"], want[w]["best_place"], w)
    )
    assert [row["player"] for row in doc["standings"]] == order
    # Equal points, wins and best place: one place, shared (``tied``).
    rank = [(want[w]["points"], want[w]["wins"], want[w]["best_place"]) for w in order]
    places = [rank.index(r) + 1 for r in rank]
    assert [row["place"] for row in doc["standings"]] == places
    assert [row["tied"] for row in doc["standings"]] == [rank.count(r) > 1 for r in rank]
    assert doc["events_counted"] == 3 and doc["date"] == "2026-10-15"


def test_the_ties_break_by_wins_then_best_place(evenings: list[Path]) -> None:
    """linear: Carla 4 + 3 = 7 and Zoe 3 + 4 = 7; Zoe won an evening, so Zoe is ahead."""
    doc = season_json(load(make_season(evenings[0].parent, "linear", 0)), "en")
    rows = [(r["place"], r["player"], r["points"], r["tied"]) for r in doc["standings"]]
    assert rows[:4] == [
        (1, "Anna", "12.00", False),
        (2, "Bruno", "10.00", False),
        (3, "Zoe", "7.00", False),
        (4, "Carla", "7.00", False),
    ]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_printed_in_four_formats_with_the_same_numbers(
    evenings: list[Path], lang: str, tmp_path: Path
) -> None:
    doc = season_json(load(make_season(evenings[0].parent, "sqrt", 0)), lang)  # type: ignore[arg-type]
    want = expected("sqrt", 0)
    want["Zoe"] = want.pop("Zoë")
    lines = {
        who: [
            str(i + 1),
            who,
            str(row["played"]),
            f"{row['points']:.2f}",
            str(row["counted"]),
            str(row["wins"]),
            str(row["cashes"]),
            str(row["best_place"]),
        ]
        for i, (who, row) in enumerate(
            sorted(want.items(), key=lambda kv: (-kv[1]["points"], -kv[1]["wins"]))
        )
    }

    # csv: exactly the table, one row a player.
    rows = list(csv.reader(io.StringIO(render_season(doc, "csv", lang).decode("utf-8-sig"))))
    assert len(rows) == 1 + len(want)
    assert [r[:8] for r in rows[1:]] == list(lines.values())

    text = render_season(doc, "txt", lang).decode("utf-8")
    html = render_season(doc, "html", lang).decode("utf-8")
    pdf = pypdf.PdfReader(io.BytesIO(render_season(doc, "pdf", lang)))
    pdf_text = "\n".join(page.extract_text() for page in pdf.pages)
    title = "Classifica della stagione" if lang == "it" else "Season standings"
    day = "15 ottobre 2026" if lang == "it" else "15 October 2026"
    for printed in (text, pdf_text, html):
        assert "Stagione d'autunno" in printed.replace("&#x27;", "'")
        assert title.upper() in printed.upper() and day in printed
    for who, cells in lines.items():
        # On one line of the text and of the PDF, in order; in one table row of the html.
        assert any(line.split() == cells for line in text.splitlines()), who
        assert any(line.split() == cells for line in pdf_text.splitlines()), who
        assert any(row[:8] == cells for row in html_rows(html)), who
