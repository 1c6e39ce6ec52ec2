"""Dialogs do not eat typing: the cursor starts on the first field to fill,
every field keeps its label once filled, and the choice made shows without colour."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, RadioButton

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.ruling import RulingDialog

from .conftest import settle


async def test_the_sanction_dialog_opens_on_its_player_and_takes_the_reason_after_a_tab(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("z")
        assert app.focused is not None and app.focused.id == "name"
        await pilot.press(*"Greco", "tab", *"slow play", "tab", *"more")
        dialog = app.screen
        assert dialog.query_one("#name", Input).value == "Greco"
        assert dialog.query_one("#reason", Input).value == "slow play"
        chosen = [b.id for b in dialog.query(RadioButton) if b.value]
        assert chosen == ["kind-warning"]  # the letters and the space changed nothing
        # The choice is shown by its mark, not by its colour alone.
        marks = {b.id: b.render().plain.split()[0] for b in dialog.query(RadioButton)}
        assert marks["kind-warning"] != marks["kind-disqualify"]
        await pilot.press("down", "space")
        marks = {b.id: b.render().plain for b in dialog.query(RadioButton)}
        assert "●" in marks["kind-suspend1"] and "●" not in marks["kind-warning"]


async def test_the_ruling_form_opens_on_its_players_and_tabs_down_the_screen(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        state = app.service.state  # type: ignore[union-attr]
        await app.push_screen(RulingDialog(app.tr, state, None, "III.2"))
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "players"
        await pilot.press("escape")
        app.screen.cite("III.2")  # type: ignore[attr-defined]
        await settle(pilot)
        table = app.screen.query_one("#table", Input).value
        assert table and app.focused is not None and app.focused.id == "players"  # still
        order = [f.id for f in app.screen.query(Input)]
        assert order == ["players", "table", "articles", "text"]  # as on screen, top down
        await pilot.press(*"Giocatore 1", "tab", "tab", *", 7.7")
        assert app.screen.query_one("#players", Input).value == "Giocatore 1"
        assert app.screen.query_one("#articles", Input).value == "III.2, 7.7"


async def test_every_dialog_with_a_player_field_opens_on_it(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ("e", "d", "x", "z", "l", "M"):
            await pilot.press(key)
            await settle(pilot)
            focused = app.focused
            # The second stack opened on the cursor's player waits for his stack (a name
            # typed there still goes to the name field).
            fields = ("stack",) if key == "d" else ("name", "name-1", "players")
            assert focused is not None and focused.id in fields, key
            await pilot.press("escape")


async def test_every_field_keeps_its_label_when_filled(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in ("e", "d", "x", "z", "l", "t"):
            await pilot.press(key)
            fields = [f for f in app.screen.query(Input) if f.placeholder and not f.compact]
            assert fields, key
            for field in fields:
                assert str(field.border_title) == field.placeholder, (key, field.id)
            await pilot.press("escape")
        # A ticked box shows its mark, an empty one none.
        await pilot.press("e")
        box = app.screen.query_one("#declined", Checkbox)
        assert "X" not in box.render().plain
        await pilot.press("ctrl+r")
        assert "X" in box.render().plain
