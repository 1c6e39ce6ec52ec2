"""The season's standings from its events' results: a pure function (docs/season.md).

A player is the same person in every event whose name matches ignoring case and accents
(``person_key``), or that an alias joins to him. Each finished event gives its entrants the
points of the season's formula (``formulas.points``); only each player's best N results count
when the season says so. The order: points, then wins, then the best place, then the name;
players equal in points, wins and best place share their place (``tied``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import lru_cache

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import name_key
from tdconsole.i18n import _
from tdconsole.season.formulas import points
from tdconsole.season.results import EventResult


@lru_cache(maxsize=65536)
def person_key(name: str) -> str:
    """Who a name is: case, accents and repeated spaces ignored (``Zoë  Ångström`` ==
    ``zoe angstrom``)."""
    decomposed = unicodedata.normalize("NFKD", name_key(" ".join(name.split())))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class People:
    """Names to persons, through the season's aliases (a spelling -> the name it stands for)."""

    def __init__(self, aliases: Mapping[str, str]) -> None:
        self.canonical = {person_key(spelling): name for spelling, name in aliases.items()}
        self.named = {person_key(name): name for name in aliases.values()}

    def key(self, name: str) -> str:
        return person_key(self.canonical.get(person_key(name), name))

    def shown(self, key: str, spelling: str) -> str:
        """The name a person is shown with: an alias's name, else the latest spelling."""
        return self.named.get(key, spelling)


def merged_players(players: Iterable[str], people: People) -> list[tuple[str, str]]:
    """Pairs of an event's different players that would be one person: never allowed."""
    seen: dict[str, str] = {}
    pairs = []
    for name in players:
        key = people.key(name)
        if key in seen:
            pairs.append((seen[key], name))
        else:
            seen[key] = name
    return pairs


def merge_refusal(
    event: EventResult, pairs: Sequence[tuple[str, str]], *, recorded: bool = True
) -> RuleError:
    """Two players of one event who would be one person. ``recorded``: the season file says
    so already (the hint is to remove the alias); else the alias is refused before it is."""
    first, second = pairs[0]
    label = event.name or event.path.name
    values = {"first": first, "second": second, "event": label, "file": event.path.name}
    if recorded:
        return RuleError(
            _(
                "{first!r} and {second!r} both played {event} ({file}): they cannot be one "
                "player; remove the alias that joins them (`season unalias`)"
            ).format(**values)
        )
    return RuleError(
        _(
            "{first!r} and {second!r} both played {event} ({file}): they cannot be one player"
        ).format(**values)
    )


@dataclass
class Result:
    """One person's result in one counted event."""

    event: int
    """Index in ``Standings.events``."""
    name: str
    """The name as written in that event."""
    place: int | None
    tied: bool
    points: Decimal
    prize: Decimal
    counted: bool = False


@dataclass
class Row:
    key: str
    player: str
    results: list[Result] = field(default_factory=list)
    place: int = 0
    tied: bool = False
    points: Decimal = Decimal(0)
    counted: int = 0
    wins: int = 0
    cashes: int = 0
    best_place: int | None = None

    @property
    def played(self) -> int:
        return len(self.results)

    def rank_key(self) -> tuple[Decimal, int, int]:
        return (-self.points, -self.wins, self.best_place or 10**9)


@dataclass
class Standings:
    events: list[EventResult]
    """Every event of the season, by date: finished ones count, the others are left out."""
    left_out: dict[int, RuleError]
    """Index of a finished event left out (two players who would be one) -> why."""
    rows: list[Row]

    @property
    def counted(self) -> list[int]:
        return [
            i
            for i, e in enumerate(self.events)
            if e.status == "finished" and i not in self.left_out
        ]

    @property
    def date(self) -> date | None:
        days = [day for i in self.counted if (day := self.events[i].date) is not None]
        return max(days) if days else None


def compute(
    events: Sequence[EventResult], formula: str, best: int, aliases: Mapping[str, str]
) -> Standings:
    """The standings of ``events`` (any order; sorted here by their start, then as listed)."""
    ordered = sorted(enumerate(events), key=lambda item: (_when(item[1]), item[0]))
    chronological = [event for _index, event in ordered]
    people = People(aliases)
    rows: dict[str, Row] = {}
    left_out: dict[int, RuleError] = {}
    for index, event in enumerate(chronological):
        if event.status != "finished":
            continue
        pairs = merged_players(event.players, people)
        if pairs:
            left_out[index] = merge_refusal(event, pairs)
            continue
        for finish in event.finishes:
            key = people.key(finish.name)
            row = rows.get(key)
            if row is None:
                row = rows[key] = Row(key, finish.name)
            row.player = people.shown(key, finish.name)  # the latest spelling
            score = Decimal(0)
            if finish.place is not None:
                score = points(formula, finish.place, finish.span, event.entrants, event.prize_pool)
            row.results.append(
                Result(
                    index,
                    finish.name,
                    finish.place,
                    finish.span > 1,
                    score,
                    finish.prize,
                )
            )
    for row in rows.values():
        _total(row, best)
    ranked = sorted(rows.values(), key=lambda r: (*r.rank_key(), person_key(r.player), r.player))
    for i, row in enumerate(ranked):
        previous = ranked[i - 1] if i else None
        if previous is not None and previous.rank_key() == row.rank_key():
            row.place, row.tied, previous.tied = previous.place, True, True
        else:
            row.place = i + 1
    return Standings(chronological, left_out, ranked)


def _when(event: EventResult) -> tuple[bool, datetime]:
    """Events by their start; those whose start is unknown (unreadable) last."""
    if event.created is None:
        return (True, datetime.min.replace(tzinfo=UTC))
    return (False, event.created)


def _total(row: Row, best: int) -> None:
    """Best N: the N highest scores count (the earlier event first among equal scores)."""
    by_score = sorted(row.results, key=lambda r: (-r.points, r.event))
    chosen = by_score if best <= 0 else by_score[:best]
    for result in chosen:
        result.counted = True
    row.points = sum((r.points for r in chosen), Decimal(0))
    row.counted = len(chosen)
    row.wins = sum(1 for r in row.results if r.place == 1)
    row.cashes = sum(1 for r in row.results if r.prize > 0)
    places = [r.place for r in row.results if r.place is not None]
    row.best_place = min(places) if places else None
