"""What the console shows at every tick (the blind clock, four times a second) and at every key
(a dialog's note, the settings' note) is updated only when it changes: each line updated lays
the whole screen out again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.renderables.background_screen import BackgroundScreen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, DataTable, Digits, Input, Static

from tdconsole.domain.play import Bust, Count
from tdconsole.domain.state import Player
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import TAB_VIEWS, ConsoleScreen
from tdconsole.ui.screens.settings import SettingsScreen
from tdconsole.ui.widgets.changed import update_changed
from tdconsole.ui.widgets.clock_panel import ClockPanel
from tdconsole.ui.widgets.room_summary import RoomSummary
from tdconsole.ui.widgets.table_card import TableCard
from tdconsole.ui.widgets.title_bar import TitleBar

from .textual_reach import (
    LAID_OUT,
    MOUNTED,
    Compositor,
    as_textual_repaints,
    laid_out_size,
    resized,
    update_now,
)


def calls_to(
    monkeypatch: pytest.MonkeyPatch,
    method: str,
    *classes: type[Widget],
    noted: Callable[..., Any] = lambda widget, *args: widget.id or "",
) -> list[Any]:
    """What ``noted(widget, *args)`` says of each call of ``method`` on ``classes`` from now
    on (by default the widget's id); the method still runs."""
    calls: list[Any] = []
    for cls in classes:
        original = getattr(cls, method)

        def recorded(self: Widget, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            calls.append(noted(self, *args))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, method, recorded)
    return calls


async def bust_last_at_table_two(app: ConsoleApp, pilot: Any) -> Player:
    """Table 2's last player busted (as by another terminal) and the views handed the State:
    the player."""
    assert app.service is not None
    state = app.service.state
    player = state.players_at(state.tables[2])[-1]
    app.service.execute(Bust(names=[player.name], declined=True))
    app.refresh_views()
    await pilot.pause()
    return player


def count_updates(monkeypatch: pytest.MonkeyPatch, *classes: type[Widget]) -> list[str]:
    """The ids of the widgets updated from now on (``update`` of ``classes``)."""
    return calls_to(monkeypatch, "update", *classes)


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield Static(id="line")


async def test_a_line_is_updated_when_its_words_or_their_style_change() -> None:
    app = OneLine()
    async with app.run_test() as pilot:
        await pilot.pause()
        line = app.query_one("#line", Static)
        assert update_changed(line, "Blinds 100 / 200")
        assert not update_changed(line, "Blinds 100 / 200")
        assert update_changed(line, Text("Blinds 100 / 200"))
        assert not update_changed(line, Text("Blinds 100 / 200"))
        assert update_changed(line, Text("Blinds 100 / 200", style="bold"))
        assert update_changed(line, Text("Blinds 100 / 200", style="bold", justify="right"))
        assert update_changed(line, Text.assemble("Blinds ", ("100", "red"), " / 200"))
        assert update_changed(line, Text.assemble("Blinds ", ("100", "green"), " / 200"))
        assert update_changed(line, "Blinds 200 / 400")
        assert str(line.render()) == "Blinds 200 / 400"


async def test_a_tick_that_changes_nothing_updates_no_line(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ClockPanel)
        updated = count_updates(monkeypatch, Static, Digits)
        before = panel.query_one("#clock-state", Static).content
        for _ in range(8):
            app.tick()
        await pilot.pause()
        assert updated == []
        # The clock started (space): its state line says so at once.
        await pilot.press("space")
        assert app.service is not None and app.service.state.clock is not None
        assert app.service.state.clock.running
        assert "clock-state" in updated
        assert panel.query_one("#clock-state", Static).content != before
        assert panel.query_one("#clock-digits", Digits).value == " 40:00"


async def test_the_settings_note_is_updated_when_the_fields_changed_change(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        assert isinstance(app.screen, SettingsScreen)
        updated = count_updates(monkeypatch, Static)
        await pilot.press("end", "1", "2", "3")
        assert updated.count("settings-note") == 1  # the first key: a field changed
        note = app.screen.query_one("#settings-note", Static)
        assert "ctrl+s" in str(note.render())
        await pilot.press("backspace", "backspace", "backspace")
        assert updated.count("settings-note") == 2  # back as it was: nothing to record
        assert str(note.render()) == ""


async def test_a_dialog_note_is_updated_when_its_words_change(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        updated = count_updates(monkeypatch, Static)
        dialog = app.screen
        assert isinstance(dialog, EliminateDialog)
        note = dialog.query_one("#dialog-note", Static)
        shown = str(note.render())
        dialog.update_note()  # what every key does: the same player, the same note
        dialog.update_note()
        assert updated.count("dialog-note") == 0
        await pilot.press("end", "x")  # "Morettix": no one, another note
        assert updated.count("dialog-note") == 1
        assert str(note.render()) != shown
        await pilot.press("backspace")
        assert str(note.render()) == shown


async def test_only_the_tab_on_screen_is_shown_a_new_state(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change repaints the tab on screen; a hidden tab is shown the latest State when it is
    chosen, so it never shows a stale one."""
    shown: list[tuple[str, int]] = calls_to(
        monkeypatch,
        "show",
        *TAB_VIEWS,
        noted=lambda view, event: (type(view).__name__, event),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")  # the players' tab mounts and shows the State
        await pilot.press("1")
        shown.clear()
        assert app.service is not None
        name = app.service.state.players_at(app.service.state.tables[1])[-1].name
        app.service.execute(Bust(names=[name], declined=True))
        app.refresh_views()
        await pilot.pause()
        assert shown == []  # the tables' tab is on screen: no hidden view rebuilt
        assert isinstance(app.screen, ConsoleScreen) and app.screen.shown is not None
        latest = app.screen.shown.event
        await pilot.press("4")
        assert ("StandingsView", latest) in shown
        assert {view for view, _seq in shown} == {"StandingsView"}
        table = app.screen.query_one("#standings-view", DataTable)
        cells = [str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)]
        assert name in cells


async def test_a_bust_at_one_table_repaints_that_tables_card_alone(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy floor: a change at one table repaints that table's card; the other tables'
    cards, unchanged, are neither repainted nor laid out again; a count, which no card
    shows, repaints none."""
    refreshed: list[str] = calls_to(monkeypatch, "refresh", TableCard)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        refreshed.clear()
        player = await bust_last_at_table_two(app, pilot)
        assert app.service is not None
        state = app.service.state
        assert set(refreshed) == {"table-2"}
        card = app.screen.query_one("#table-2", TableCard)
        assert player.name not in [seat.name for seat in card.view.seats]
        refreshed.clear()
        other = state.players_at(state.tables[1])[0]
        app.service.execute(Count(counts={other.name: 5000}))
        app.refresh_views()
        await pilot.pause()
        assert refreshed == []


async def test_a_letter_that_leaves_the_same_players_fills_the_players_table_not_again(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name typed in the players' search: once its letters name one player, the next ones
    leave the table as it is (each refill builds every row and repaints the table); a letter
    that changes who is listed fills it again."""
    cleared: list[str] = calls_to(monkeypatch, "clear", DataTable)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "slash", *"mor")
        table = app.screen.query_one("#player-table", DataTable)
        assert [row.key.value for row in table.ordered_rows] == ["Moretti"]
        cleared.clear()
        await pilot.press(*"etti")
        assert cleared == []
        assert [row.key.value for row in table.ordered_rows] == ["Moretti"]
        await pilot.press(*["backspace"] * 6)  # "m": Marino, Moretti, Mancini … again
        assert cleared == ["player-table"]
        assert len(table.ordered_rows) > 1


def textuals_backdrop(app: ConsoleApp) -> list[Strip]:
    """The dialog's backdrop as Textual draws it: the screen beneath rendered whole and tinted
    (``BackgroundScreen``), for each line."""
    dialog = app.screen
    as_textual_repaints(dialog)
    return [Widget.render_line(dialog, y) for y in range(dialog.size.height)]


async def test_a_dialogs_backdrop_is_drawn_once_and_again_where_the_console_changes(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console shows behind a dialog, dimmed, as Textual dims it; the dialog's opening and
    the keys typed in it never render the whole console again for it (Textual did at each
    repaint of the dialog: ten times as it opened); a change beneath (the clock ticking, here
    the title bar) is taken again where it shows."""
    rendered_whole = calls_to(
        monkeypatch, "__rich_console__", BackgroundScreen, noted=lambda *args: "whole"
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "end", "x", "backspace", "ctrl+r")
        dialog = app.screen
        assert isinstance(dialog, EliminateDialog)
        assert rendered_whole == []
        shown = [dialog.render_line(y) for y in range(40)]
        assert "Torneo d'Autunno" in shown[0].text
        assert shown == textuals_backdrop(app)
        beneath = app.screen_stack[-2]
        beneath.query_one(TitleBar).update("Changed beneath")
        await pilot.pause()  # the title bar's refresh reaches the console beneath
        # The console's own update, as its timer makes it (a pause does not wait for the
        # timer of a screen beneath: on a busy machine it had not fired yet).
        update_now(beneath)
        await pilot.pause()
        assert "Changed beneath" in dialog.render_line(0).text
        assert [dialog.render_line(y) for y in range(40)] == textuals_backdrop(app)


async def test_a_change_beneath_a_dialog_repaints_its_lines_not_the_whole_screen(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console beneath an open dialog changes (its clock ticks): the lines that changed
    are repainted, once; Textual's own went on repainting the whole screen, beneath and
    dialog, at each of the console's updates after (four times a second while a dialog was
    open, 15 kB to the terminal each)."""
    whole = calls_to(monkeypatch, "render_full_update", Compositor, noted=lambda *args: "whole")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        dialog, beneath = app.screen, app.screen_stack[-2]
        assert isinstance(dialog, EliminateDialog)
        whole.clear()
        beneath.query_one(TitleBar).update("Changed beneath")
        for _ in range(3):
            update_now(beneath)  # the console's own updates, as its timer makes them
            await pilot.pause()
        assert whole == []
        assert "Changed beneath" in dialog.render_line(0).text


async def test_a_dialog_opened_leaves_the_console_beneath_laid_out_as_it_was(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual gives a dialog the terminal's size as it opens, laid it out again for it, and
    the screens beneath (the same size, the same layout), which made the whole backdrop be
    taken again; a new size (the terminal resized while a dialog is open) still lays them
    out."""
    laid_out = calls_to(monkeypatch, LAID_OUT, ConsoleScreen)
    dialog_laid_out = calls_to(monkeypatch, LAID_OUT, EliminateDialog)
    dialog_styled = calls_to(monkeypatch, "update_node_styles", EliminateDialog)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        laid_out.clear()
        await pilot.press("e")
        assert isinstance(app.screen, EliminateDialog)
        assert laid_out == []
        # Shown, then its fields in; Textual laid it out once more for its size, the same.
        assert len(dialog_laid_out) == 2
        # Styled once, with the terminal's width class ("-wide"); Textual added the class
        # after and styled the whole dialog again.
        assert len(dialog_styled) == 1
        assert app.screen.has_class("-wide")
        beneath = app.screen_stack[-2]
        resized(beneath, Size(100, 40))  # what a terminal resized passes it
        assert laid_out != []
        assert laid_out_size(beneath) == Size(100, 40)


async def test_a_change_of_the_title_bar_or_the_room_panel_lays_nothing_out(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The title bar (one line) and the room panel (nine) keep their size whatever they say: a
    count, which changes the room's figures, repaints them without laying the screen out."""
    laid_out = calls_to(monkeypatch, LAID_OUT, ConsoleScreen)
    updated = count_updates(monkeypatch, TitleBar, RoomSummary)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.service is not None
        state = app.service.state
        laid_out.clear()
        updated.clear()
        player = state.players_at(state.tables[1])[0]
        app.service.execute(Count(counts={player.name: 5000}))
        app.refresh_views()
        await pilot.pause()
        assert set(updated) == {"title", "room"}
        assert laid_out == []


async def test_the_elimination_dialog_is_built_once_and_opens_again_empty(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``e`` opens the dialog built at the first ``e``, mounting nothing (each ``e`` built one:
    its widgets composed, styled and laid out, most of the key's CPU), and it holds nothing of
    the last opening: the player typed, the second row, the stacks, the toggle."""
    mounted = calls_to(monkeypatch, MOUNTED, Widget, noted=lambda w: type(w).__name__)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "end", "x", "tab", "5", "0", "0", "ctrl+n", *"Rossi", "ctrl+r")
        first = app.screen
        assert isinstance(first, EliminateDialog)
        assert first.entries() == [("Morettix", "500"), ("Rossi", "")]
        assert first.query_one("#declined", Checkbox).value
        await pilot.press("escape")
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        assert app.service is not None
        mancini = app.service.state.players_at(app.service.state.tables[1])[1]
        await screen.select_player(mancini.name)
        mounted.clear()
        await pilot.press("e")
        dialog = app.screen
        assert dialog is first
        # (A field's scroll bar is made by Textual the first time it is asked for.)
        assert [kind for kind in mounted if kind != "ScrollBar"] == []
        assert dialog.entries() == [(mancini.name, "")]
        assert len(dialog.query(".row")) == 1
        assert not dialog.query_one("#declined", Checkbox).value
        assert dialog.focused is dialog.query_one("#name-1", Input)
        title = str(dialog.query_one(".dialog").border_title)
        assert mancini.name in title and "Moretti" not in title
        note = str(dialog.query_one("#dialog-note", Static).render())
        assert mancini.name in note
        command = dialog.command()
        assert command == Bust(names=[mancini.name], stacks=None, declined=False)
        # Recorded from the dialog opened again: the console as after any elimination.
        await pilot.press("ctrl+r", "enter")
        assert isinstance(app.screen, ConsoleScreen)
        assert app.service.state.find(mancini.name).status == "out"  # type: ignore[union-attr]
        # Opened again after a change of the console beneath: its backdrop is the new one.
        await pilot.press("e")
        assert app.screen is first
        assert [first.render_line(y) for y in range(40)] == textuals_backdrop(app)
        assert "23/24" in first.render_line(0).text


@pytest.mark.parametrize("key", ["e", "d"])
async def test_a_name_typed_in_a_kept_dialog_replaces_the_player_it_opened_on(
    app: ConsoleApp, key: str
) -> None:
    """As in a new dialog (its field's words selected as it is focused): the kept one, opened
    again with its field still focused, appended the letters to the player's name."""
    field = "#name-1" if key == "e" else "#name"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(2):
            await pilot.press(key)
            await pilot.press("R", "o")
            assert app.screen.query_one(field, Input).value == "Ro"
            await pilot.press("escape")


async def test_a_dialog_opened_again_is_styled_again_only_after_a_change_of_theme(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual styles a screen pushed again all over (a cost at each elimination dialog): the
    dialog kept from the last ``e`` is styled as it was, unless a theme was chosen since; and
    it has the terminal's width class of now, though it was closed when the terminal was
    resized."""
    styled = calls_to(monkeypatch, "update_node_styles", EliminateDialog)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "escape")
        styled.clear()
        await pilot.press("e", "escape")
        assert styled == []
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.press("e")
        assert len(styled) == 1
        await pilot.press("escape")
        await pilot.resize_terminal(100, 40)
        await pilot.press("e")
        assert app.screen.has_class("-narrow") and not app.screen.has_class("-wide")


async def test_a_bust_lays_nothing_out_when_no_cards_height_changes(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bust changes the words of its table's header ("7 in play"), not its lines: the card is
    repainted, the screen not laid out (it was at every bust)."""
    laid_out = calls_to(monkeypatch, LAID_OUT, ConsoleScreen)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        laid_out.clear()
        await bust_last_at_table_two(app, pilot)
        card = app.screen.query_one("#table-2", TableCard)
        assert "7 " in card.render().renderables[0].plain  # type: ignore[attr-defined]
        assert laid_out == []


async def test_a_kept_dialog_in_another_language_is_built_again(app: ConsoleApp) -> None:
    """The console's language changed (the event's settings): the dialog kept in the old one
    is dropped, and ``e`` builds one in the new language."""
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "escape")
        await pilot.press("e")
        first = app.screen
        assert isinstance(first, EliminateDialog)
        assert str(first.query_one(".dialog").border_title).startswith("Elimina")
        await pilot.press("escape")
        app.tr.lang = "en"
        await pilot.press("e")
        dialog = app.screen
        assert isinstance(dialog, EliminateDialog) and dialog is not first
        assert str(dialog.query_one(".dialog").border_title).startswith("Eliminate")
        assert not first.is_attached
        await pilot.press("escape", "e")
        assert app.screen is dialog


async def test_the_second_stack_dialog_is_kept_and_opens_again_empty(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    mounted = calls_to(monkeypatch, MOUNTED, Widget, noted=lambda w: type(w).__name__)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d", "shift+tab", "end", "x", "tab", "1", "2", "3", "4")
        first = app.screen
        assert isinstance(first, SliceDialog)
        assert first.query_one("#name", Input).value == "Morettix"
        await pilot.press("escape")
        assert app.service is not None
        mancini = app.service.state.players_at(app.service.state.tables[1])[1]
        await app.screen.select_player(mancini.name)  # type: ignore[attr-defined]
        mounted.clear()
        await pilot.press("d")
        assert app.screen is first
        assert [kind for kind in mounted if kind != "ScrollBar"] == []
        assert first.query_one("#name", Input).value == mancini.name
        assert first.query_one("#stack", Input).value == ""
        assert first.focused is first.query_one("#stack", Input)  # his stack is typed next
        assert mancini.name in str(first.query_one(".dialog").border_title)
        assert "1" in str(first.query_one("#context", Static).render())  # table 1's amount
