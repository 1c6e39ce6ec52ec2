"""A break called now from the console (Decision, Art. VII.1): ``P`` (and the palette) opens
the dialog the command's fields build, the same command as ``tdconsole clock break``; the
notice says the log's sentence; the clock panel shows the break; ``u`` takes it back."""

from __future__ import annotations

from textual.widgets import Input, Static

from tdconsole.domain.slices.call_break import CallBreak
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.console import ConsoleScreen, palette_entries
from tdconsole.ui.widgets.clock_panel import ClockPanel

from .conftest import opened_by, settle
from .test_actions import SIZE, messages


async def test_p_calls_a_break_and_u_takes_it_back(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        dialog = await opened_by(pilot, "P", SliceDialog)
        assert dialog.title_text() == "Chiama una pausa ora — Art. VII.1"
        await pilot.press(*"10", "tab", *"cena", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        last = app.service.log()[-1]  # type: ignore[union-attr]
        assert (last.body.type, last.body.minutes) == ("break_called", 10)  # type: ignore[attr-defined]
        assert any("pausa chiamata ora: 10 minuti, cena" in said for said in messages(app))
        status = app.clock_status()
        assert status is not None and status.is_break and status.remaining_seconds == 600
        assert str(app.screen.query_one(ClockPanel).border_title) == "Pausa"
        # the level play goes on at, said as such (not as the next one)
        shown = app.screen.query_one(ClockPanel).query_one("#clock-next", Static).content
        assert str(shown) == "Riprende: livello 1, 50 / 100"
        await pilot.press("u", "enter")
        await settle(pilot)
        status = app.clock_status()
        assert status is not None and not status.is_break


async def test_minutes_out_of_range_stay_in_the_dialog_with_the_refusal(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "P", SliceDialog)
        await pilot.press(*"300", "enter")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.query_one("#minutes", Input).value == "300"
        assert any("240" in said for said in messages(app))
        assert not any(
            isinstance(r.body, CallBreak)
            for r in app.service.log()  # type: ignore[union-attr]
        )


async def test_a_narrow_panel_says_the_blinds_play_resumes_at_in_its_width(
    app: ConsoleApp,
) -> None:
    """Below 110 columns the clock panel is 24 columns inside: the level's number is left out
    rather than the line wrapped over the clock's state."""
    async with app.run_test(size=(100, 40)) as pilot:
        await opened_by(pilot, "P", SliceDialog)
        await pilot.press(*"10", "enter")
        await settle(pilot)
        panel = app.screen.query_one(ClockPanel)
        shown = str(panel.query_one("#clock-next", Static).content)
        assert shown == "Riprende 50 / 100"
        assert len(shown) <= panel.content_size.width


async def test_p_is_greyed_out_in_a_break_and_says_why_when_pressed(app: ConsoleApp) -> None:
    """In a break no break may be called: ``P`` leaves the palette and, pressed, says the
    refusal recording it would give, opening no dialog; once the break is undone, it is back."""
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        app.tick()  # (what the App's timer does four times a second)
        await settle(pilot)
        assert screen.check_action("command", ("CallBreak",)) is True
        await opened_by(pilot, "P", SliceDialog)
        await pilot.press(*"10", "enter")
        await settle(pilot)
        app.tick()
        await settle(pilot)
        assert screen.check_action("command", ("CallBreak",)) is False
        labels = [label for label, *_ in palette_entries(screen)]
        assert "Chiama una pausa" not in labels, labels
        await pilot.press("P")
        await settle(pilot)
        assert app.screen is screen
        said = "Una pausa è già in corso (mancano 10:00): per allungarla premi +. (Art. VII.1)"
        assert messages(app)[-1] == said
        await pilot.press("u", "enter")  # the break taken back: P applies again
        await settle(pilot)
        app.tick()
        await settle(pilot)
        assert screen.check_action("command", ("CallBreak",)) is True
        assert "Chiama una pausa" in [label for label, *_ in palette_entries(screen)]
