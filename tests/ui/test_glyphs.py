"""Every character the console draws is in Cascadia Mono, Windows Terminal's default font (a
glyph a font lacks is drawn from another font, at another width, or not at all).

What the console draws: the rendered screens the snapshot tests keep (``__snapshots__``: box
drawing, the suits, the footer's and the tabs' marks…), the console's own texts (string
literals of ``tdconsole/ui``, its stylesheets, the Italian catalogue), the big digits of
Textual's ``Digits`` and every glyph of its scrollbars. ``CHECKED`` lists them, each one looked
up in Cascadia Mono (2009.22 to 2407.24): a new character fails here until it is looked up too,
and where the font is installed (Debian's fonts-cascadia-code, Windows, a font folder) the list
is read against its cmap.
"""

from __future__ import annotations

import html
import inspect
import io
import os
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual.renderables.digits
import textual.scrollbar
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from tdconsole.ui import glyphs
from tdconsole.ui.app import ConsoleApp

from .test_actions import SIZE

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "tdconsole" / "ui"
SNAPSHOTS = Path(__file__).with_name("__snapshots__")
CATALOGUE = ROOT / "tdconsole" / "locale" / "it" / "LC_MESSAGES" / "tdconsole.po"

CHECKED = (
    "ª«°²·»Å×àèéëìòöù–—•…£€←↑→↓↔−≥─━│┃┌┏┐┓└┗┘┛├┣┤┫┴┷┻┼╋═╪╫╭╮╯╰╴╵╶╷╸╹╺╻▀▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▐▔▲▶○●♠♣♥♦❯"
)
"""The non-ASCII characters the console draws, each in Cascadia Mono (and Code) since 2009.22."""

FONT_FOLDERS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local" / "share" / "fonts",
    Path.home() / ".fonts",
    Path("/Library/Fonts"),
    Path.home() / "Library" / "Fonts",
    Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts",
    Path(os.environ.get("LOCALAPPDATA", "~")) / "Microsoft" / "Windows" / "Fonts",
)


def _non_ascii(text: str) -> set[str]:
    return {c for c in text if ord(c) > 127}


def _string_literals(source: str) -> Iterator[str]:
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING:
            yield token.string


def screen_text(svg: str) -> str:
    """The characters of a screen exported as SVG (where Textual writes every space as a
    no-break space)."""
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return html.unescape("".join(texts)).replace("\u00a0", " ")


def drawn() -> dict[str, str]:
    """Each non-ASCII character the console draws, with where it was first found."""
    found: dict[str, str] = {}

    def add(text: str, where: str) -> None:
        for char in _non_ascii(text):
            found.setdefault(char, where)

    for svg in sorted(SNAPSHOTS.rglob("*.svg")):
        add(screen_text(svg.read_text("utf-8")), svg.name)
    for path in sorted(UI.rglob("*.py")):
        for literal in _string_literals(path.read_text("utf-8")):
            add(literal, str(path.relative_to(ROOT)))
    for path in sorted(UI.rglob("*.tcss")):
        add(path.read_text("utf-8"), str(path.relative_to(ROOT)))
    with CATALOGUE.open("rb") as handle:
        for message in read_po(handle):
            said = message.string if isinstance(message.string, str) else "".join(message.string)
            add(said or "", CATALOGUE.name)
    for module in (textual.renderables.digits, textual.scrollbar):  # every position's glyph
        for literal in _string_literals(inspect.getsource(module)):
            add(literal, module.__name__)
    return found


def cascadia_mono() -> Path | None:
    """Cascadia Mono's file where a font folder has it (else Cascadia Code's: the same glyphs,
    with ligatures)."""
    fonts = [
        path
        for folder in FONT_FOLDERS
        if folder.is_dir()
        for path in folder.rglob("Cascadia*")
        if path.suffix.lower() in (".ttf", ".otf") and "italic" not in path.name.lower()
    ]
    fonts.sort(key=lambda path: ("Mono" not in path.name, path.name))
    return fonts[0] if fonts else None


def test_every_character_drawn_was_checked_in_cascadia() -> None:
    unchecked = {char: where for char, where in drawn().items() if char not in CHECKED}
    assert not unchecked, (
        "look these up in Cascadia Mono (fonts-cascadia-code), then add them to CHECKED, or "
        "draw another character: "
        + ", ".join(f"U+{ord(c):04X} {c} ({where})" for c, where in sorted(unchecked.items()))
    )


def test_the_checked_characters_are_in_cascadia_mono() -> None:
    font = cascadia_mono()
    if font is None:
        pytest.skip(
            "Cascadia Mono is not installed: apt-get install fonts-cascadia-code (Debian 13 "
            "and later), or put CascadiaMono.ttf in ~/.local/share/fonts"
        )
    cmap = TTFont(font, fontNumber=0).getBestCmap()
    missing = [f"U+{ord(c):04X} {c}" for c in CHECKED if ord(c) not in cmap]
    assert not missing, f"{font.name} lacks {', '.join(missing)}"


async def test_the_command_palette_draws_no_emoji(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        screen = app.export_screenshot()
    shown = _non_ascii(screen_text(screen))
    assert glyphs.SEARCH in shown
    assert not shown - set(CHECKED), sorted(shown - set(CHECKED))
