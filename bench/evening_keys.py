"""An evening driven through the console's keys alone, every key counted by phase and kind:
the driver that ``bench/evening.py`` and ``tests/ui/test_evening_by_keys.py`` share.

Each key is pressed once the console is at rest after the one before (its messages processed,
its workers done), through Textual's pilot; the event is read to check that each step did
what it was meant to, and never acted on but through keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tdconsole.domain.slices.final import finalists as in_seat_order
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import State
from tdconsole.season.editing import add_events, create_season
from tdconsole.service import Tournament
from tdconsole.store.paths import events_dir
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.register import Known

CLEAR = ("end", "ctrl+u")
"""A field's text taken away: the cursor to its end, then everything before it."""

PHASES = ("registration", "payments", "draw", "play", "closing", "final", "prizes")
KINDS = ("names", "numbers", "words", "commands", "confirmations", "navigation", "clearing")
"""Where a key goes: a name's letters (and the commas between names), a count's digits, a
reason's words, the key of an action, the Enter (or ``ctrl+s``, ``ctrl+o``) that records, a
move between tabs, rows and fields, and a field's old text taken away."""


class EveningWentWrong(RuntimeError):
    """A step's keys did not do what the script meant: the count would say nothing."""


class Enough(Exception):
    """The evening reached the phase it was to stop at (``Evening.until``)."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise EveningWentWrong(what)


async def at_rest(pilot: Pilot[Any]) -> None:
    """The console at rest: its workers done (the draw, a receipt written, the event opened),
    no message waiting in the app or any widget of its screens, the screen painted."""
    app = pilot.app
    while True:
        await pilot.pause(0)
        if not app.is_running:
            return
        if app.workers:
            await asyncio.gather(*(w.wait() for w in list(app.workers)), return_exceptions=True)
            continue
        nodes = [app, *(n for s in app.screen_stack for n in s.walk_children(with_self=True))]
        if not any(node.message_queue_size for node in nodes):
            return


class Keys:
    """Presses keys through the pilot, counting each one under the phase and its kind."""

    def __init__(self, pilot: Pilot[Any], until: str = "") -> None:
        self.pilot = pilot
        self.phase = PHASES[0]
        self.until = until
        self.counted: Counter[tuple[str, str]] = Counter()

    @property
    def count(self) -> int:
        return sum(self.counted.values())

    async def press(self, kind: str, keys: tuple[str, ...] | str) -> None:
        if self.phase == self.until:
            raise Enough
        for key in keys:
            self.counted[self.phase, kind] += 1
            await self.pilot.press(key)
            await at_rest(self.pilot)

    async def command(self, *keys: str) -> None:
        await self.press("commands", keys)

    async def confirm(self, *keys: str) -> None:
        await self.press("confirmations", keys)

    async def go(self, *keys: str) -> None:
        await self.press("navigation", keys)

    async def clear(self) -> None:
        await self.press("clearing", CLEAR)

    async def name(self, text: str) -> None:
        await self.press("names", tuple(text))

    async def number(self, value: int | str) -> None:
        await self.press("numbers", tuple(str(value)))

    def by_phase(self) -> dict[str, int]:
        return {p: sum(n for (ph, _k), n in self.counted.items() if ph == p) for p in PHASES}

    def by_kind(self) -> dict[str, int]:
        return {k: sum(n for (_p, kd), n in self.counted.items() if kd == k) for k in KINDS}


@dataclass
class Evening:
    """What the evening does beyond registration, fees, the draw, a closing, the final and
    the winner. ``new_event``: the event made from the start screen under this name (else a
    file beside the test's); ``seating``: tables of min-max and a final of so many, set in
    the settings first (else the regulation's); ``withdraw``: who withdraws after paying."""

    names: list[str]
    new_event: str = ""
    seating: tuple[int, int, int] | None = None
    food: bool = False
    clock: bool = False
    withdraw: str = ""
    dq: bool = False
    hand_over: bool = False
    regulars: bool = False
    """The players known to the club (a season of earlier events in the data folder): each
    registered by the fewest letters naming him and Enter."""
    seed: int = 5
    folder: Path = field(default_factory=Path.cwd)
    until: str = ""
    """The phase the evening stops at, none of its keys pressed (none: played to the end)."""


@dataclass
class Counted:
    players: int
    total: int
    by_phase: dict[str, int]
    by_kind: dict[str, int]


def fewest_letters(name: str, means: Callable[[str], list[str]]) -> str:
    """The fewest first letters of ``name`` that ``means`` reads as him alone (the whole name
    when no fewer do)."""
    typed = name.lower()
    for end in range(1, len(typed)):
        if means(typed[:end]) == [name]:
            return typed[:end]
    return typed


async def bust(press: Keys, state: State, name: str, *, declined: bool) -> None:
    """The eliminate dialog, the fewest letters naming the player typed over the one under the
    seat cursor (selected as the dialog opens: what is typed replaces it)."""
    await press.command("e")
    await press.name(fewest_letters(name, lambda typed: [p.name for p in state.match(typed)]))
    if declined:
        await press.command("ctrl+r")
    await press.confirm("enter")


def season_of_regulars(names: list[str], clock: Callable[[], datetime]) -> None:
    """Two earlier events of ``names`` in the data folder, counted by a season: the players
    the club knows before the evening."""
    earlier = []
    for stem in ("lunedi", "mercoledi"):
        path = events_dir() / f"{stem}.tdc"
        service = Tournament.create(path, stem, load_settings(), clock=clock)
        service.execute(Register(names=names))
        service.close()
        earlier.append(path)
    season, _season = create_season("regulars")
    add_events(season, earlier)


async def play(plan: Evening, clock: Callable[[], datetime]) -> Counted:
    """The evening by keys, from a new event to the winner (and, with ``hand_over``, every
    prize handed over). Returns the keys pressed, by phase and by kind."""
    service: Tournament | None = None
    if plan.regulars:
        season_of_regulars(plan.names, clock)
    if not plan.new_event:
        path = plan.folder / "serata.tdc"
        rng = random.Random(plan.seed)
        service = Tournament.create(path, "Serata", load_settings(), clock=clock, rng=rng)
    app = build_app(service, clock)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await at_rest(pilot)
            press = Keys(pilot, plan.until)
            if plan.new_event:
                # The start screen: the name, Enter; the console opens on the new event.
                await press.name(plan.new_event)
                await press.confirm("enter")
                check(app.service is not None, "the start screen opened no event")
                service = app.service
                assert service is not None
                service.rng = random.Random(plan.seed)  # the same draws on every run
            assert service is not None
            with contextlib.suppress(Enough):
                await evening(press, app, service, plan)
            return Counted(
                len(plan.names) - bool(plan.withdraw),
                press.count,
                press.by_phase(),
                press.by_kind(),
            )
    finally:
        if service is not None:
            service.close()


async def evening(press: Keys, app: ConsoleApp, service: Tournament, plan: Evening) -> None:
    def state() -> State:
        return service.state

    def open_tables() -> list[int]:
        return [n for n, t in state().tables.items() if t.open]

    def last_at(table: int) -> str:
        return state().players_at(state().tables[table])[-1].name

    def fullest() -> int:
        sizes = {n: len(state().players_at(state().tables[n])) for n in open_tables()}
        return max(sizes, key=lambda n: (sizes[n], n))

    if plan.seating is not None:
        # Settings: tables of min-max at the start, a final of so many.
        low, high, final = plan.seating
        await press.command("o")
        await press.go(*["tab"] * 6)
        await press.clear()
        await press.number(low)
        await press.go("tab")
        await press.clear()
        await press.number(high)
        await press.go("tab", "tab")
        await press.clear()
        await press.number(final)
        await press.confirm("ctrl+s")
        seating = state().settings.seating
        check((seating.table_min, seating.table_max, seating.final_seats) == plan.seating, "seats")
    # Registration: the names, a comma between them; or each regular by a few letters.
    await press.command("i")
    if plan.regulars:
        taken: list[str] = []
        for name in plan.names:
            known = Known([n for n in service.known_players() if n not in taken])
            await press.name(fewest_letters(name, known.named))
            await press.confirm("enter")
            taken.append(name)
    else:
        await press.name(", ".join(plan.names))
    await press.confirm("enter")
    registered = sorted(p.name for p in state().players.values())
    check(registered == sorted(plan.names), "registration")
    # Every fee at once (Y, empty: every player not yet paid); the food the same way, ticked.
    press.phase = "payments"
    await press.command("Y")
    await press.confirm("enter")
    check(all(p.paid for p in state().players.values()), "fees")
    if plan.food:
        await press.command("Y")
        await press.go("tab")
        await press.command("space")
        await press.confirm("ctrl+s")
        check(all(p.food_paid for p in state().players.values()), "food")
    if plan.withdraw:
        # A withdrawal after paying, on the players tab, confirmed: the fee refunded.
        await press.go("2", *["down"] * plan.names.index(plan.withdraw))
        await press.command("w")
        await press.confirm("enter")
        withdrawn = state().find(plan.withdraw)
        check(withdrawn is not None and withdrawn.status == "withdrawn", "withdrawal")
        await press.go("1")
    playing = len(plan.names) - bool(plan.withdraw)
    # The draw (the dialog closes once recorded), the start, the clock running.
    press.phase = "draw"
    await press.command("s")
    await press.confirm("enter")
    check(state().phase == "seated", "draw")
    await press.command("g")
    await press.confirm("enter")
    check(state().phase == "elimination", "start")
    if plan.clock:
        await press.command("space")
    # Table 1 down to three players: it closes (Art. IV.4), counts as they stand.
    press.phase = "play"
    while not state().must_close(state().tables[1]):
        await bust(press, state(), last_at(1), declined=True)
    while not state().final_due:
        closing = next((n for n in open_tables() if state().must_close(state().tables[n])), 0)
        if closing:
            await close(press, service, closing)
        else:
            await bust(press, state(), last_at(fullest()), declined=True)
        if plan.dq and not any(p.status == "disqualified" for p in state().players.values()):
            # A disqualification of the player under the cursor: Tab to a reason, Enter.
            await press.command("x")
            await press.go("tab")
            await press.press("words", "cheating")
            await press.confirm("enter")
            check(any(p.status == "disqualified" for p in state().players.values()), "dq")
    # Every finalist counted (IV.5), table by table, seat by seat; then down to the winner.
    press.phase = "final"
    finalists = in_seat_order(state()).players
    rest = sum(p.chips or 0 for p in finalists[1:])
    counts = [state().chips_in_play - rest, *(p.chips or 0 for p in finalists[1:])]
    await press.command("f")
    for number, count in enumerate(counts):
        if number:
            await press.go("tab")
        await press.number(count)
    await press.confirm("ctrl+s")
    check(state().phase == "final", "final table draw")
    while state().in_play > 1:
        await bust(press, state(), last_at(next(iter(open_tables()))), declined=False)
    check(state().phase == "finished", "the winner")
    (winner,) = state().in_players()
    check(winner.chips == state().chips_in_play, "the winner's chips")
    places = sorted(p.place for p in state().players.values() if p.place is not None)
    check(places == list(range(1, playing + 1)), "the places")
    if plan.hand_over:
        # The prizes tab, its cursor on the 1st place: each prize handed over, row by row.
        press.phase = "prizes"
        await press.go("3")
        paid = sorted(p.place for p in state().players.values() if p.prize and p.place is not None)
        for _place in paid:  # after each handover, the cursor on the next prize due
            await press.command("H")
            await press.confirm("enter")
        handed = [p for p in state().players.values() if p.prize and p.handed_over_at]
        check(len(handed) == len(paid), "every prize handed over")


async def close(press: Keys, service: Tournament, number: int) -> None:
    """The closing table's move plan drawn and recorded; every mover counted afresh (IV.4), in
    seat order: the chips of the players out are at the table, the first mover's count takes
    them, the others' are as they stand."""
    press.phase, before = "closing", press.phase
    table = service.state.tables[number]
    movers = service.state.players_at(table)
    rest = sum(p.chips or 0 for p in movers[1:])
    await press.command("c")
    await press.confirm("ctrl+o")
    for i, count in enumerate([table.chips - rest, *(p.chips or 0 for p in movers[1:])]):
        if i:
            await press.go("tab")
        await press.number(count)
    await press.confirm("ctrl+s")
    check(not service.state.tables[number].open, f"table {number} closed")
    press.phase = before
