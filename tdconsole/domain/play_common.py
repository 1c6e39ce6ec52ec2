"""What the play commands share: chip rounding, the second stack's amount, checks (Titles
III-IV), a sanction's entry in the rulings log (VI.2).

See ``tdconsole.domain.play`` for the chip ledger.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from tdconsole.domain import clock
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_count, chips_text, money_said
from tdconsole.domain.payouts import Payout, payouts, shared_prizes, without_vacated
from tdconsole.domain.registration import require_player
from tdconsole.domain.state import Player, Ruling, State, Table, name_key
from tdconsole.domain.words import status_word
from tdconsole.i18n import Msg, _, ngettext, pgettext


def second_stack_amount(state: State, table: Table) -> int | None:
    """Art. III.3: the table's average stack, C_t / n_t, rounded to the chip unit; None when no
    second stack can be given (before the start, once the final is due, III.4)."""
    return _table_average(state, table) if second_stacks_given(state) else None


def second_stack_offers(state: State) -> dict[int, int]:
    """Each open table's second stack now (``second_stack_amount``), by table number: what its
    players who never took one may still take; empty when none can be given."""
    if not second_stacks_given(state):
        return {}
    offers = {t.number: _table_average(state, t) for t in state.open_tables()}
    return {number: amount for number, amount in offers.items() if amount is not None}


def second_stacks_given(state: State) -> bool:
    """Second stacks are given in the elimination phase, until the final is due (III.2, III.4)."""
    return state.stack is not None and state.phase == "elimination" and not state.final_due


def _table_average(state: State, table: Table) -> int | None:
    n = len(state.players_at(table))
    if n == 0:
        return None
    return state.average(table.chips, n)


def payout_table(state: State) -> list[Payout]:
    """Art. V.1's table, with the places disqualifications left empty passed on (VI.2)."""
    prizes = state.settings.prizes
    table = payouts(state.prize_pool, prizes.percents, state.entrants, prizes.payout_unit)
    for place in state.vacated:
        table = without_vacated(table, place, prizes.payout_unit)
    return table


# -- helpers --------------------------------------------------------------------------------


def require_in(state: State, name: str) -> Player:
    player = require_player(state, name)
    if player.status != "in":
        raise RuleError(
            _("{name} is not in play ({status})").format(
                name=player.name, status=status_word(player.status)
            ),
            "IV.2",
        )
    return player


def require_open_table(state: State, number: int, article: str | None = None) -> Table:
    """Open table ``number``; refused naming the open ones."""
    table = state.tables.get(number)
    if table is None or not table.open:
        numbers = ", ".join(str(t.number) for t in state.open_tables())
        raise RuleError(
            _("there is no open table {table}: open tables are {numbers}").format(
                table=number, numbers=numbers or pgettext("tables", "none")
            ),
            article,
        )
    return table


def table_of(state: State, player: Player) -> Table:
    assert player.table is not None
    return state.tables[player.table]


def current_big_blind(state: State, now: datetime) -> int | None:
    if state.clock is None or state.structure is None:
        return None

    auto = state.settings.clock.auto_announce
    return clock.status(state.clock, state.structure, now, auto_announce=auto).big_blind


def can_take_second_stack(state: State, player: Player) -> bool:
    """Art. III.2-III.3: in play, elimination phase, never taken before."""
    return (
        state.phase == "elimination"
        and not state.final_due
        and player.status == "in"
        and player.second_stack is None
    )


def require_play_open(state: State, what: Msg) -> None:
    """Play (``what``: "second stack", "elimination") only once started, before the end, and
    not while the final table waits for its draw."""
    if state.phase in ("registration", "seated"):
        raise RuleError(
            _("{what}: the tournament has not started (`start`)").format(what=what), "III.1"
        )
    if state.phase == "finished":
        raise RuleError(_("{what}: the tournament is over").format(what=what), "IV.7")
    if state.final_due:
        raise RuleError(
            _(
                "{what}: nine or fewer are in, play stops for the final draw (`final --count ...`)"
            ).format(what=what),
            "IV.2",
        )


def check_chip_unit(state: State, name: str, chips: int) -> None:
    unit = state.settings.stacks.chip_unit
    if chips < 0:
        raise RuleError(
            _(
                "{name}: a count cannot be negative ({chips}): give the chips he has, 0 or more"
            ).format(name=name, chips=chips_text(chips)),
            "VII.1",
        )
    if chips % unit:
        raise RuleError(
            _(
                "{name}: {chips} is not a multiple of the smallest chip ({unit}): count again"
            ).format(name=name, chips=chips_text(chips), unit=unit),
            "VII.1",
        )


MAX_STACK = 10**9
"""A starting stack above this is a typo, not a stack (it would flood the ledger)."""


def check_in_circulation(state: State, table: Table, named: dict[str, int]) -> None:
    """The chip ledger (III.3): chips counted at ``table`` at one moment cannot exceed its C_t,
    the chips in circulation there (and so never the chips in play)."""
    for name, chips in named.items():
        if chips > table.chips:
            raise RuleError(
                _(
                    "{name}: {chips} is more than table {number} has in circulation "
                    "({chips2}): count again"
                ).format(
                    name=name,
                    chips=chips_count(chips),
                    number=table.number,
                    chips2=chips_text(table.chips),
                ),
                "III.3",
            )
    total = sum(named.values())
    if len(named) > 1 and total > table.chips:
        names = ", ".join(named)
        raise RuleError(
            _(
                "{names}: {total} together is more than table {number} has in circulation "
                "({chips}): count again"
            ).format(
                names=names,
                total=chips_count(total),
                number=table.number,
                chips=chips_text(table.chips),
            ),
            "III.3",
        )


def check_in_play(state: State, name: str, chips: int) -> None:
    """No count exceeds every chip in play (III.3), whatever a recount may still adjust."""
    if chips > state.chips_in_play:
        raise RuleError(
            _(
                "{name}: {chips} is more than all the chips in play ({chips_in_play}): count again"
            ).format(
                name=name,
                chips=chips_count(chips),
                chips_in_play=chips_text(state.chips_in_play),
            ),
            "III.3",
        )


def _one_left(state: State) -> bool:
    """``state.in_play == 1``, looking no further than the second player in: every
    elimination asks, and opening an event folds every elimination of its log again."""
    left = (p for p in state.players.values() if p.status == "in")
    return next(left, None) is not None and next(left, None) is None


def settle_finish(state: State, at: datetime) -> None:
    """Art. IV.7: when one player is left, he is 1st and the event is over: he holds every chip
    in play and the clock stops for good."""
    if state.phase not in ("elimination", "final") or not _one_left(state):
        return
    remaining = state.in_players()
    if len(remaining) == 1:
        winner = remaining[0]
        winner.place, winner.tied = 1, False
        unit = state.settings.prizes.payout_unit
        winner.prize = shared_prizes(payout_table(state), 1, 1, unit)[0]
        winner.chips = state.chips_in_play
        winner.out_at = at  # his place decided: the time his prize's receipt says
        state.phase = "finished"
        if state.clock is not None and state.structure is not None:
            auto = state.settings.clock.auto_announce
            state.clock = clock.finish(state.clock, state.structure, at, auto_announce=auto)


def unseat(state: State, player: Player) -> None:
    if player.table is not None and player.seat is not None:
        seat = state.tables[player.table].seat(player.seat)
        if seat.player == name_key(player.name):
            seat.player = None


SanctionKind = Literal["warning", "suspend", "disqualify"]


def add_sanction(
    state: State,
    at: datetime,
    *,
    name: str,
    kind: SanctionKind,
    reason: str,
    table: int | None,
    director: str,
    orbits: int | None = None,
) -> None:
    """A sanction of Art. VI.2 in the rulings log, numbered after the last ruling: a warning,
    a suspension (shown until marked served) or a disqualification."""
    state.rulings.append(
        Ruling(
            id=len(state.rulings) + 1,
            at=at,
            kind="sanction",
            table=table,
            players=[name],
            articles=["VI.2"],
            text=reason,
            director=director,
            sanction=kind,
            orbits=orbits,
            served=False if kind == "suspend" else None,
        )
    )


def table_changes_said(state: State) -> list[Msg]:
    """What an elimination or a disqualification leaves to do: the tables that must close
    (IV.4), the final due (IV.2), the winner once the tournament is over (IV.7)."""
    lines = [
        ngettext(
            "table {table} has {n} player left: it must close (Art. IV.4) — `close {table} --plan`",
            "table {table} has {n} players left: it must close (Art. IV.4) — "
            "`close {table} --plan`",
            len(state.players_at(table)),
        ).format(table=table.number)
        for table in state.open_tables()
        if state.must_close(table)
    ]
    if state.final_due:
        lines.append(
            ngettext(
                "{n} player is in: the final is due (Art. IV.2) — `final --count NAME=N ...`",
                "{n} players are in: the final is due (Art. IV.2) — `final --count NAME=N ...`",
                state.in_play,
            )
        )
    if state.phase == "finished":
        winner = state.in_players()[0]
        lines.append(
            _("the tournament is over: {name} wins (Art. IV.7), prize {prize}").format(
                name=winner.name,
                prize=money_said(winner.prize or 0, state.settings.currency),
            )
        )
    return lines
