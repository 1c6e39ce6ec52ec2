"""A key that acts on the player, table or prize under the cursor, pressed where there is none,
says where to choose one (the tab and its key, or the search) and records nothing; the food
contribution is recorded at any time (Art. I.2), during play as before the start."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.ui.app import build_app
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.widgets.tables_view import TablesView

from .conftest import frozen, settle
from .test_actions import SIZE, messages, text_of
from .test_key_misfires import log_length
from .test_pay_draw_and_standings import new_event

PLAYER = {
    "en": "Choose a player first: his row in tab 2, Players, or / to search",
    "it": "Scegliere prima un giocatore: la sua riga nella scheda 2, Giocatori, o / per cercarlo",
}


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("key", ["y", "v", "w"])
async def test_a_players_key_on_the_tables_before_the_draw_says_where_to_choose_him(
    tmp_path: Path, key: str, lang: str
) -> None:
    service = new_event(tmp_path / "e.tdc", paid=False, started=False)
    app = build_app(service, frozen, lang=lang)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            before = log_length(service)
            await pilot.press("1", key)
            await settle(pilot)
            assert isinstance(app.screen, ConsoleScreen)
            assert messages(app)[-1] == PLAYER[lang]
            assert log_length(service) == before
    finally:
        service.close()


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        (("4", "t"), PLAYER["en"]),
        (("1", "H"), "Choose a place whose prize is due first: tab 3, Prizes"),
    ],
)
async def test_in_play_the_keys_say_where_to_choose_too(
    tmp_path: Path, keys: tuple[str, ...], said: str
) -> None:
    service = new_event(tmp_path / "e.tdc")
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press(*keys)
            await settle(pilot)
            assert isinstance(app.screen, ConsoleScreen)
            assert messages(app)[-1] == said
    finally:
        service.close()


async def test_food_is_recorded_during_play_asked_first(tmp_path: Path) -> None:
    service = new_event(tmp_path / "e.tdc")
    assert service.state.stack is not None
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            name = app.screen.query_one(TablesView).selected_player()
            assert name is not None
            await pilot.press("v")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmDialog)  # not a search for "v…"
            assert f"Food paid by {name}?" in text_of(app.screen.query_one("#question"))
            await pilot.press("enter")
            await settle(pilot)
            assert service.state.find(name).food_paid  # type: ignore[union-attr]
            await pilot.press("v", "enter")  # twice: the domain's refusal, with its article
            await settle(pilot)
            assert messages(app)[-1].endswith("has already paid the food contribution (Art. I.2)")
    finally:
        service.close()
