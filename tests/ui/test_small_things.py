"""The small things that cost the Director time."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import DataTable

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.registration import Pay, Register
from tdconsole.domain.seating import Draw
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.standings_view import StandingsView
from tdconsole.ui.widgets.tables_view import TablesView

from .conftest import frozen, settle

PLAYERS = ["Ada Rossi", "Bea Romano", "Cid", "Dan", "Eva", "Fil"]


def new_event(path: Path, *, paid: bool = True, started: bool = True) -> Tournament:
    service = Tournament.create(path, "e", load_settings(), clock=frozen, rng=random.Random(1))
    service.execute(Register(names=PLAYERS))
    if paid:
        service.execute(Pay(names=PLAYERS))
    if started:
        service.execute(Draw(seed=1))
        service.execute(Start(stack=4000, big_blind=100))
    return service


async def test_several_players_pay_at_once(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc", paid=False, started=False)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("Y", *"cid, dan", "enter")
            assert [p.name for p in service.state.players.values() if p.paid] == ["Cid", "Dan"]
            await pilot.press("Y")  # left empty: every player not yet paid, said first
            note = str(app.screen.query_one("#dialog-note").render())
            assert "4 players to mark paid: Ada Rossi, Bea Romano, Eva, Fil" in note
            await pilot.press("enter")
            assert all(p.paid for p in service.state.players.values())
    finally:
        service.close()


async def test_the_seat_draw_closes_once_recorded(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc", started=False)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("s", "enter")
            assert service.state.phase == "seated"
            assert app.screen.query(TablesView)  # back on the console: no Cancel to wonder about
    finally:
        service.close()


async def test_standings_winner_ordinals_and_typed_names(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc")
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            # Players still in play are not numbered like places.
            await pilot.press("4")
            table = app.screen.query_one(StandingsView)
            assert [str(table.get_row_at(i)[0]) for i in range(len(PLAYERS))] == [""] * 6
            # A bust of two typed as people type: the log keeps the registered names.
            await pilot.press("1", "e", "end", "ctrl+u", *"rossi", "tab", *"100")
            await pilot.press("ctrl+n", *"romano", "tab", *"200", "ctrl+s")
            from tdconsole.domain.events import CommandNoted

            noted = [r.body for r in service.log() if isinstance(r.body, CommandNoted)]
            assert noted[-1].summary == "eliminated: Ada Rossi, Bea Romano"
            # English ordinals in the notice.
            messages = [n.message for n in notifications(app)]
            assert any("Bea Romano: 5th" in m and "Ada Rossi: 6th" in m for m in messages)
            for name in ("Cid", "Dan", "Eva"):
                service.execute(Bust(names=[name], declined=True))
            app.refresh_views()
            await settle(pilot)
            await pilot.press("2")
            players = app.screen.query_one("#player-table", DataTable)
            assert str(players.get_row("Fil")[1]) == "winner"
            await pilot.press("4")
            assert str(table.get_row("Fil")[2]) == "winner"
            assert str(table.get_row("Fil")[0]) == "1"
    finally:
        service.close()


async def test_a_notice_never_splits_a_number(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.notify("Counted: Moretti 12 000, Rossi 5 000")
        await settle(pilot)
        assert list(notifications(app))[-1].message == "Counted: Moretti 12\xa0000, Rossi 5\xa0000"


async def test_the_showdown_form_loads_its_evaluator_off_the_ui_thread(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first keystroke that completes a board must not import pokerkit on the UI thread
    (bench/calculator.py): the form loads it in a worker as it opens."""
    import threading

    from tdconsole.ui.calculators import showdown

    threads: list[str] = []
    monkeypatch.setattr(
        showdown, "load_evaluator", lambda: threads.append(threading.current_thread().name)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f6")
        assert threads and threads != [threading.main_thread().name]


def test_the_clock_panel_says_every_prompt_in_one_line() -> None:
    """The clock panel's line holds 38 columns: its prompts fit whole."""
    from dataclasses import replace
    from datetime import timedelta

    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.ui.clock_words import director_words
    from tdconsole.ui.i18n import Translator

    status = ClockStatus(
        index=3, level=12, small_blind=1000, big_blind=2000, ante=0, is_break=True,
        minutes=10, running=True, remaining=timedelta(0), overtime=timedelta(0),
        pending_announcement=True, next=None, next_is_break=False, level_ends_at=None,
    )  # fmt: skip
    for lang in ("en", "it"):
        tr = Translator(lang)  # type: ignore[arg-type]
        for shown in (status, replace(status, is_break=False), replace(status, next_is_break=True)):
            said = director_words(shown, tr)
            assert len(said) <= 38, said


def test_the_console_says_when_the_computer_clock_moved_back() -> None:
    """A wall clock moved back is noticed and said to the Director (the time left is
    held at what it was); floor terminals keep their own line."""
    from datetime import timedelta

    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.ui.clock_words import director_words
    from tdconsole.ui.i18n import Translator

    status = ClockStatus(
        index=0, level=1, small_blind=50, big_blind=100, ante=0, is_break=False,
        minutes=40, running=True, remaining=timedelta(minutes=40), overtime=timedelta(0),
        pending_announcement=False, next=None, next_is_break=False, level_ends_at=None,
        wall_clock_behind=timedelta(minutes=61, seconds=5),
    )  # fmt: skip
    for lang, said in (("en", "Computer clock back 61:05"), ("it", "PC indietro di 61:05")):
        words = director_words(status, Translator(lang))  # type: ignore[arg-type]
        assert words.startswith(said) and len(words) <= 38, words
    assert director_words(status, Translator("en"), director=False) == "RUNNING"
