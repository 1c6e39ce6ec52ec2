"""Dialogs do not eat typing: the cursor starts on the first field to fill,
every field keeps its label once filled, says what to type, the choice made shows without
colour, and a set of choices' arrows move the choice with the cursor (the sanction, the
showdown, the print dialog)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, OptionList, RadioButton

from tdconsole.domain.slices.spec import declared
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.slice_dialog import SliceDialog

from .conftest import frozen, opened_by, pressed, settle
from .test_actions import messages, text_of
from .test_pay_draw_and_standings import new_event


async def test_the_sanction_dialog_opens_on_its_players_reason_and_keeps_the_player(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("z")
        assert app.focused is not None and app.focused.id == "reason"
        await pilot.press(*"slow play")
        dialog = app.screen
        assert dialog.query_one("#name", Input).value == "Moretti"  # the reason typed kept him
        await pilot.press("shift+tab", *"Greco", "tab", "tab", *"more", "space")
        assert dialog.query_one("#name", Input).value == "Greco"
        assert dialog.query_one("#reason", Input).value == "slow play"
        kinds = dialog.query_one("#kind", OptionList)
        chosen = kinds.highlighted_option
        assert chosen is not None and chosen.id == "warning"  # the letters changed nothing
        assert str(chosen.prompt) == "richiamo verbale"  # the word, in the console's language
        await pilot.press("down")
        chosen = kinds.highlighted_option
        assert chosen is not None and chosen.id == "suspend"


async def test_the_ruling_form_opens_on_its_players_and_tabs_down_the_screen(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        form = app.service.form(declared("RecordRuling"))  # type: ignore[union-attr]
        await app.push_screen(SliceDialog(app.tr, form, given={"articles": "III.2"}))
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
            # typed there still goes to the name field); the sanction, for its reason.
            fields = {"d": ("stack",), "z": ("reason",)}.get(key, ("name", "name-1", "players"))
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


@pytest.mark.parametrize(
    ("lang", "tables", "number", "refused"),
    [
        (
            "en",
            "Number of tables (empty: the fewest, of 6 to 8 players each)",
            "Draw number (empty: at random; only to repeat a draw)",
            "Number of tables (empty: the fewest, of 6 to 8 players each): 'x' is not a whole "
            "number",
        ),
        (
            "it",
            "Numero di tavoli (vuoto: il minimo, da 6 a 8 giocatori ciascuno)",
            "Numero del sorteggio (vuoto: a caso; solo per ripeterne uno)",
            "Numero di tavoli (vuoto: il minimo, da 6 a 8 giocatori ciascuno): 'x' non è un "
            "numero intero",
        ),
    ],
)
async def test_the_draw_dialog_says_what_to_type_and_names_a_wrong_field_in_its_words(
    tmp_path: Path, lang: str, tables: str, number: str, refused: str
) -> None:
    service = new_event(tmp_path / "e.tdc", started=False)
    app = build_app(service, frozen, lang=lang)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            dialog = await opened_by(pilot, "s", SliceDialog, workers=True)
            assert dialog.query_one("#tables", Input).placeholder == tables
            assert dialog.query_one("#seed", Input).placeholder == number
            await pilot.press("x", "enter")
            await settle(pilot)
            assert messages(app)[-1].startswith(refused), messages(app)
            assert service.state.phase == "registration"
    finally:
        service.close()


async def test_the_sanctions_arrows_move_the_choice_with_the_cursor(app: ConsoleApp) -> None:
    """The sanction recorded is the one the cursor is on and the mark shows: the arrows move
    both (Textual's moved the cursor alone, and a warning was recorded under a suspension's
    cursor)."""
    async with app.run_test(size=(120, 40)) as pilot:
        await pressed(pilot, "z", workers=True)
        assert app.screen.query_one("#name", Input).value == "Moretti"
        await pilot.press(*"carte scoperte", "tab", "down", "down", "up")
        await settle(pilot)
        chosen = app.screen.query_one("#kind", OptionList).highlighted_option
        assert chosen is not None and chosen.id == "suspend"
        await pilot.press("tab", "2", "ctrl+s")
        await settle(pilot)
        player = app.service.state.find("Moretti")  # type: ignore[union-attr]
        assert player is not None and player.suspended_orbits == 2


async def test_the_showdowns_mode_follows_the_arrows(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f6", *"Ada=7c7d7s8c8d Bea=AhKhQhJh9h", "tab", "tab", "down")
        await settle(pilot)
        assert app.screen.query_one("#mode-italiana", RadioButton).value
        shown = text_of(app.screen.query_one("#calc-result"))
        assert "vince Bea" in shown and "9.1" in shown  # Italiana: the flush beats the full
        await pilot.press("up")
        await settle(pilot)
        assert app.screen.query_one("#mode-holdem", RadioButton).value


async def test_the_print_dialogs_arrows_choose_the_report_under_the_cursor(
    app: ConsoleApp,
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pressed(pilot, "p", workers=True)
        seating = app.screen.query_one("#r-seating", RadioButton)
        assert seating.value and seating.has_class("-selected")  # opened on its choice
        await pilot.press("down")
        slips = app.screen.query_one("#r-slips", RadioButton)
        assert slips.value and slips.has_class("-selected") and not seating.value
