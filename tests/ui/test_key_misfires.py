"""No key misfires: every one-key action that changes the night asks first, naming whom or what
(undo, the clock's level and time, quit among them); keys typed while a dialog opens land in it.
(A word typed in any view is a search, never the keys' actions:
``test_names_typed_everywhere.py``.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input

from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.pay import Pay
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications
from tdconsole.ui.widgets.players_view import PlayersView

from .conftest import console, settle
from .test_actions import SIZE, svc, text_of
from .test_keys_in_flight import send_at_once
from .test_pay_draw_and_standings import new_event

MakeApp = Callable[..., ConsoleApp]


def log_length(service: Tournament) -> int:
    service.refresh()
    return service.state.last_seq


def registration(tmp_path: Path) -> Tournament:
    """An event before its draw, one fee recorded and undone: ``r`` would redo it."""
    service = new_event(tmp_path / "e.tdc", paid=False, started=False)
    service.execute(Pay(names=["Cid"]))
    service.undo()
    return service


def no_printing(app: ConsoleApp) -> list[object]:
    """``p`` typed in a word opens the print dialog: what Enter sends there is kept, not
    printed."""
    sent: list[object] = []
    app.print_report = lambda *args, **kwargs: sent.append(args)  # type: ignore[method-assign]
    return sent


async def back_to_the_console(app: ConsoleApp, pilot: Any) -> None:
    for _ in range(3):
        if isinstance(app.screen, ConsoleScreen):
            return
        await pilot.press("escape")
        await settle(pilot)


async def test_a_name_typed_on_the_players_tab_is_a_search(tmp_path: Path) -> None:
    service = registration(tmp_path)
    async with console(service, lang="en") as (app, pilot):
        await pilot.press("2")
        await settle(pilot)
        box = app.screen.query_one("#player-search", Input)
        assert app.focused is not box
        assert box.placeholder == "/ Search a name"  # inactive: its key shown
        send_at_once(app, *"Bea")  # typed at once: none of its letters acts
        await settle(pilot)
        assert app.focused is box and box.value == "Bea"
        assert box.placeholder == "Search a name"
        await pilot.press("enter")
        assert app.screen.query_one(PlayersView).selected_player() == "Bea Romano"


async def test_w_names_the_player_and_escape_changes_nothing(tmp_path: Path) -> None:
    service = registration(tmp_path)
    async with console(service, lang="en") as (app, pilot):
        await pilot.press("slash", *"dan", "enter", "w")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)  # on the player under the cursor, named
        assert app.screen.query_one("#name", Input).value == "Dan"
        assert app.screen.title_text() == "Withdraw a player before the draw: Dan — Art. I.1"
        before = log_length(service)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert log_length(service) == before
        assert service.state.find("Dan").status == "registered"  # type: ignore[union-attr]
        await pilot.press("w", "enter")
        await settle(pilot)
        assert service.state.find("Dan").status == "withdrawn"  # type: ignore[union-attr]


async def test_letters_typed_into_a_question_confirm_nothing(tmp_path: Path) -> None:
    service = registration(tmp_path)
    async with console(service, lang="en") as (app, pilot):
        before = log_length(service)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Redo: " in text_of(app.screen.query_one("#question"))
        await pilot.press(*"eco")
        assert "nothing will be done" in text_of(app.screen.query_one("#dialog-note"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert log_length(service) == before
        await pilot.press("r", "enter")  # asked and confirmed: redone
        await settle(pilot)
        assert service.state.find("Cid").paid  # type: ignore[union-attr]


@pytest.mark.parametrize("keys", [("2", "y"), ("2", "v"), ("2", "w"), ("r",), ("s",), ("g",)])
async def test_every_key_that_changes_the_night_before_the_start_asks_first(
    tmp_path: Path, keys: tuple[str, ...]
) -> None:
    service = registration(tmp_path)
    if keys == ("g",):
        service.execute(Pay(names=[p.name for p in service.state.ordered_players()]))
        from tdconsole.domain.slices.draw import Draw

        service.execute(Draw(seed=1))
    async with console(service, lang="en") as (app, pilot):
        before = log_length(service)
        await pilot.press(*keys)
        await settle(pilot)
        assert isinstance(app.screen, Dialog), keys
        await pilot.press("escape")
        await settle(pilot)
        assert log_length(service) == before


@pytest.mark.parametrize(
    ("key", "when"),
    # each where it applies: the final's draw once it is due, a closing before (IV.2, IV.4)
    [("f", "final_file"), ("x", "final_file"), ("c", "closing_file")],
)
async def test_every_key_that_changes_the_night_in_play_asks_first(
    make_app: MakeApp, request: pytest.FixtureRequest, key: str, when: str
) -> None:
    app = make_app(path=request.getfixturevalue(when), lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = log_length(svc(app))
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, Dialog), key
        await pilot.press("escape")
        await settle(pilot)
        assert log_length(svc(app)) == before


def one_level_on(app: ConsoleApp) -> Tournament:
    """The console's event at its second period: a level to go back to, an action to undo."""
    service = svc(app)
    service.execute(ClockControl(action="next"))
    return service


@pytest.mark.parametrize("key", ["u", "n", "b", "plus", "minus", "q"])
async def test_undo_the_clocks_level_and_time_and_quit_ask_first_and_escape_keeps_all(
    make_app: MakeApp, key: str
) -> None:
    app = make_app(lang="en")
    service = one_level_on(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before, clock = log_length(service), app.clock_status()
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog), key
        await pilot.press("escape")
        await settle(pilot)
        assert log_length(service) == before
        assert app.clock_status() == clock
        assert app.is_running and isinstance(app.screen, ConsoleScreen)


def level_of(service: Tournament, index: int) -> int:
    structure = service.state.structure
    assert structure is not None and not structure.period(index).is_break
    return structure.period(index).level


@pytest.mark.parametrize(
    ("key", "said", "index", "left"),
    [
        ("n", "Go to level", 2, None),
        ("b", "Back to level", 0, None),
        ("plus", "Add a minute: the time left goes from {m}:00 to {m1}:00?", 1, 60),
        ("minus", "Remove a minute: the time left goes from {m}:00 to {m_1}:00?", 1, -60),
    ],
)
async def test_the_clocks_question_names_the_level_or_the_time_and_enter_does_it(
    make_app: MakeApp, key: str, said: str, index: int, left: int | None
) -> None:
    app = make_app(lang="en")
    service = one_level_on(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = app.clock_status()
        assert status is not None and status.index == 1
        minutes = status.remaining_seconds // 60
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        question = text_of(app.screen.query_one("#question"))
        words = said.format(m=minutes, m1=minutes + 1, m_1=minutes - 1)
        assert question.startswith(words), question
        if left is None:
            assert question.startswith(f"{said} {level_of(service, index)}")
        await pilot.press("enter")
        await settle(pilot)
        after = app.clock_status()
        assert after is not None and after.index == index
        if left is not None:
            assert after.remaining_seconds == status.remaining_seconds + left


async def test_u_names_what_it_undoes_and_enter_undoes_it(make_app: MakeApp) -> None:
    app = make_app(lang="en")
    service = svc(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e", *"Moretti", "ctrl+r", "enter")
        await settle(pilot)
        assert service.state.find("Moretti").status == "out"  # type: ignore[union-attr]
        await pilot.press("u")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        question = text_of(app.screen.query_one("#question"))
        assert question.startswith("Undo: ") and "Moretti" in question
        await pilot.press("enter")
        await settle(pilot)
        assert service.state.find("Moretti").status == "in"  # type: ignore[union-attr]


async def test_space_stops_the_clock_at_once_and_says_u_undoes_it(make_app: MakeApp) -> None:
    """Stopping or restarting the clock is the one clock key that does not ask: the Director
    needs it at once; the notice says it and ``u`` (asked) puts the clock back."""
    app = make_app(lang="en")
    service = svc(app)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        running = service.state.clock.running  # type: ignore[union-attr]
        await pilot.press("space")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert service.state.clock.running is not running  # type: ignore[union-attr]
        assert any("u to undo" in n.message for n in notifications(app))
        await pilot.press("u", "enter")
        await settle(pilot)
        assert service.state.clock.running is running  # type: ignore[union-attr]


async def test_q_quits_once_confirmed_and_letters_typed_after_it_keep_the_console(
    make_app: MakeApp,
) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert text_of(app.screen.query_one("#question")) == (
            "Quit the console? The night is saved."
        )
        await pilot.press(*"uit", "enter")  # "quit" typed as a word: Enter only closes
        await settle(pilot)
        assert app.is_running and isinstance(app.screen, ConsoleScreen)
        await pilot.press("q", "enter")
        await settle(pilot)
    assert app.return_value == 0


async def test_keys_typed_right_after_e_land_in_the_dialog(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # as fast as a terminal sends them: ctrl+r is no letter, e acts at once
        send_at_once(app, "e", "ctrl+r", *"Leone")
        await settle(pilot)
        assert isinstance(app.screen, EliminateDialog)
        fields = {field.id: field.value for field in app.screen.query(Input)}
        assert fields == {"name-1": "Leone", "stack-1": ""}
        assert app.screen.query_one("#declined", Checkbox).value


@pytest.mark.parametrize("key", ["B", "M", "C", "S", "T"])
async def test_a_capital_key_pressed_alone_opens_its_dialog(app: ConsoleApp, key: str) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        send_at_once(app, key)
        await settle(pilot)
        assert not isinstance(app.screen, ConsoleScreen), key
        searches = app.screen_stack[-2].query("#player-search").results(Input)
        assert all(box.value == "" for box in searches)


@pytest.mark.parametrize(("key", "food"), [("y", False), ("v", True)])
async def test_a_fee_already_paid_is_refused_before_the_question(
    tmp_path: Path, key: str, food: bool
) -> None:
    service = registration(tmp_path)
    service.execute(Pay(names=["Dan"], food=food))
    async with console(service, lang="en") as (app, pilot):
        before = log_length(service)
        await pilot.press("slash", *"dan", "enter", key)
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        said = [n.message for n in notifications(app)]
        assert any("already paid" in m and "(Art. I.2)" in m for m in said), said
        assert log_length(service) == before


@pytest.mark.parametrize("key", ["y", "v"])
async def test_the_fee_and_food_questions_cite_their_article(tmp_path: Path, key: str) -> None:
    service = registration(tmp_path)
    async with console(service, lang="en") as (app, pilot):
        await pilot.press("slash", *"dan", "enter", key)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Art. I.2" in str(app.screen.query_one(".dialog").border_title)


async def test_ctrl_r_typed_100_ms_after_e_ticks_declined_in_the_dialog_e_opens(
    app: ConsoleApp,
) -> None:
    """The elimination dialog is kept once built and opened again at each ``e``: the keys
    typed while it opens again are its, as the first time."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("e", "escape")  # built once, kept
        for _ in range(2):
            send_at_once(app, "e", "ctrl+r", apart=0.1)
            await settle(pilot)
            assert isinstance(app.screen, EliminateDialog)
            assert app.screen.query_one("#declined", Checkbox).value
            await pilot.press("escape")
