"""Titles III-IV: the start, the chip ledger, the second stack, eliminations, places, the end.

Chip ledger: each table's C_t counts every stack issued there (starting stacks, second stacks)
plus chips carried in by moved players, minus chips carried out; the sum over open tables is the
chips in play, always equal to everything issued less what left with a disqualification, plus
any adjustment the Director accepted with a reason.
"""

from __future__ import annotations

import random
from datetime import datetime
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.payouts import money_text
from tdconsole.domain.state import MovePlan, Player, State, Table, name_key


def round_chips(value: Decimal, unit: int, mode: str = "half_up") -> int:
    """Round to a multiple of the chip unit (Decision of III.3: nearest, halves up)."""
    rounding = ROUND_HALF_UP if mode == "half_up" else ROUND_DOWN
    return int((value / unit).to_integral_value(rounding=rounding)) * unit


def second_stack_amount(state: State, table: Table) -> int | None:
    """Art. III.3: the table's average stack, C_t / n_t, rounded to the chip unit."""
    n = len(state.players_at(table))
    if n == 0 or state.stack is None:
        return None
    stacks = state.settings.stacks
    return round_chips(Decimal(table.chips) / n, stacks.chip_unit, stacks.second_stack_rounding)


# -- the start (Art. III.1, III.5) -----------------------------------------------------------


class Started(EventBody):
    """The Director's stack and blind structure; every seated player gets the stack."""

    type: ClassVar[str] = "started"
    stack: int
    structure: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        from tdconsole.domain import clock

        state.stack = self.stack
        for table in state.tables.values():
            players = state.players_at(table)
            for player in players:
                player.chips = self.stack
            table.chips = self.stack * len(players)
            state.issued += table.chips
        state.structure = clock.Structure.model_validate(self.structure)
        state.clock = clock.initial(state.structure)
        final = any(t.final for t in state.tables.values())
        state.phase = "final" if final else "elimination"


class Start(Command):
    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "III.1"
    stack: int = Field(gt=0)
    big_blind: int = Field(gt=0)
    first_minutes: int | None = None
    second_big_blind: int | None = None
    minutes: int | None = None

    def describe(self) -> str:
        return f"start: stack {self.stack}, big blind {self.big_blind}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        from tdconsole.domain import clock

        if state.phase == "registration":
            raise RuleError(
                "draw the seats first (`draw`), then start",
                "II.2",
                it="prima sorteggia i posti (`draw`), poi avvia il torneo",
            )
        if state.phase != "seated":
            raise RuleError(
                "the tournament has already started", "III.1", it="il torneo è già iniziato"
            )
        unit = state.settings.stacks.chip_unit
        if self.stack % unit:
            raise RuleError(
                f"stack {self.stack} is not a multiple of the chip unit {unit}: adjust it",
                "III.1",
                it=f"la dote {self.stack} non è un multiplo del gettone più piccolo ({unit}): "
                "correggila",
            )
        settings = state.settings.clock
        structure = clock.Structure.build(
            first_bb=self.big_blind,
            first_minutes=self.first_minutes or settings.first_minutes,
            second_bb=self.second_big_blind or self.big_blind * settings.second_bb_factor,
            minutes=self.minutes or settings.minutes,
            stack=self.stack,
            chip_unit=unit,
            min_stack_bb=state.settings.stacks.min_stack_bb,
        )
        return [Started(stack=self.stack, structure=structure.model_dump(mode="json"))]


# -- helpers --------------------------------------------------------------------------------

STATUS_IT = {
    "registered": "iscritto",
    "waitlisted": "in lista d'attesa",
    "withdrawn": "ritirato",
    "in": "in gioco",
    "out": "eliminato",
    "disqualified": "squalificato",
}


def _require_in(state: State, name: str) -> Player:
    from tdconsole.domain.registration import require_player

    player = require_player(state, name)
    if player.status != "in":
        raise RuleError(
            f"{player.name} is not in play (status: {player.status})",
            "IV.2",
            it=f"{player.name} non è in gioco ({STATUS_IT.get(player.status, player.status)})",
        )
    return player


def _table_of(state: State, player: Player) -> Table:
    assert player.table is not None
    return state.tables[player.table]


def current_big_blind(state: State, now: datetime) -> int | None:
    if state.clock is None or state.structure is None:
        return None
    from tdconsole.domain import clock

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


def _require_play_open(state: State, what: str, what_it: str) -> None:
    if state.phase in ("registration", "seated"):
        raise RuleError(
            f"{what}: the tournament has not started (`start`)",
            "III.1",
            it=f"{what_it}: il torneo non è ancora iniziato (`start`)",
        )
    if state.phase == "finished":
        raise RuleError(
            f"{what}: the tournament is over", "IV.7", it=f"{what_it}: il torneo è concluso"
        )
    if state.final_due:
        raise RuleError(
            f"{what}: nine or fewer are in, play stops for the final draw (`final --count ...`)",
            "IV.2",
            it=f"{what_it}: sono in gioco nove giocatori o meno, si gioca solo dopo il "
            "sorteggio del tavolo finale (`final --count ...`)",
        )


def _check_chip_unit(state: State, name: str, chips: int) -> None:
    unit = state.settings.stacks.chip_unit
    if chips < 0 or chips % unit:
        raise RuleError(
            f"{name}: {chips} is not a multiple of the smallest chip ({unit})",
            it=f"{name}: {chips} non è un multiplo del gettone più piccolo ({unit})",
        )


def _settle_finish(state: State) -> None:
    """Art. IV.7: when one player is left, he is 1st and the event is over."""
    if state.in_play != 1 or state.phase not in ("elimination", "final"):
        return
    remaining = state.in_players()
    if len(remaining) == 1:
        from tdconsole.domain.payouts import shared_prizes
        from tdconsole.domain.view import payout_table

        winner = remaining[0]
        winner.place, winner.tied = 1, False
        unit = state.settings.prizes.payout_unit
        winner.prize = shared_prizes(payout_table(state), 1, 1, unit)[0]
        state.phase = "finished"


# -- counts ---------------------------------------------------------------------------------


class ChipsCounted(EventBody):
    type: ClassVar[str] = "chips_counted"
    counts: dict[str, int]

    def apply(self, state: State, at: datetime) -> None:
        for name, chips in self.counts.items():
            state.players[name_key(name)].chips = chips


class Count(Command):
    counts: dict[str, int] = Field(min_length=1)

    def describe(self) -> str:
        return "count " + ", ".join(f"{n.strip()}={c}" for n, c in self.counts.items())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.stack is None:
            raise RuleError(
                "counts are recorded once the tournament has started",
                "III.1",
                it="i conteggi si registrano dopo l'inizio del torneo",
            )
        clean: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = _require_in(state, raw)
            _check_chip_unit(state, player.name, chips)
            clean[player.name] = chips
        return [ChipsCounted(counts=clean)]


# -- the second stack (Art. III.2-III.3) -----------------------------------------------------


class SecondStackIssued(EventBody):
    """Art. III.3: the table's average stack, recorded with its amount; C_t grows by it."""

    type: ClassVar[str] = "second_stack_issued"
    name: str
    table: int
    amount: int
    stack_before: int | None = None

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        player.second_stack = self.amount
        player.chips = None if self.stack_before is None else self.stack_before + self.amount
        state.tables[self.table].chips += self.amount
        state.issued += self.amount


class SecondStack(Command):
    name: str
    stack: int | None = Field(None, ge=0)

    def describe(self) -> str:
        return f"second stack: {self.name.strip()}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        _require_play_open(state, "second stack", "seconda dote")
        player = _require_in(state, self.name)
        if state.phase != "elimination":
            raise RuleError(
                "no second stack in the final: the III.4 bonus replaced it",
                "III.4",
                it="niente seconda dote al tavolo finale: la sostituisce il bonus dell'Art. III.4",
            )
        if player.second_stack is not None:
            raise RuleError(
                f"{player.name} has already taken his second stack ({player.second_stack}): "
                "it is given once only",
                "III.3",
                it=f"{player.name} ha già preso la seconda dote ({player.second_stack}): "
                "spetta una volta sola",
            )
        big_blind = current_big_blind(state, ctx.now)
        if self.stack is not None and big_blind is not None and self.stack >= big_blind:
            raise RuleError(
                f"{player.name} has {self.stack} chips, not below the big blind {big_blind}: "
                "the second stack is for a stack below the big blind",
                "III.2",
                it=f"{player.name} ha {self.stack} gettoni, non meno del grande buio {big_blind}: "
                "la seconda dote spetta a chi ha meno del grande buio",
            )
        table = _table_of(state, player)
        amount = second_stack_amount(state, table)
        assert amount is not None
        return [
            SecondStackIssued(
                name=player.name, table=table.number, amount=amount, stack_before=self.stack
            )
        ]


# -- eliminations and places ----------------------------------------------------------------


class Elimination(BaseModel):
    name: str
    place: int
    tied: bool
    prize: str | None
    stack: int | None


class PlayersEliminated(EventBody):
    """One hand's eliminations with their places and prizes (rules.md: Eliminations)."""

    type: ClassVar[str] = "players_eliminated"
    players: list[Elimination]
    declined: list[str] = Field(default_factory=list)

    def apply(self, state: State, at: datetime) -> None:
        for out in self.players:
            player = state.players[name_key(out.name)]
            _unseat(state, player)
            player.status = "out"
            player.place, player.tied = out.place, out.tied
            player.prize = Decimal(out.prize) if out.prize is not None else None
            player.chips = 0
            player.out_at = at
        _settle_finish(state)


def _unseat(state: State, player: Player) -> None:
    if player.table is not None and player.seat is not None:
        seat = state.tables[player.table].seat(player.seat)
        if seat.player == name_key(player.name):
            seat.player = None


def places_for(state: State, busted: list[tuple[Player, int | None]]) -> list[Elimination]:
    """Places for players out in one hand: more chips at the start of the hand = better place;
    equal stacks share the best of their places and pool those places' prizes (Decision)."""
    from tdconsole.domain.payouts import shared_prizes
    from tdconsole.domain.view import payout_table

    table = payout_table(state)
    unit = state.settings.prizes.payout_unit
    ordered = sorted(busted, key=lambda item: -(item[1] or 0))
    result: list[Elimination] = []
    place = state.in_play - len(busted) + 1
    i = 0
    while i < len(ordered):
        group = [item for item in ordered[i:] if item[1] == ordered[i][1]]
        group.sort(key=lambda item: item[0].order)
        amounts = shared_prizes(table, place, len(group), unit)
        for (player, stack), amount in zip(group, amounts, strict=True):
            result.append(
                Elimination(
                    name=player.name,
                    place=place,
                    tied=len(group) > 1,
                    stack=stack,
                    prize=money_text(amount) if amount > 0 else None,
                )
            )
        place += len(group)
        i += len(group)
    return result


class Bust(Command):
    names: list[str] = Field(min_length=1)
    stacks: list[int] | None = None
    declined: bool = False

    def describe(self) -> str:
        return "eliminated: " + ", ".join(n.strip() for n in self.names)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        _require_play_open(state, "elimination", "eliminazione")
        if len(self.names) > 1 and self.stacks is None:
            raise RuleError(
                "several players out in one hand: give --stacks, their stacks at the start of "
                "the hand, in the same order as the names",
                it="più giocatori eliminati nella stessa mano: indica con --stacks i loro resti a "
                "inizio mano, nello stesso ordine dei nomi",
            )
        if self.stacks is not None and len(self.stacks) != len(self.names):
            raise RuleError(
                f"{len(self.names)} names but {len(self.stacks)} stacks: give one stack per name",
                it=f"{len(self.names)} nomi ma {len(self.stacks)} resti: indica un resto per "
                "ogni nome",
            )
        players: list[Player] = []
        for raw in self.names:
            player = _require_in(state, raw)
            if player in players:
                raise RuleError(
                    f"{player.name} is named twice: list each player once",
                    it=f"{player.name} compare due volte: indica ogni giocatore una sola volta",
                )
            players.append(player)
        if len(players) >= state.in_play:
            raise RuleError(
                "that would leave nobody in play: the last player standing is the winner",
                "IV.7",
                it="così non resterebbe nessuno in gioco: l'ultimo rimasto è il vincitore",
            )
        declined: list[str] = []
        for player in players:
            if can_take_second_stack(state, player):
                if not self.declined:
                    amount = second_stack_amount(state, _table_of(state, player))
                    raise RuleError(
                        f"{player.name} may still take the second stack of {amount} chips "
                        f"(table {player.table}'s average): record `dote {player.name}`, or "
                        "add --declined if he declines it",
                        "III.2",
                        it=f"{player.name} può ancora prendere la seconda dote di {amount} "
                        f"gettoni (la media del tavolo {player.table}): registrala con "
                        f"`dote {player.name}`, oppure aggiungi --declined se la rifiuta",
                    )
                declined.append(player.name)
        stacks: list[int | None] = list(self.stacks) if self.stacks else [None] * len(players)
        outcome = places_for(state, list(zip(players, stacks, strict=True)))
        return [PlayersEliminated(players=outcome, declined=declined)]


# -- disqualification (Art. VI.2) ------------------------------------------------------------


class PlayerDisqualified(EventBody):
    """Art. VI.2: place and prize forfeited; his chips leave play and the ledger says so."""

    type: ClassVar[str] = "player_disqualified"
    name: str
    reason: str
    chips: int

    def apply(self, state: State, at: datetime) -> None:
        from tdconsole.domain.state import Ruling

        player = state.players[name_key(self.name)]
        if player.status == "in":
            state.vacated.append(state.in_play)  # nobody will finish in this place now
        if player.table is not None and player.status == "in":
            state.tables[player.table].chips -= self.chips
        state.removed += self.chips
        _unseat(state, player)
        player.status = "disqualified"
        player.chips = 0
        player.place, player.prize, player.out_at = None, None, at
        state.rulings.append(
            Ruling(
                id=len(state.rulings) + 1,
                at=at,
                kind="sanction",
                table=player.table,
                players=[player.name],
                articles=["VI.2"],
                text=self.reason,
                director=state.settings.director,
                sanction="disqualify",
            )
        )
        _settle_finish(state)


class Disqualify(Command):
    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "VI.2"
    name: str
    reason: str
    chips: int | None = Field(None, ge=0)

    def describe(self) -> str:
        return f"disqualified: {self.name.strip()}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not self.reason.strip():
            raise RuleError(
                "a disqualification needs a reason: give --reason TEXT",
                "VII.1",
                it="una squalifica va motivata: indica --reason TESTO",
            )
        if state.phase in ("registration", "finished"):
            raise RuleError(
                "disqualification applies to a seated player in play",
                "VI.2",
                it="si squalifica solo un giocatore seduto e in gioco",
            )
        player = _require_in(state, self.name)
        chips = self.chips if self.chips is not None else player.chips
        if chips is None:
            raise RuleError(
                f"{player.name}'s chips are not counted: give --chips N (they leave play)",
                "VI.2",
                it=f"i gettoni di {player.name} non sono stati contati: indica --chips N "
                "(escono dal gioco)",
            )
        if player.table is not None:
            table = state.tables[player.table]
            if chips > table.chips:
                raise RuleError(
                    f"{chips} chips is more than table {table.number} holds ({table.chips})",
                    "VI.2",
                    it=f"{chips} gettoni sono più del circolante del tavolo {table.number} "
                    f"({table.chips})",
                )
        return [PlayerDisqualified(name=player.name, reason=self.reason.strip(), chips=chips)]


# -- table closing (Art. IV.3-IV.4) ----------------------------------------------------------


class Move(BaseModel):
    name: str
    to_table: int
    to_seat: int
    chips: int | None = None


def _reserved(state: State, except_table: int) -> set[tuple[int, int]]:
    """Seats promised to the movers of other tables' recorded plans."""
    seats: set[tuple[int, int]] = set()
    for table in state.open_tables():
        if table.plan is not None and table.number != except_table:
            seats.update((t, s) for _, t, s in table.plan.moves)
    return seats


def vacant_seats(state: State, table: Table, reserved: set[tuple[int, int]]) -> list[int]:
    limit = state.settings.seating.table_seats
    return [
        s.number
        for s in table.seats[:limit]
        if s.player is None and (table.number, s.number) not in reserved
    ]


def draw_move_plan(state: State, closing: Table, rng: random.Random) -> list[Move]:
    """Art. IV.4: each remaining player drawn to a vacant seat, fewest-players tables first."""
    movers = [p.name for p in state.players_at(closing)]
    rng.shuffle(movers)
    reserved = _reserved(state, closing.number)
    others = [t for t in state.open_tables() if t.number != closing.number]
    free = {t.number: vacant_seats(state, t, reserved) for t in others}
    room = sum(len(v) for v in free.values())
    if room < len(movers):
        raise RuleError(
            f"table {closing.number} has {len(movers)} players but the other tables have only "
            f"{room} vacant seat(s) (table_seats = {state.settings.seating.table_seats}): raise "
            "the limit (`set table_seats=N`) or keep the table open for now",
            "IV.4",
            it=f"al tavolo {closing.number} ci sono {len(movers)} giocatori ma gli altri tavoli "
            f"hanno solo {room} posti liberi (table_seats = "
            f"{state.settings.seating.table_seats}): alza il limite (`set table_seats=N`) o "
            "lascia aperto il tavolo per ora",
        )
    count = {t.number: len(state.players_at(t)) for t in others}
    moves = []
    for name in movers:
        candidates = [t for t in free if free[t]]
        fewest = min(count[t] for t in candidates)
        table = rng.choice([t for t in candidates if count[t] == fewest])
        seat = rng.choice(free[table])
        free[table].remove(seat)
        count[table] += 1
        moves.append(Move(name=name, to_table=table, to_seat=seat))
    return moves


class ClosePlanDrawn(EventBody):
    """The move plan, recorded when drawn: the moves announced are the moves made (IV.4)."""

    type: ClassVar[str] = "close_plan_drawn"
    table: int
    moves: list[Move]
    override: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        state.tables[self.table].plan = MovePlan(
            moves=[(name_key(m.name), m.to_table, m.to_seat) for m in self.moves]
        )


class TableClosed(EventBody):
    """The movers sit at their new seats with their counted chips; the table's C_t goes with
    them, a difference accepted by the Director being a ledger adjustment (IV.4, VII.1)."""

    type: ClassVar[str] = "table_closed"
    table: int
    moves: list[Move]
    adjustment: int = 0
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        closing = state.tables[self.table]
        closing.chips += self.adjustment
        state.adjusted += self.adjustment
        for move in self.moves:
            player = state.players[name_key(move.name)]
            _unseat(state, player)
            target = state.tables[move.to_table]
            target.seat(move.to_seat).player = name_key(move.name)
            player.table, player.seat = move.to_table, move.to_seat
            player.chips = move.chips
            target.chips += move.chips or 0
            closing.chips -= move.chips or 0
        closing.open = False
        closing.plan = None


def _check_closable(state: State, table: Table, override: str | None) -> None:
    if state.phase != "elimination":
        raise RuleError(
            "tables close only during the elimination phase",
            "IV.4",
            it="i tavoli si chiudono solo nella fase eliminatoria",
        )
    if state.final_due:
        raise RuleError(
            "nine or fewer are in: all tables close into the final (`final --count ...`)",
            "IV.4",
            it="sono in gioco nove giocatori o meno: tutti i tavoli confluiscono nel tavolo "
            "finale (`final --count ...`)",
        )
    if not table.open:
        raise RuleError(
            f"table {table.number} is already closed",
            "IV.4",
            it=f"il tavolo {table.number} è già chiuso",
        )
    n = len(state.players_at(table))
    if n > state.settings.seating.close_at and not (override and override.strip()):
        raise RuleError(
            f"table {table.number} still has {n} players: a table closes only when "
            f"{state.settings.seating.close_at} or fewer are left (add --override REASON)",
            "IV.4",
            it=f"al tavolo {table.number} ci sono ancora {n} giocatori: un tavolo si chiude solo "
            f"quando ne restano {state.settings.seating.close_at} o meno (aggiungi --override "
            "MOTIVO)",
        )


def _require_table(state: State, number: int) -> Table:
    table = state.tables.get(number)
    if table is None or table.final:
        numbers = ", ".join(str(t.number) for t in state.open_tables())
        raise RuleError(
            f"there is no table {number}: open tables are {numbers or 'none'}",
            it=f"non esiste il tavolo {number}: tavoli aperti {numbers or 'nessuno'}",
        )
    return table


class ClosePlan(Command):
    """``close TABLE --plan``: draw and record the move plan."""

    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "IV.4"
    table: int
    seed: int | None = None
    override: str | None = None

    def describe(self) -> str:
        return f"move plan for table {self.table}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = _require_table(state, self.table)
        _check_closable(state, table, self.override)
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        moves = draw_move_plan(state, table, rng)
        return [ClosePlanDrawn(table=table.number, moves=moves, override=self.override)]


class CloseTable(Command):
    """``close TABLE --count NAME=N ...``: carry out the recorded plan (drawing one if none)."""

    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "IV.4"
    table: int
    counts: dict[str, int]
    seed: int | None = None
    override: str | None = None

    def describe(self) -> str:
        return f"close table {self.table}"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        table = _require_table(state, self.table)
        _check_closable(state, table, self.override)
        events: list[EventBody] = []
        movers = {name_key(p.name) for p in state.players_at(table)}
        plan = table.plan
        planned = {key for key, _, _ in plan.moves} if plan else set()
        if plan is None or planned != movers or not self._seats_still_free(state, table):
            # No plan yet, or the table changed since it was drawn: draw it now (recorded).
            rng = random.Random(self.seed) if self.seed is not None else ctx.rng
            moves = draw_move_plan(state, table, rng)
            events.append(ClosePlanDrawn(table=table.number, moves=moves))
        else:
            moves = [
                Move(name=state.players[key].name, to_table=t, to_seat=s)
                for key, t, s in plan.moves
            ]
        counts: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = _require_in(state, raw)
            if name_key(player.name) not in movers:
                raise RuleError(
                    f"{player.name} does not sit at table {table.number}",
                    "IV.4",
                    it=f"{player.name} non siede al tavolo {table.number}",
                )
            _check_chip_unit(state, player.name, chips)
            counts[name_key(player.name)] = chips
        missing = [state.players[k].name for k in movers if k not in counts]
        if missing:
            raise RuleError(
                "count every mover's chips: missing "
                + ", ".join(sorted(missing))
                + " (NAME=CHIPS)",
                "IV.4",
                it="conta i gettoni di ogni giocatore da spostare: mancano "
                + ", ".join(sorted(missing))
                + " (NOME=GETTONI)",
            )
        total = sum(counts.values())
        adjustment = total - table.chips
        if adjustment and not (self.override and self.override.strip()):
            raise RuleError(
                f"the counts add up to {total} but table {table.number} has {table.chips} "
                f"chips in circulation ({adjustment:+d}): recount, or accept the difference "
                "with --override REASON",
                "IV.4",
                it=f"i conteggi danno {total} ma il circolante del tavolo {table.number} è "
                f"{table.chips} ({adjustment:+d}): ricontali, oppure accetta la differenza con "
                "--override MOTIVO",
            )
        final_moves = [
            Move(
                name=m.name, to_table=m.to_table, to_seat=m.to_seat, chips=counts[name_key(m.name)]
            )
            for m in moves
        ]
        events.append(
            TableClosed(
                table=table.number,
                moves=final_moves,
                adjustment=adjustment,
                reason=self.override.strip() if self.override else None,
            )
        )
        return events

    @staticmethod
    def _seats_still_free(state: State, table: Table) -> bool:
        assert table.plan is not None
        return all(
            state.tables[t].open and state.tables[t].seat(s).player is None
            for _, t, s in table.plan.moves
        )


# -- the final (Art. IV.1-IV.2, IV.5-IV.6, III.4) --------------------------------------------


class FinalDrawn(EventBody):
    """The final table's redraw, the finalists' counts and the III.4 bonus."""

    type: ClassVar[str] = "final_drawn"
    table: Any
    counts: dict[str, int]
    bonus: int
    bonus_players: list[str]
    adjustment: int = 0
    reason: str | None = None

    def apply(self, state: State, at: datetime) -> None:
        from tdconsole.domain.seating import DrawnTable, place_tables

        for table in state.tables.values():
            table.open = False
            table.chips = 0
            table.plan = None
            for seat in table.seats:
                seat.player = None
        drawn = DrawnTable.model_validate(self.table)
        place_tables(state, [drawn])
        final = state.tables[drawn.number]
        for name, chips in self.counts.items():
            state.players[name_key(name)].chips = chips
            final.chips += chips
        for name in self.bonus_players:
            player = state.players[name_key(name)]
            player.bonus = self.bonus
            player.chips = (player.chips or 0) + self.bonus
            final.chips += self.bonus
            state.issued += self.bonus
        state.adjusted += self.adjustment
        state.final_bonus = self.bonus
        state.phase = "final"


class Final(Command):
    director_only: ClassVar[bool] = True
    article: ClassVar[str | None] = "IV.5"
    counts: dict[str, int]
    seed: int | None = None
    override: str | None = None

    def describe(self) -> str:
        return "final table draw"

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        from tdconsole.domain.seating import draw_seats

        if state.phase == "final" or state.phase == "finished":
            raise RuleError(
                "the final is already under way", "IV.5", it="il tavolo finale è già in corso"
            )
        if state.phase != "elimination":
            raise RuleError(
                "the final follows the elimination phase (`start` first)",
                "IV.2",
                it="il tavolo finale segue la fase eliminatoria (prima `start`)",
            )
        seating = state.settings.seating
        if not state.final_due:
            raise RuleError(
                f"{state.in_play} players are still in: the final begins when "
                f"{seating.final_seats} or fewer are left",
                "IV.2",
                it=f"sono ancora in gioco {state.in_play} giocatori: il tavolo finale inizia "
                f"quando ne restano {seating.final_seats} o meno",
            )
        finalists = state.in_players()
        counts: dict[str, int] = {}
        for raw, chips in self.counts.items():
            player = _require_in(state, raw)
            _check_chip_unit(state, player.name, chips)
            counts[player.name] = chips
        missing = [p.name for p in finalists if p.name not in counts]
        if missing:
            raise RuleError(
                "count every finalist's chips: missing " + ", ".join(missing) + " (NAME=CHIPS)",
                "IV.6",
                it="conta i gettoni di ogni finalista: mancano "
                + ", ".join(missing)
                + " (NOME=GETTONI)",
            )
        total = sum(counts.values())
        adjustment = total - state.chips_in_play
        if adjustment and not (self.override and self.override.strip()):
            raise RuleError(
                f"the counts add up to {total} but {state.chips_in_play} chips are in play "
                f"({adjustment:+d}): recount, or accept the difference with --override REASON",
                "IV.6",
                it=f"i conteggi danno {total} ma i gettoni in gioco sono {state.chips_in_play} "
                f"({adjustment:+d}): ricontali, oppure accetta la differenza con --override "
                "MOTIVO",
            )
        stacks = state.settings.stacks
        bonus = round_chips(
            Decimal(total) / len(finalists), stacks.chip_unit, stacks.second_stack_rounding
        )
        rng = random.Random(self.seed) if self.seed is not None else ctx.rng
        number = max(state.tables) + 1
        drawn = draw_seats(
            [p.name for p in finalists],
            [len(finalists)],
            seating.final_seats,
            seating,
            rng,
            final=True,
            first_number=number,
        )[0]
        return [
            FinalDrawn(
                table=drawn.model_dump(mode="json"),
                counts=counts,
                bonus=bonus,
                bonus_players=[p.name for p in finalists if p.second_stack is None],
                adjustment=adjustment,
                reason=self.override.strip() if self.override else None,
            )
        ]
