"""Event files at each stage of the night, for the room's page in a browser (and the bench).

Each is the demo event played on a clock set back from the real one, so that, served now, the
page shows the stage wanted: the clock's times and the moves' times are the real ones the
server reads.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tdconsole.demo import build_demo, demo_in_memory
from tdconsole.domain.play import Bust, CloseTable, Final
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdhelpers.support import terminal

LONG = "Maximilian Alexander von Hohenzollern-Sigmaringen"
"""49 letters, within the 60 a name may have."""
NAMES = (
    LONG, "Zoë Ångström", "Ólafur Ragnarsson", "Δημήτρης Παπαδόπουλος", "Иван Петров",
    "Maximiliane Alexandra von Hohenzollern-Sigmaringen", "Élodie Côté", "李小龍",
    "Zeno", "Oscar", "[red]Bob", "Maximilian Alexander von Hohenzollern-Hechingen",
    "Anna", "Siobhán Ní Bhriain", "Łukasz Żółkiewski", "Ömer Çelik",
    "Friedrich Wilhelm Hohenzollern-Sigmaringen-Vöhringen", "Ángel", "Eva", "Søren",
    "Maximilian Alexander von Hohenzollern-Haigerloch", "Nguyễn Thị Minh Khai", "Bianchi",
    "Karl Anton von Hohenzollern-Sigmaringen-Zollern",
)  # fmt: skip
"""The room's hard night: 24 players (the demo's three tables), long, accented and non-Latin
names, several of 49 letters or more, so that every stage shows some."""

STAGES = (
    "waiting", "seats", "paused", "level", "last_minute", "pending", "break", "moves",
    "final", "winner", "over",
)  # fmt: skip


class Played:
    """A service on the event whose clock the builder moves (``back`` before the real now)."""

    def __init__(
        self, event: Path | Tournament[Any], start: datetime, keep_long: bool = False
    ) -> None:
        """``event``: its file, or a service on it (a terminal of its own is opened)."""
        self.at = start
        self.keep_long = keep_long
        """Eliminate the shortest names first (the longest stay to the end)."""
        kwargs: dict[str, Any] = {"clock": lambda: self.at, "rng": random.Random(7)}
        if isinstance(event, Tournament):
            self.service: Tournament[Any] = terminal(event, **kwargs)
        else:
            self.service = Tournament.open(event, **kwargs)

    def run(self, *commands: object, after: timedelta = timedelta(0)) -> None:
        self.at += after
        for command in commands:
            self.service.execute(command)  # type: ignore[arg-type]

    def bust_at(self, table: int, leave: int) -> None:
        while True:
            players = self.service.state.players_at(self.service.state.tables[table])
            if len(players) <= leave:
                return
            out = min(players, key=lambda p: len(p.name)) if self.keep_long else players[-1]
            self.run(Bust(names=[out.name], declined=True))

    def close_table(self, table: int) -> None:
        self.bust_at(table, 3)
        movers = self.service.state.players_at(self.service.state.tables[table])
        counts = {p.name: 0 for p in movers}
        counts[movers[0].name] = self.service.state.tables[table].chips
        self.run(CloseTable(table=table, counts=counts))

    def final(self) -> None:
        for table in (1, 2, 3):
            self.bust_at(table, 3)
        state = self.service.state
        names = [p.name for p in state.in_players()]
        counts = dict.fromkeys(names, 0)
        counts[names[0]] = state.chips_in_play
        self.run(Final(counts=counts))


def stage_event(
    folder: Path, stage: str, now: datetime | None = None, names: tuple[str, ...] | None = None
) -> Path:
    """An event file in ``folder`` that shows ``stage`` when served at ``now`` (the real time),
    its players ``names`` (None: short names; the demo's in play)."""
    path = folder / f"{stage}.tdc"
    staged(stage, now, names, path).close()
    return path


def staged(
    stage: str,
    now: datetime | None = None,
    names: tuple[str, ...] | None = None,
    path: Path | None = None,
) -> Tournament[Any]:
    """A service on the event that shows ``stage`` at ``now`` (``stage_event``): its file at
    ``path``, or in memory (None)."""
    now = now or datetime.now(UTC)
    if stage in ("waiting", "seats"):
        service: Tournament[Any] = (
            Tournament.in_memory("Torneo di Natale", load_settings())
            if path is None
            else Tournament.create(path, "Torneo di Natale", load_settings())
        )
        names = names or ("Rossi", "Bianchi", "Zoë Ångström", "[red]Bob", "Verdi", "Neri",
                          "Gallo", "Conti", "Marino", "Greco", "Bruno", "Costa", "Fontana",
                          "Rizzo")  # fmt: skip
        service.execute(Register(names=list(names)))
        service.execute(Pay(names=list(names)))
        if stage == "seats":
            service.execute(Draw(seed=3))
        return service
    start = now - timedelta(hours=2)
    players = {"players": names} if names else {}
    event: Path | Tournament[Any] = (
        demo_in_memory(now=start, **players)
        if path is None
        else build_demo(path, now=start, **players)
    )
    night = Played(event, start, keep_long=bool(names))
    try:
        if stage == "paused":
            return night.service
        if stage == "break":
            night.run(EditLevel(level=1, break_minutes=10))
        clock_back = {
            "level": timedelta(minutes=5),
            "last_minute": timedelta(minutes=39, seconds=20),
            "pending": timedelta(minutes=42, seconds=22),
            "break": timedelta(minutes=44),
            "moves": timedelta(minutes=12),
            "final": timedelta(minutes=15),
            "heads_up": timedelta(minutes=15),
            "winner": timedelta(minutes=40),
            "over": timedelta(minutes=90),
        }[stage]
        night.at = now - clock_back
        night.run(ClockControl(action="start"))
        if stage == "break":
            night.run(ClockControl(action="announce"), after=timedelta(minutes=40, seconds=30))
        elif stage == "moves":
            night.at = now - timedelta(minutes=1)
            night.close_table(1)
        elif stage == "final":
            night.final()
        elif stage == "heads_up":
            night.final()
            night.at = now - timedelta(minutes=6)
            while night.service.state.in_play > 2:
                out = min(night.service.state.in_players(), key=lambda p: len(p.name))
                night.run(Bust(names=[out.name], declined=True))
        elif stage in ("winner", "over"):
            night.final()
            night.at = now - (timedelta(minutes=2) if stage == "winner" else timedelta(minutes=30))
            playing = night.service.state.in_players()
            # (with names given, the 49 letters win if still in play, else the longest name)
            longest = max(playing, key=lambda p: (p.name == LONG, len(p.name)))
            kept = longest.name if names else playing[0].name
            while night.service.state.in_play > 1:
                last = [p for p in night.service.state.in_players() if p.name != kept][-1].name
                night.run(Bust(names=[last], declined=True))
        return night.service
    except BaseException:
        night.service.close()
        raise
