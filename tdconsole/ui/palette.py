"""The command palette (ctrl+p): every action, every player in play, every open table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.align import Align
from rich.text import Text
from textual.command import (
    DiscoveryHit,
    Hit,
    Hits,
    Provider,
    SearchIcon,
)
from textual.content import Content
from textual.fuzzy import Matcher
from textual.widgets.option_list import Option

from tdconsole.ui.glyphs import SEARCH
from tdconsole.ui.i18n import Translator
from tdconsole.ui.textual_reach import PaletteReach, no_matches_id

Entry = tuple[str, Callable[[], object], str, str]
"""The label, what it does, its key (or a word of help), and its group: the name of the player
it acts on ("" for none). A player's entries are shown together, always in the same order."""


def highlighted(matcher: Matcher, label: str) -> Content:
    """``label`` as it is (never markup: "[red]Bob" is a name), the letters matched marked."""
    content = Content(label)
    score, offsets = matcher.fuzzy_search.match(matcher.query, label)
    if not score:
        return content
    for offset in offsets:
        if not label[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


class ConsoleCommands(Provider):
    """Entries come from the console screen (``palette_entries``), so the floor sees its own."""

    def _entries(self) -> list[Entry]:
        source = getattr(self.screen, "palette_entries", None)
        if source is None:
            return []
        entries: list[Entry] = source()
        return entries

    async def discover(self) -> Hits:
        for label, callback, help_text, _group in self._entries():
            yield DiscoveryHit(Content(label), callback, text=label, help=help_text)

    async def search(self, query: str) -> Hits:
        """Textual's fuzzy match, and the same on names as people type them (the domain's
        ``typed_key``: no case, no accents), so ``zoe`` and ``angstrom`` find Zoë Ångström.

        The entries of one player share the best score among them: the palette lists them
        together, in the order they are given (the palette's sort keeps it for equal scores),
        so Down+Enter opens the same kind of entry whatever the name."""
        # lazy: the name matching would delay the first frame (loaded after it)
        from tdconsole.domain.identity import typed_key

        matcher = self.matcher(query)
        plain = self.matcher(typed_key(query))
        found: list[tuple[float, Content, Entry]] = []
        best: dict[str, float] = {}
        for entry in self._entries():
            label, _callback, _help, group = entry
            score = matcher.match(label)
            display = highlighted(matcher, label)
            if score <= 0:
                score = plain.match(typed_key(label))
                display = Content(label)
            if score > 0:
                found.append((score, display, entry))
                if group:
                    best[group] = max(best.get(group, 0.0), score)
        for score, display, (label, callback, help_text, group) in found:
            shared = best[group] if group else score
            yield Hit(shared, display, partial(callback), text=label, help=help_text)


class ConsolePalette(PaletteReach):
    """Textual's command palette with its own words in the console's language: the search
    box's placeholder and the line shown when nothing matches; and a mark before the box that
    every terminal font has (Textual's magnifier is an emoji)."""

    def __init__(self, tr: Translator) -> None:
        super().__init__(placeholder=tr("Search for commands…"), id="--command-palette")
        self.tr = tr

    def on_mount(self) -> None:
        self.query_one(SearchIcon).icon = SEARCH

    def no_matches(self) -> Option:
        """The line shown when nothing matches what was typed."""
        nothing = Text(self.tr("No matches found"), style="not bold")
        return Option(Align.center(nothing), disabled=True, id=no_matches_id(self))
