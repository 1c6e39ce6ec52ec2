"""The clock's time set from the console, through the command the command
line's ``clock set`` runs; ``tdconsole clock`` during a break says it is a break."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp

from .conftest import frozen, settle


async def test_the_director_sets_the_time_left(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("T")
        field = app.screen.query_one("#left")
        assert field.value == "40:00"  # type: ignore[attr-defined]  # the clock's now, offered
        await pilot.press(*"12:00", "enter")
        status = app.clock_status()
        assert status is not None and status.remaining_seconds == 12 * 60
        # A time that is not one: said in one line, the dialog stays, nothing changed.
        await pilot.press("T", *"12.5", "enter")
        assert app.screen.query_one("#left").value == "12.5"  # type: ignore[attr-defined]
        status = app.clock_status()
        assert status is not None and status.remaining_seconds == 12 * 60
        # The same command on the log as `tdconsole clock set 12:00`.
        last = app.service.log()[-1]  # type: ignore[union-attr]
        assert (last.body.action, last.body.seconds) == ("set", 720)  # type: ignore[attr-defined]


def test_the_clock_command_says_a_break_is_a_break(
    demo_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--event", str(demo_file), "clock", "edit", "1", "--break", "10"]) == 0
    service = Tournament.open(demo_file, clock=frozen)
    try:
        from tdconsole.domain.clock import status

        def now_status():  # type: ignore[no-untyped-def]
            state = service.state
            assert state.clock is not None and state.structure is not None
            return status(state.clock, state.structure, frozen())

        for _ in range(3):
            if now_status().is_break:
                break
            service.execute(ClockControl(action="next"))
        assert now_status().is_break
        resumes = now_status().next
    finally:
        service.close()
    capsys.readouterr()
    assert main(["--lang", "en", "--event", str(demo_file), "clock"]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("break: play resumes at level") and str(resumes.level) in first
    assert "of break left" in out


async def test_the_clocks_dialog_built_from_its_fields_records_what_the_command_line_does(
    app: ConsoleApp,
) -> None:
    from textual.widgets import Input, OptionList

    from tdconsole.domain.errors import RuleError
    from tdconsole.domain.slices.spec import declared
    from tdconsole.ui.dialogs.slice_dialog import SliceDialog

    found = declared("ClockControl")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await app.push_screen(SliceDialog(app.tr, app.service.form(found)))  # type: ignore[union-attr]
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, SliceDialog)
        actions = dialog.query_one("#action", OptionList)
        actions.highlighted = found.fields[0].typed_words.index("set")
        dialog.query_one("#value", Input).value = "12:00"
        built = dialog.command()
        assert isinstance(built, ClockControl) and (built.action, built.seconds) == ("set", 720)
        dialog.query_one("#value", Input).value = ""
        with pytest.raises(RuleError, match="write clock set MM:SS"):
            dialog.command()
