"""The command palette (ctrl+p): every action, every player in play, every open table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual.command import DiscoveryHit, Hit, Hits, Provider

Entry = tuple[str, Callable[[], object], str]


class ConsoleCommands(Provider):
    """Entries come from the console screen (``palette_entries``), so the floor sees its own."""

    def _entries(self) -> list[Entry]:
        source = getattr(self.screen, "palette_entries", None)
        if source is None:
            return []
        entries: list[Entry] = source()
        return entries

    async def discover(self) -> Hits:
        for label, callback, help_text in self._entries():
            yield DiscoveryHit(label, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """Textual's fuzzy match, and the same on names as people type them (the domain's
        ``typed_key``: no case, no accents), so ``zoe`` and ``angstrom`` find Zoë Ångström."""
        from tdconsole.domain.state import typed_key  # the domain loads after the first frame

        matcher = self.matcher(query)
        plain = self.matcher(typed_key(query))
        for label, callback, help_text in self._entries():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(callback), help=help_text)
                continue
            score = plain.match(typed_key(label))
            if score > 0:
                yield Hit(score, Text(label), partial(callback), help=help_text)
