"""A run in the pseudo language (every translated text wrapped in ⟦…⟧) finds no word a user
reads outside the markers: the command line's outputs and errors, its help, the console's main
screens, every report. What escapes the markers is a text that escaped translation."""

from __future__ import annotations

import contextlib
import html
import json
import random
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main
from tdconsole.i18n import CLOSE, OPEN, PSEUDO
from tdconsole.reports import REPORTS
from tdconsole.reports.rendering import render
from tdconsole.service import Tournament

WORD = re.compile(r"[^\W\d_]{2,}")


def escaped(text: str, data: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` outside the markers, data (names, paths) left aside."""
    depth, kept = 0, []
    for char in text:
        if char == OPEN:
            depth += 1
            kept.append(" ")
        elif char == CLOSE:
            depth = max(0, depth - 1)
            kept.append(" ")
        else:
            kept.append(char if depth == 0 else " ")
    rest = "".join(kept)
    for item in sorted(data, key=len, reverse=True):
        rest = rest.replace(item, " ")
    return WORD.findall(rest)


def test_the_check_finds_a_word_left_out() -> None:
    assert escaped(f"{OPEN}Livello 3{CLOSE} Anna") == ["Anna"]
    assert escaped(f"{OPEN}Livello 3{CLOSE} Anna", ["Anna"]) == []
    assert escaped(f"{OPEN}a {OPEN}b{CLOSE} c{CLOSE} level") == ["level"]


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "demo.tdc"
    assert main(["demo", str(path), "--no-open"]) == 0
    capsys.readouterr()
    return path


def data_words(path: Path) -> list[str]:
    """What the event holds as data: the players' names, the event's name, its paths."""
    service = Tournament.open(path)
    try:
        state = service.state
        names = [p.name for p in state.players.values()]
        return [
            str(path.parent),
            str(path),
            *names,
            state.name,
            *state.name.split(),
            state.settings.currency,
            state.settings.director,
        ]
    finally:
        service.close()


# (Every command's help is checked in tests/cli/test_cli_help_lang.py. ``rule`` and ``rules
# list`` print the rulebooks' own texts, written in Italian and English
# apart from the catalogues: not checked here.)
COMMANDS: list[list[str]] = [
    ["state"],
    ["standings"],
    ["payouts"],
    ["clock"],
    ["clock", "plan"],
    ["log"],
    ["print", "standings"],
    ["print", "payouts"],
    ["clock", "announce"],  # refused: no change pending
    ["bust", "Nobody"],  # refused: no such player
    ["bust"],  # a usage error: a name is required
    ["frobnicate"],  # an invalid choice
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_the_command_line_says_nothing_outside_the_catalogue(
    argv: list[str], demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with contextlib.suppress(SystemExit):
        main(["--lang", PSEUDO, "--event", str(demo), *argv])
    out, err = capsys.readouterr()
    assert out or err
    # "error:" and "warning:" begin a refusal in every language (docs/cli.md).
    kept = re.sub(r"^(error|warning): ", "", out + err, flags=re.M)
    assert escaped(kept, [*data_words(demo), "tdconsole"]) == []


@pytest.mark.parametrize("kind", REPORTS)
@pytest.mark.parametrize("fmt", ["txt", "html"])
def test_every_report_says_nothing_outside_the_catalogue(
    kind: str, fmt: str, demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["--event", str(demo), "state", "--json"])
    state: dict[str, Any] = json.loads(capsys.readouterr().out)
    text = render(kind, state, fmt, lang=PSEUDO).decode("utf-8-sig")
    if fmt == "html":
        text = html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", " ", text, flags=re.S))
    assert escaped(text, data_words(demo)) == []


def screen_text(svg: str) -> str:
    """The characters a screenshot shows, row by row."""
    rows: dict[int, list[str]] = {}
    for row, text in re.findall(
        r'<text[^>]*clip-path="url\(#[^"]*-line-(\d+)\)"[^>]*>(.*?)</text>', svg
    ):
        rows.setdefault(int(row), []).append(html.unescape(text).replace("\xa0", " "))
    return "\n".join("".join(parts) for _row, parts in sorted(rows.items()))


# The console's main views: its tabs, the keys, the structure, a dialog, a calculator. (The
# settings screen shows each setting's label and meaning from the comments of the settings file,
# config/ordine.toml, written in Italian and English apart from the catalogues.)
KEYS: list[tuple[str, ...]] = [
    (),
    ("2",),
    ("3",),
    ("4",),
    ("5",),
    ("6",),
    ("question_mark",),
    ("S",),
    ("e",),
    ("f2",),
]


def key_name(keys: tuple[str, ...]) -> str:
    return "+".join(keys) or "tables"


async def test_the_console_shows_nothing_outside_the_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One console walks the views: after each, its screens are closed, its first tab shown
    and focused again, and that screen must be the one it opened with (a fresh start for the
    next view, as a console of its own would give). Every view is checked; failures name it."""
    from ui.conftest import NOW, frozen, lapse_by_hand, settle

    lapse_by_hand(monkeypatch)  # a key pressed, then the app at rest: a key pressed alone

    from tdconsole.demo import build_demo
    from tdconsole.ui.app import build_app

    path = build_demo(tmp_path / "demo.tdc", now=NOW)
    data = data_words(path)
    problems: dict[str, object] = {}
    service = Tournament.open(path, clock=frozen, rng=random.Random(1))
    try:
        app = build_app(service, frozen, lang=PSEUDO)
        app.animation_level = "none"  # the tabs' underline jumps: no frame caught mid-way
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            first, base = screen_text(app.export_screenshot()), len(app.screen_stack)
            console, focused = app.screen, app.focused
            for keys in KEYS:
                for key in keys:
                    await pilot.press(key)
                    await settle(pilot)
                shown = screen_text(app.export_screenshot())
                if not shown.strip():
                    problems[key_name(keys)] = "an empty screen"
                # Under a screen drawn over the console, its words show cut by its edge.
                cut = re.sub(r"[^\s⟦⟧]*[█▀▄][^\s⟦⟧]*", " ", shown)
                if words := escaped(cut, data):
                    problems[key_name(keys)] = (words, shown)
                while len(app.screen_stack) > base:
                    app.pop_screen()
                await console.action_tab("tables")
                app.set_focus(focused)
                await settle(pilot)
                if screen_text(app.export_screenshot()) != first:
                    problems[f"after {key_name(keys)}"] = "the first screen did not come back"
    finally:
        service.close()
    assert problems == {}, problems
