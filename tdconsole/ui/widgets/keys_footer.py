"""The footer of keys, rebuilt only when the keys it shows change.

Textual's footer rebuilds its keys (a widget each, styled and laid out) at every change of the
screen's bindings: a dialog opened over the console and closed again, a focus moved. Behind the
elimination's Enter that was 60-100 ms of work for a footer showing the same keys as before.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[object, ...]


class KeysFooter(Footer):
    _composed: Shown | None = None
    """What the keys shown were built from (``shown``), at the last composition."""

    def shown(self) -> Shown:
        """All the footer's composition reads: the screen's keys, whether each is enabled,
        their tooltips, and the footer's own two settings."""
        keys = tuple(
            (key, active.binding, active.enabled, active.tooltip)
            for key, active in self.screen.active_bindings.items()
        )
        return (keys, self.compact, self.show_command_palette)

    def compose(self) -> ComposeResult:
        self._composed = self.shown() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if (
            self._composed is not None
            and self.is_attached
            and screen is self.screen
            and self.shown() == self._composed
        ):
            return
        super().bindings_changed(screen)
