"""The keys' footer, rebuilt only when the keys it shows change.

Textual's footer rebuilds itself (a new widget per key, each styled and laid out) whenever its
screen's bindings are updated, which Textual signals at every change of focus: a dialog opened
or closed, a field or a table focused. Most of those changes leave the same keys on show, and the
rebuild was a large share of what a key costs the console (profiled: about 7 % of the console's
CPU through a walk of its screens). This footer compares the keys it would show with the ones it
shows and leaves itself alone when they are the same."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, object, bool, str], ...]


class KeysFooter(Footer):
    """Textual's footer, recomposed only when its keys, their words or their state change."""

    _shown: Shown | None = None
    recomposed = 0
    """How many times it was rebuilt (what the tests count)."""

    def _keys(self) -> Shown:
        """What the footer shows: each shown binding's key, action, words, group and state,
        and the command palette's key when it is offered."""
        return tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show or binding.action == "command_palette"
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        # (Textual's own test first: before the first keys, or with the app unfocused, or on
        # another screen, it does what Textual does.)
        ready = self._bindings_ready and screen.app.app_focus
        if ready and self.is_attached and screen is self.screen and self._keys() == self._shown:
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._shown = self._keys()
            self.recomposed += 1
        yield from super().compose()
