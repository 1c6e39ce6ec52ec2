"""Events as ``tdconsole state --json`` prints them, for the reports' tests and bench.

Three moments of a 24-player event of the Ordine (fee 70 scudi, pool 1680):
- ``seated_event``: just drawn onto 4 tables of 6 (``draw --tables 4``): all four suits, the
  payouts announced before the start (V.1), nobody's chips counted yet.
- ``event_in_progress``: elimination phase, 3 tables of 8 at the draw; 15 in play, second stacks
  taken, two players out in one hand with equal stacks (a tie at 22), one disqualified, table 3
  down to 3 players with its move plan drawn (IV.4), rulings and sanctions.
- ``finished_event``: the final is over: places 1-23, a tie at places 4-5 sharing the pooled
  prizes of 4th and 5th (126 + 126), one disqualified (no place, no prize), all 1680 paid.
"""

from __future__ import annotations

import copy
from typing import Any

NAMES = [
    "Łukasz Wróbel",
    "Zoë Ferrante",
    "Σπύρος Ωραιόπουλος",
    "[bold]Zoë Łukasz-Ångström",
    "Niccolò Bàrberi",
    "Amélie Durand",
    "José Núñez",
    "Søren Kierkegård",
    "Chiara De Angelis",
    "Giovanni Rossi",
    "Maria Antonietta Fiorenza Sanseverino di Bisignano",
    "Dmitrij Šostakovič",
    "Françoise Noël",
    "Björn Ólafsson",
    "Paolo Esposito",
    "Ilaria Conti",
    "Marco Bianchi",
    "Giulia Ricci",
    "Luca Marino",
    "Francesca Greco",
    "Andrea Bruno",
    "Elena Gallo",
    "Matteo Costa",
    "Sofia Fontana",
]
DIRECTOR = "Giacomo Vitale"
SUITS = "♥♦♣♠"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5"]
STACK = 10_000
POOL = 1680
SHARES = [(1, 45, 756), (2, 25, 420), (3, 15, 252), (4, 10, 168), (5, 5, 84)]


def _card(table: int, seat: int) -> str:
    return f"{RANKS[seat - 1]}{SUITS[(table - 1) % 4]}"


def _player(name: str, **fields: Any) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": name,
        "status": "in",
        "paid": True,
        "food_paid": True,
        "table": None,
        "seat": None,
        "card": None,
        "chips": None,
        "second_stack": None,
        "bonus": None,
        "place": None,
        "tied": False,
        "prize": None,
        "out_at": None,
    }
    player.update(fields)
    return player


def _table(number: int, seats: int, occupants: dict[int, str], **fields: Any) -> dict[str, Any]:
    table: dict[str, Any] = {
        "number": number,
        "suit": SUITS[(number - 1) % 4],
        "final": False,
        "open": True,
        "players_in": len(occupants),
        "chips": None,
        "second_stack_now": None,
        "must_close": False,
        "button": 1,
        "seats": [
            {"seat": s, "card": _card(number, s), "player": occupants.get(s)}
            for s in range(1, seats + 1)
        ],
        "plan": None,
    }
    table.update(fields)
    return table


def _clock(level: int, bb: int) -> dict[str, Any]:
    return {
        "level": level,
        "small_blind": bb // 2,
        "big_blind": bb,
        "ante": 0,
        "running": True,
        "remaining_seconds": 734,
        "pending_announcement": False,
        "overtime_seconds": 0,
        "next": {"small_blind": bb, "big_blind": 2 * bb, "ante": 0},
        "level_ends_at": "2026-03-14T22:12:14+01:00",
    }


def _payouts(players: dict[int, str | None]) -> list[dict[str, Any]]:
    return [
        {"place": place, "percent": pct, "amount": str(amount), "player": players.get(place)}
        for place, pct, amount in SHARES
    ]


def _base(phase: str) -> dict[str, Any]:
    return {
        "name": "Torneo d'Autunno dell'Ordine — Ω edition",
        "date": "2026-03-14",
        "phase": phase,
        "currency": "scudi",
        "language": "it",
        "director": DIRECTOR,
        "entrants": 24,
        "prize_pool": str(POOL),
        "final_due": False,
        "final_bonus": None,
        "rulings": [],
    }


def _rulings(dq: str) -> list[dict[str, Any]]:
    return [
        {
            "id": 1,
            "at": "2026-03-14T20:41:00+01:00",
            "kind": "ruling",
            "table": 2,
            "players": ["Zoë Ferrante", "Σπύρος Ωραιόπουλος"],
            "articles": ["7.7", "7.8"],
            "text": "Two all-ins of different size: the side pot is decided and paid first, then "
            "the main pot. Ωραιόπουλος wins the side pot with A♠ K♠; the main pot is split.",
            "director": DIRECTOR,
            "sanction": None,
            "orbits": None,
            "served": None,
        },
        {
            "id": 2,
            "at": "2026-03-14T20:58:00+01:00",
            "kind": "sanction",
            "table": 1,
            "players": ["[bold]Zoë Łukasz-Ångström"],
            "articles": ["VI.2"],
            "text": "Showed a card to a neighbour during the hand <b>(VI.4)</b>.",
            "director": DIRECTOR,
            "sanction": "warning",
            "orbits": None,
            "served": None,
        },
        {
            "id": 3,
            "at": "2026-03-14T21:20:00+01:00",
            "kind": "sanction",
            "table": 3,
            "players": ["Søren Kierkegård"],
            "articles": ["VI.2", "6.8"],
            "text": "Repeated string bets after a warning: suspended for two orbits.",
            "director": DIRECTOR,
            "sanction": "suspend",
            "orbits": 2,
            "served": False,
        },
        {
            "id": 4,
            "at": "2026-03-14T21:34:00+01:00",
            "kind": "sanction",
            "table": 2,
            "players": [dq],
            "articles": ["VI.2"],
            "text": "Chips passed to another player: disqualified, his chips leave play.",
            "director": DIRECTOR,
            "sanction": "disqualify",
            "orbits": None,
            "served": None,
        },
        {
            "id": 5,
            "at": "2026-03-14T21:50:00+01:00",
            "kind": "ruling",
            "table": None,
            "players": [],
            "articles": ["III.5"],
            "text": "Level 4 announced two minutes late because of the break: two minutes added "
            "to the clock for every table.",
            "director": DIRECTOR,
            "sanction": None,
            "orbits": None,
            "served": None,
        },
    ]


def seated_event() -> dict[str, Any]:
    """24 paid players drawn onto 4 tables of 6; clock not started; payouts announced."""
    state = _base("seated")
    players = []
    tables = []
    for t in range(1, 5):
        occupants = {}
        for s in range(1, 7):
            name = NAMES[(t - 1) * 6 + s - 1]
            occupants[s] = name
            players.append(_player(name, table=t, seat=s, card=_card(t, s)))
        tables.append(_table(t, 6, occupants))
    players.append(_player("Alessio Neri", status="waitlisted", paid=False, food_paid=False))
    state.update(
        in_play=24,
        chips_in_play=0,
        average_stack=0,
        players=players,
        tables=tables,
        payouts=_payouts({}),
        clock=_clock(1, 250) | {"running": False, "level_ends_at": None},
    )
    return state


def event_in_progress() -> dict[str, Any]:
    state = _base("elimination")
    dq = "Dmitrij Šostakovič"
    # Who is still in, where, with how many chips and which second stack (III.2-III.3).
    seats_in = {
        1: {
            1: ("Łukasz Wróbel", 21_450, None),
            2: ("Zoë Ferrante", 8_250, 11_500),
            4: ("[bold]Zoë Łukasz-Ångström", 15_000, None),
            5: ("Niccolò Bàrberi", 12_300, None),
            7: ("Amélie Durand", 30_775, 12_000),
            8: ("José Núñez", 4_725, None),
        },
        2: {
            1: ("Σπύρος Ωραιόπουλος", 41_200, None),
            3: ("Chiara De Angelis", 9_800, 13_000),
            4: ("Giovanni Rossi", 16_100, None),
            5: ("Maria Antonietta Fiorenza Sanseverino di Bisignano", 7_650, 12_500),
            6: ("Françoise Noël", 11_875, None),
            8: ("Björn Ólafsson", 13_125, None),
        },
        3: {
            2: ("Søren Kierkegård", 28_900, 14_500),
            5: ("Paolo Esposito", 6_400, None),
            7: ("Ilaria Conti", 19_700, None),
        },
    }
    out = [  # (name, table, place, tied, out_at)
        ("Marco Bianchi", 3, 22, True, "2026-03-14T20:30:00+01:00"),
        ("Giulia Ricci", 3, 22, True, "2026-03-14T20:30:00+01:00"),
        ("Luca Marino", 1, 21, False, "2026-03-14T20:52:00+01:00"),
        ("Francesca Greco", 3, 20, False, "2026-03-14T21:05:00+01:00"),
        ("Andrea Bruno", 2, 19, False, "2026-03-14T21:12:00+01:00"),
        ("Elena Gallo", 3, 18, False, "2026-03-14T21:40:00+01:00"),
        ("Matteo Costa", 1, 17, False, "2026-03-14T21:55:00+01:00"),
        ("Sofia Fontana", 2, 16, False, "2026-03-14T22:01:00+01:00"),
    ]
    players = []
    for t, seats in seats_in.items():
        for s, (name, chips, second) in seats.items():
            players.append(
                _player(name, table=t, seat=s, card=_card(t, s), chips=chips, second_stack=second)
            )
    for name, _t, place, tied, at in out:
        players.append(_player(name, status="out", place=place, tied=tied, out_at=at))
    players.append(_player(dq, status="disqualified", out_at="2026-03-14T21:34:00+01:00"))
    players.append(_player("Alessio Neri", status="withdrawn", paid=False, food_paid=False))
    for p in players:  # the suspension of ruling 3, not yet served (VI.2)
        if p["name"] == "Søren Kierkegård":
            p["suspended_orbits"] = 2
    tables = []
    for t, seats in seats_in.items():
        chips = sum(c for _, c, _ in seats.values())
        tables.append(
            _table(
                t,
                10,
                {s: name for s, (name, _, _) in seats.items()},
                chips=chips,
                second_stack_now=round(chips / len(seats) / 25) * 25,
                button={1: 4, 2: 6, 3: 2}[t],
            )
        )
    tables[2]["must_close"] = True
    tables[2]["plan"] = {
        "moves": [
            {
                "player": "Søren Kierkegård",
                "from_table": 3,
                "from_seat": 2,
                "to_table": 1,
                "to_seat": 9,
                "card": "6♥",
            },
            {
                "player": "Paolo Esposito",
                "from_table": 3,
                "from_seat": 5,
                "to_table": 2,
                "to_seat": 2,
                "card": "K♦",
            },
            {
                "player": "Ilaria Conti",
                "from_table": 3,
                "from_seat": 7,
                "to_table": 1,
                "to_seat": 3,
                "card": "Q♥",
            },
        ]
    }
    in_players = [p for p in players if p["status"] == "in"]
    chips_in_play = sum(p["chips"] for p in in_players)
    state.update(
        in_play=len(in_players),
        chips_in_play=chips_in_play,
        average_stack=round(chips_in_play / len(in_players)),
        players=players,
        tables=tables,
        payouts=_payouts({}),
        clock=_clock(4, 2_000),
        rulings=_rulings(dq)[:4],
    )
    return state


def finished_event() -> dict[str, Any]:
    state = _base("finished")
    dq = "Dmitrij Šostakovič"
    order = [n for n in NAMES if n != dq]  # 23 placed players, listed best first
    places = {name: i + 1 for i, name in enumerate(order)}
    # 4th and 5th went out in the same hand with equal stacks: both show 4, prizes pooled.
    tied = {order[3], order[4]}
    places[order[4]] = 4
    prizes = {order[0]: "756", order[1]: "420", order[2]: "252", order[3]: "126", order[4]: "126"}
    seconds = {order[5]: 12_500, order[8]: 11_000, order[12]: 13_250, order[17]: 10_500}
    finalists = order[:9]
    final_bonus = 48_325
    players = []
    for name in order:
        place = places[name]
        winner = place == 1
        players.append(
            _player(
                name,
                status="in" if winner else "out",
                table=1 if winner else None,
                seat=4 if winner else None,
                card="J♥" if winner else None,
                place=place,
                tied=name in tied,
                prize=prizes.get(name),
                second_stack=seconds.get(name),
                bonus=final_bonus if name in finalists and name not in seconds else None,
                out_at=None if winner else f"2026-03-15T0{min(place, 9) // 3}:{place:02d}:00+01:00",
            )
        )
    players.append(_player(dq, status="disqualified", out_at="2026-03-14T21:34:00+01:00"))
    issued = (
        24 * STACK
        + sum(seconds.values())
        + final_bonus * sum(1 for n in finalists if n not in seconds)
    )
    chips_in_play = issued - 9_150  # the disqualified player's chips left play (VI.2)
    players[0]["chips"] = chips_in_play
    tables = [
        _table(1, 9, {4: order[0]}, final=True, chips=chips_in_play, button=4),
        _table(2, 10, {}, open=False, players_in=0),
        _table(3, 10, {}, open=False, players_in=0),
    ]
    state.update(
        in_play=1,
        chips_in_play=chips_in_play,
        average_stack=chips_in_play,
        final_bonus=final_bonus,
        players=players,
        tables=tables,
        payouts=_payouts({1: order[0], 2: order[1], 3: order[2], 4: order[3], 5: order[4]}),
        clock=_clock(9, 32_000) | {"running": False},
        rulings=_rulings(dq),
    )
    return state


def registration_event() -> dict[str, Any]:
    """Before the draw: 25 registered (the last on the waiting list), some still to pay."""
    state = _base("registration")
    players = [_player(n, status="registered", paid=i % 5 != 4) for i, n in enumerate(NAMES)]
    players.append(_player("Alessio Neri", status="waitlisted", paid=False, food_paid=False))
    state.update(
        entrants=sum(1 for p in players if p["paid"]),
        prize_pool=str(70 * sum(1 for p in players if p["paid"])),
        in_play=0,
        chips_in_play=0,
        average_stack=0,
        players=players,
        tables=[],
        payouts=[],
        clock=None,
    )
    return state


def english(state: dict[str, Any]) -> dict[str, Any]:
    copied = copy.deepcopy(state)
    copied["language"] = "en"
    return copied


FIXTURES = {
    "registration": registration_event,
    "seated": seated_event,
    "in_progress": event_in_progress,
    "finished": finished_event,
}
