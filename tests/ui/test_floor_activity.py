"""What another terminal records reaches the Director's console as a notification (who, what)
and in the room panel's short activity list (issue 15.7)."""

from __future__ import annotations

import random
from pathlib import Path

from tdconsole.domain.play import Bust, Count, SecondStack
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.widgets.room_summary import RoomSummary

from .conftest import NOW, frozen
from .test_actions import SIZE, text_of


async def test_a_floor_elimination_is_notified_and_listed(app: ConsoleApp, demo_file: Path) -> None:
    floor = Tournament.open(
        demo_file, clock=frozen, role="floor", actor="Bruno", rng=random.Random(1)
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = len(app._notifications)
            floor.execute(SecondStack(name="Rossi", stack=0))
            floor.execute(Bust(names=["Moretti"], declined=True))
            app.poll()  # what the App's timer calls: the file changed
            await pilot.pause()
            new = list(app._notifications)[before:]
            said = [(n.title, n.message) for n in new]
            assert ("Da un altro terminale", "Bruno: Rossi: Seconda dote 4\xa0000") in said
            assert ("Da un altro terminale", "Bruno: Moretti: 24°") in said
            panel = text_of(app.screen.query_one(RoomSummary))
            at = f"{NOW.astimezone():%H:%M}"
            assert f"{at} Bruno: Moretti: 24°" in panel
            assert panel.index("Moretti: 24°") < panel.index("Rossi: Seconda dote")  # latest first
            # The Director's own actions are not news to him.
            await pilot.press("u")
            await pilot.pause()
            app.poll()
            await pilot.pause()
            assert not any(
                n.title == "Da un altro terminale" for n in list(app._notifications)[before + 2 :]
            )
    finally:
        floor.close()


async def test_the_floor_hears_of_the_directors_undo(make_app: object, demo_file: Path) -> None:
    director = Tournament.open(demo_file, clock=frozen, rng=random.Random(1))
    assert callable(make_app)
    floor: ConsoleApp = make_app("floor", actor="Bruno")
    try:
        async with floor.run_test(size=SIZE) as pilot:
            await pilot.pause()
            director.execute(Bust(names=["Moretti"], declined=True))
            director.undo()
            floor.poll()
            await pilot.pause()
            said = [n.message for n in floor._notifications]
            assert "Direttore: Moretti: 24°" in said
            assert "Direttore: Annullato: eliminazione: Moretti" in said
    finally:
        director.close()


async def test_a_busy_floor_is_one_notice_not_one_per_action(
    app: ConsoleApp, demo_file: Path
) -> None:
    """Many actions of other terminals at one poll (a busy floor, phones counting) are one
    notice saying how many, so the Director's console never drowns in notices; the room panel
    still lists the latest."""
    floor = Tournament.open(
        demo_file, clock=frozen, role="floor", actor="Bruno", rng=random.Random(1)
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = len(app._notifications)
            for n in range(12):
                floor.execute(Count(counts={"Rossi": 4000 + 25 * n}))
            app.poll()
            await pilot.pause()
            new = [(n.title, n.message) for n in list(app._notifications)[before:]]
            assert new == [
                (
                    "Da un altro terminale",
                    "12 azioni dagli altri terminali: il pannello della sala elenca le ultime",
                )
            ]
            assert "Bruno: " in text_of(app.screen.query_one(RoomSummary))
    finally:
        floor.close()
