"""No name is ever markup: a player's, the event's or a staff member's text
is shown as typed in every dialog's title, the palette, the notices and the tables; and an
unexpected error ends the console with code 1 and a crash report, never 0."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from tdhelpers.support import started

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.textual_reach import notifications

from .conftest import frozen, settle
from .textual_reach import crashed, render_whole

ODD = ["Anna [/]", "[red]Bob", "[ITA] Rossi"]
TYPED = {"Anna [/]": "anna", "[red]Bob": "bob", "[ITA] Rossi": "rossi"}
EVENT = "Sera [b]"


def odd_event(path: Path) -> Path:
    service = Tournament.create(path, EVENT, load_settings(), clock=frozen, rng=random.Random(3))
    names = [*ODD, *(f"Giocatore {i}" for i in range(1, 10))]
    started(service, names, seed=3)
    service.close()
    return path


def screen_text(app: ConsoleApp) -> str:
    """The characters the screen shows, row by row: what ``export_screenshot`` renders (the
    screen over the ones behind it), as text rather than drawn into an SVG."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(render_whole(app))
    return console.export_text()


# The dialogs that name the player under the cursor in their title.
PLAYER_DIALOGS = ["e", "d", "x", "z", "t", "M"]


async def test_every_dialog_palette_entry_and_notice_shows_names_as_typed(tmp_path: Path) -> None:
    service = Tournament.open(odd_event(tmp_path / "odd.tdc"), clock=frozen)
    app = build_app(service, frozen, lang="en")
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(pilot)
            assert EVENT in screen_text(app)
            for name in ODD:
                for key in PLAYER_DIALOGS:
                    await app.screen.select_player(name)  # type: ignore[attr-defined]
                    await pilot.press(key)
                    shown = screen_text(app)
                    assert name in shown, (name, key)
                    await pilot.press("escape")
                # The table dialogs: the count (its rows), the button.
                await app.screen.select_player(name)  # type: ignore[attr-defined]
                await pilot.press("k")
                assert name in screen_text(app), (name, "k")
                await pilot.press("escape")
                # The palette: every entry of the player, as typed.
                await pilot.press("ctrl+p", *TYPED[name])
                shown = screen_text(app)
                for entry in (f"Eliminate {name}", f"Disqualify {name}", f"Player {name}"):
                    assert entry in shown, entry
                await pilot.press("escape")
                # The players and standings tabs.
                for tab in ("2", "4"):
                    await pilot.press(tab)
                    assert name in screen_text(app), (name, tab)
                await pilot.press("1")
            # A notice naming the player: the elimination recorded, then undone.
            await app.screen.select_player(ODD[1])  # type: ignore[attr-defined]
            await pilot.press("e", "ctrl+r", "enter")
            assert service.state.find(ODD[1]).status == "out"  # type: ignore[union-attr]
            notices = [n.message for n in notifications(app)]
            assert any(ODD[1] in n for n in notices)
            assert all(not n.markup for n in notifications(app))
            assert ODD[1] in screen_text(app)
            # A warning notice from a screen, said as plain text too.
            app.screen.notify("[b]plain", severity="warning")
            await settle(pilot)
            assert "[b]plain" in screen_text(app)
    finally:
        service.close()


async def test_an_unexpected_error_writes_a_crash_report_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tdconsole.store.backup import backup_folder
    from tdconsole.ui.screens.console_actions import ConsoleActions

    path = odd_event(tmp_path / "odd.tdc")
    service = Tournament.open(path, clock=frozen)
    app = build_app(service, frozen, lang="en")
    secret = "scrypt$16384$8$1$" + "ab" * 16 + "$" + "cd" * 32

    def broken(self: ConsoleActions) -> None:
        pin = "4711"  # a local the report must not show
        raise RuntimeError(f"broken sanction {secret}" if pin else "")

    monkeypatch.setattr(ConsoleActions, "action_colour_up", broken)
    try:
        with pytest.raises(RuntimeError):
            async with app.run_test(size=(120, 40)) as pilot:
                await settle(pilot)
                await app.screen.select_player(ODD[0])  # type: ignore[attr-defined]
                await pilot.press("e", "ctrl+r", "enter")  # acknowledged: in the file
                # The key's action raises: the console ends (a key pressed through the pilot
                # would wait for a console at rest that is gone).
                app.call_later(app.screen.run_action, "colour_up")
                await crashed(app).wait()
        assert app.return_code == 1
        report = app.crash_report
        assert report is not None and report.parent == backup_folder(path)
        text = report.read_text("utf-8")
        assert "RuntimeError: broken sanction" in text and "in broken" in text
        assert "4711" not in text and secret not in text and "cd" * 32 not in text
    finally:
        service.close()
    again = Tournament.open(path, clock=frozen)
    try:
        assert again.state.find(ODD[0]).status == "out"  # type: ignore[union-attr]
    finally:
        again.close()


def test_the_command_line_says_one_line_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tdconsole.cli import ui_cmds

    class Crashed:
        service = None
        crash = RuntimeError("boom")
        crash_report = tmp_path / "crash-x.txt"
        return_code = 1
        tr = type("T", (), {"lang": "en"})()

        def run(self) -> None:
            return None

    monkeypatch.setattr("tdconsole.ui.app.build_app", lambda *a, **k: Crashed())
    args = type("A", (), {"event": str(odd_event(tmp_path / "e.tdc"))})()
    assert ui_cmds.run_console(args, "director") == 1  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "RuntimeError" in err and str(tmp_path / "crash-x.txt") in err
