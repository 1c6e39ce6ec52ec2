"""The calculators as forms in the rulebook tab, and citing an article in the rulings log."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.calculators.base import CalcForm
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import opened_by, pressed, settle
from .test_actions import SIZE, messages, svc, text_of


def result_of(app: ConsoleApp) -> str:
    return text_of(app.screen.query_one("#calc-result"))


async def test_side_pots_form(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "f2")
        await pilot.pause()
        assert isinstance(app.screen, CalcForm)
        assert "Da compilare" in result_of(app)
        await pilot.press(*"1:Ada=100 2:Bea=300 3:Cid=500 4:Dan=500", "enter")
        await pilot.press("enter", *"Ada Bea Cid Dan", "enter", *"4")
        await pilot.pause()
        shown = result_of(app)
        assert "principale" in shown and "400" in shown and "Ada 400" in shown
        assert "sovraresto 2" in shown and "Cid 400" in shown
        assert "Art. 7.7, 7.8, 1.3" in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, CalcForm)


async def test_chips_form_in_english(make_app: object) -> None:
    app: ConsoleApp = make_app(lang="en")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "f3")
        # the big blind of the level now is the minimum raise already
        assert app.screen.query_one("#bb", Input).value == "100"
        await pilot.press(*"400", "enter", *"450")
        await pilot.pause()
        shown = result_of(app)
        assert "CALL (6.8-C)" in shown and "50 back to the player" in shown
        assert "Art. 6.8-C, 7.3" in shown
        await pilot.press("end", "ctrl+u", *"500")  # one big blind over: a full raise
        await pilot.pause()
        assert "RAISE (6.8-A)" in result_of(app)


async def test_raise_button_showdown_clock(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4", "enter", "enter", *"150")
        await pilot.pause()
        shown = result_of(app)
        assert "Minimo: a 200" in shown and "non valido: da completare a 200" in shown
        await pilot.press("escape", "f5")
        await pilot.pause()
        # the table under the cursor: its seats and its button
        assert app.screen.query_one("#seats", Input).value.startswith("1,2,3")
        await pilot.press("end", "ctrl+u", *"1,2,3,4,5,6", "enter")
        await pilot.press("end", "ctrl+u", "1", "enter", "3")
        await pilot.pause()
        shown = result_of(app)
        assert "mano 1: bottone 2" in shown and "Art. 2.4" in shown
        await pilot.press("escape", "f6", *"Ada=AsKd Bea=AcQh", "enter", *"Ah9c7d4s2h")
        await pilot.pause()
        shown = result_of(app)
        assert "vince Ada" in shown and "Art. 1.1, 1.2, 1.3" in shown
        await pilot.press("escape", "f7", "end", "ctrl+u", *"45", "enter")
        await pilot.press("end", "ctrl+u", *"50")
        await pilot.pause()
        assert "Conto alla rovescia: 5 s" in result_of(app)
        await pilot.press("end", "ctrl+u", *"20")
        await pilot.press("shift+tab", "end", "ctrl+u", *"90")
        await pilot.pause()
        assert "da 30 a 60 secondi" in result_of(app)


async def test_showdown_italiana(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f6", *"Ada=7c7d7s8c8d Bea=AhKhQhJh9h", "tab", "tab")
        await pilot.press("down", "enter")  # the second mode: Poker all'Italiana
        await pilot.pause()
        shown = result_of(app)
        assert "vince Bea" in shown and "9.1" in shown


async def test_cite_in_log_from_the_article(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "slash", *"7.7")
        await settle(pilot)  # the rule search runs in a worker
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.query_one("#articles", Input).value == "7.7"
        await pilot.press("tab", "tab", "tab", *"Piatto laterale a Bea", "enter")
        await pilot.pause()
        ruling = svc(app).state.rulings[-1]
        assert ruling.articles == ["7.7"] and ruling.text == "Piatto laterale a Bea"


async def test_cite_a_calculation(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f6", *"Ada=AsKd Bea=AcQh", "enter", *"Ah9c7d4s2h", "ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.query_one("#articles", Input).value == "1.1, 1.2, 1.3"
        assert app.screen.query_one("#text", Input).value == "vince Ada"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert svc(app).state.rulings[-1].articles == ["1.1", "1.2", "1.3"]
        assert any("u per annullare" in m for m in messages(app))


async def test_floor_calculates_but_does_not_cite(make_app: object) -> None:
    app: ConsoleApp = make_app("floor", actor="Bruno")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "f7", CalcForm)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert not isinstance(app.screen, SliceDialog)
        assert any("Solo il Direttore" in m for m in messages(app))


async def test_a_superscript_or_5000_digits_in_a_calculator_field_is_refused_in_place(
    make_app: object,
) -> None:
    """``²`` is a key on AZERTY keyboards and a digit to Python: the chips form says
    the field is not a whole number, and the console lives on."""
    app: ConsoleApp = make_app(lang="en")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "f3")
        await pilot.press(*"400", "enter", "²")
        await pilot.pause()
        assert isinstance(app.screen, CalcForm)
        assert "not a whole number" in result_of(app)
        focused = app.screen.focused
        assert isinstance(focused, Input)
        focused.value = "9" * 5000
        await pilot.pause()
        assert isinstance(app.screen, CalcForm)
        assert "too long" in result_of(app)


async def test_the_showdown_form_loads_its_evaluator_off_the_ui_thread(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25, point 11: the first keystroke that completed a board imported pokerkit on
    the UI thread (bench/calculator.py); the form loads it in a worker as it opens."""
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
