"""What another terminal records reaches the Director's console as a notification (who, what)
and in the room panel's short activity list."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tdconsole.domain.play import Bust, Count, SecondStack
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.room_summary import RoomSummary

from .conftest import NOW, frozen
from .test_actions import SIZE, text_of


@pytest.fixture
def floor(demo_file: Path) -> Iterator[Tournament]:
    """Bruno's floor terminal on the demo event, beside the Director's console."""
    service = Tournament.open(
        demo_file, clock=frozen, role="floor", actor="Bruno", rng=random.Random(1)
    )
    yield service
    service.close()


async def test_a_floor_elimination_is_notified_and_listed(
    app: ConsoleApp, floor: Tournament
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(notifications(app))
        floor.execute(SecondStack(name="Rossi", stack=0))
        floor.execute(Bust(names=["Moretti"], declined=True))
        app.poll()  # what the App's timer calls: the file changed
        await pilot.pause()
        new = list(notifications(app))[before:]
        said = [(n.title, n.message) for n in new]
        assert ("Da un altro terminale", "Bruno: Rossi: Seconda dote 4\xa0000") in said
        assert ("Da un altro terminale", "Bruno: Moretti: 24°") in said
        panel = text_of(app.screen.query_one(RoomSummary))
        at = f"{NOW.astimezone():%H:%M}"
        assert f"{at} Bruno: Moretti: 24°" in panel
        assert panel.index("Moretti: 24°") < panel.index("Rossi: Seconda dote")  # latest first
        # The Director's own actions are not news to him.
        await pilot.press("u", "enter")
        await pilot.pause()
        app.poll()
        await pilot.pause()
        assert not any(
            n.title == "Da un altro terminale" for n in list(notifications(app))[before + 2 :]
        )


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
            said = [n.message for n in notifications(floor)]
            assert "Direttore: Moretti: 24°" in said
            assert "Direttore: Annullato: eliminazione: Moretti" in said
    finally:
        director.close()


async def test_a_busy_floor_is_one_notice_not_one_per_action(
    app: ConsoleApp, floor: Tournament
) -> None:
    """Many actions of other terminals at one poll (a busy floor, phones counting) are one
    notice saying how many, so the Director's console never drowns in notices; the room panel
    still lists the latest."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = len(notifications(app))
        for n in range(12):
            floor.execute(Count(counts={"Rossi": 4000 + 25 * n}))
        app.poll()
        await pilot.pause()
        new = [(n.title, n.message) for n in list(notifications(app))[before:]]
        assert new == [
            (
                "Da un altro terminale",
                "12 azioni dagli altri terminali: il pannello della sala elenca le ultime",
            )
        ]
        assert "Bruno: " in text_of(app.screen.query_one(RoomSummary))


class Clock:
    """The monotonic clock the App paces its repaints and notices on, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def busy(app: ConsoleApp) -> list[tuple[str, str]]:
    return [(n.title, n.message) for n in notifications(app) if n.title == "Da un altro terminale"]


async def test_a_busy_floor_keeps_one_notice_showing_not_one_a_poll(
    app: ConsoleApp, floor: Tournament
) -> None:
    """Phones counting all the time: while the notice saying how many actions came shows, the
    next ones are counted, not notified (before: a new notice at every poll, twenty on screen
    covering the console and the Director's own notice); once it has gone, the next says how
    many came meanwhile."""
    clock = Clock()
    app.monotonic = clock
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for batch in range(3):
            for n in range(5):
                floor.execute(Count(counts={"Rossi": 4000 + 25 * (batch * 5 + n)}))
            clock.now += 1.0
            app.poll()
            await pilot.pause()
        assert busy(app) == [
            (
                "Da un altro terminale",
                "5 azioni dagli altri terminali: il pannello della sala elenca le ultime",
            )
        ]
        clock.now += 8.0  # that notice has gone (its 8 seconds)
        app.poll()
        await pilot.pause()
        assert busy(app)[-1] == (
            "Da un altro terminale",
            "10 azioni dagli altri terminali: il pannello della sala elenca le ultime",
        )


async def test_a_busy_floor_repaints_the_console_once_a_second(
    app: ConsoleApp, floor: Tournament
) -> None:
    """A poll repaints at once what another terminal recorded; while the floor is busy (more
    than three of its actions at one repaint) at most once a second, the rest at a later poll
    (before: every poll, 0.4 s, repainted every view: the keys waited behind the repaints)."""
    clock = Clock()
    app.monotonic = clock
    repaints: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        views = app.views
        assert views is not None
        paint = views.refresh

        def counted() -> int:
            repaints.append(app.service.state.last_seq if app.service else 0)
            return paint()

        views.refresh = counted  # type: ignore[method-assign]
        for step in range(6):  # 0.4 s apart, 5 counts each
            for n in range(5):
                floor.execute(Count(counts={"Rossi": 4000 + 25 * (step * 5 + n)}))
            app.poll()
            await pilot.pause()
            clock.now += 0.4
        # At 0.0 and 1.2 s: two repaints for six polls; at 2.4 s the rest, all of it.
        assert len(repaints) == 2
        app.poll()
        assert app.service is not None and len(repaints) == 3
        assert repaints[-1] == app.service.state.last_seq
        app.poll()  # nothing new: nothing repainted
        assert len(repaints) == 3
        rossi = app.service.state.find("Rossi")
        assert rossi is not None and rossi.chips == 4000 + 25 * 29


async def test_a_poll_leaves_the_console_under_an_open_dialog(
    app: ConsoleApp, floor: Tournament
) -> None:
    """While the Director is in a dialog, a poll hands the State to the dialog only; the console
    below is repainted when the dialog closes (before: every poll repainted it under the
    dialog, and the dialog's Enter waited behind those repaints)."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        console = app.screen
        assert isinstance(console, ConsoleScreen)
        shown: list[int] = []
        show = console.show_event

        def counted(*args: object) -> None:
            shown.append(1)
            show(*args)  # type: ignore[arg-type]

        console.show_event = counted  # type: ignore[method-assign]
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EliminateDialog)
        opened_on = dialog.roster
        floor.execute(Count(counts={"Rossi": 4500}))
        app.poll()
        await pilot.pause()
        assert shown == []
        assert dialog.roster is not opened_on  # the dialog reads the players as they are now
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        assert app.screen is console and shown
        assert console.shown is not None
        moretti, rossi = console.shown.event.player("Moretti"), console.shown.event.player("Rossi")
        assert moretti is not None and moretti.status == "out"
        assert rossi is not None and rossi.chips == 4500


async def test_the_directors_action_from_a_phone_is_news_named_from_its_fields(
    app: ConsoleApp, demo_file: Path
) -> None:
    phone = Tournament.open(
        demo_file, clock=frozen, role="director", via="Anna", rng=random.Random(1)
    )
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            before = len(notifications(app))
            phone.execute(Bust(names=["Moretti"], declined=True))
            app.poll()
            await pilot.pause()
            said = [(n.title, n.message) for n in list(notifications(app))[before:]]
            assert ("Da un altro terminale", "Direttore (tramite Anna): Moretti: 24°") in said
            # ``u`` names whose it is before undoing what this console did not record.
            await pilot.press("u")
            await pilot.pause()
            asked = text_of(app.screen.query_one("#question"))
            assert "Annullare l'azione di Direttore (tramite Anna)," in asked
    finally:
        phone.close()
