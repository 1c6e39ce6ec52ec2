"""The console on a file holding what a terminal obeys: an event named
``Serata\\e]0;pwned\\a`` retitles no window, and no widget shows a control character."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from tdhelpers.support import started, tamper_texts

from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import build_app
from tdconsole.ui.screens.opening import OpeningScreen
from tdconsole.ui.textual_reach import notifications

from .conftest import frozen

OBEYED = ("\x1b", "\x07", "\u202e", "\x9b", "\x00")


def hostile_event(path: Path) -> Path:
    service = Tournament.create(path, "Serata", load_settings(), clock=frozen, rng=random.Random(3))
    names = ["Bob", *(f"Giocatore {i}" for i in range(1, 12))]
    started(service, names, seed=3)
    service.execute(RecordRuling(players=["Bob"], articles=["VII.1"], text="ok"))
    service.execute(Sanction(name="Bob", kind="warning", reason="slow"))
    service.close()
    tamper_texts(
        path,
        {
            "Serata": "Serata\x1b]0;pwned\x07",
            "Bob": "Bob\x1b[2J\u202e",
            "ok": "ok\x1b[31m\x9b2J",
            "slow": "slow\x00\x07",
        },
        actor="Eve\x1b]2;x\x07",
    )
    return path


async def test_no_view_of_the_console_shows_a_control_character(tmp_path: Path) -> None:
    """Attack: the same older file opened in the console. Holds: none of its tabs, its opening
    screen or a refusal shows a control character."""
    service = Tournament.open(hostile_event(tmp_path / "old.tdc"), clock=frozen)
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=(140, 45)) as pilot:
            await pilot.pause()
            seen = []
            for key in ("1", "2", "3", "4", "5"):
                await pilot.press(key)
                await pilot.pause()
                seen.append(app.export_screenshot())
            screens = "".join(seen)
            for char in OBEYED:
                assert char not in screens, repr(char)
            assert "Serata\\u001b]0;pwned\\u0007" in screens  # the title bar, escaped
            assert "Bob\\u001b[2J\\u202e" in screens
            assert "\x1b" not in app.title and "\x1b" not in (app.sub_title or "")
            ruling = service.state.rulings[0]
            assert ruling.text == "ok\\u001b[31m\\u009b2J"
            assert service.log()[-1].actor == "Eve\\u001b]2;x\\u0007"
    finally:
        service.close()


async def test_the_opening_screen_escapes_the_file_name_and_the_error() -> None:
    """``tdconsole --event $'x\\e]0;y\\a.tdc'``: the name said while the event opens, and the
    refusal said when it cannot be opened."""
    release = threading.Event()

    def load() -> Tournament:
        release.wait(10)
        raise RuntimeError("cannot open x\x1b]0;pwned\x07.tdc")

    app = build_app(None, frozen, loader=load, title="x\x1b]0;pwned\x07")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, OpeningScreen)
        shot = app.export_screenshot()
        assert "x\\u001b]0;pwned\\u0007" in shot
        for char in OBEYED:
            assert char not in shot, repr(char)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = [n.message for n in notifications(app)]
        assert any("x\\u001b]0;pwned\\u0007.tdc" in m for m in messages)
        assert not any("\x1b" in m for m in messages)
