"""The keys' footer, rebuilt only when the keys it shows change.

Textual's footer rebuilds itself (a new widget per key, each styled and laid out) whenever its
screen's bindings are updated, which Textual signals at every change of focus: a dialog opened
or closed, a field or a table focused. Most of those changes leave the same keys on show, and the
rebuild was a large share of what a key costs the console (profiled: about 7 % of the console's
CPU through a walk of its screens). This footer compares the keys it would show with the ones it
shows and leaves itself alone when they are the same; signals that come before an asked-for
rebuild has run (three as the console opens) are answered by that one rebuild."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from tdconsole.ui.textual_reach import footer_ready, keep_footer_key_compact

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

    _pending = False
    """A rebuild is asked for and has not run yet: it will show the keys as they are then."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        # (Textual's own test first: before the first keys, or with the app unfocused, or on
        # another screen, it does what Textual does.)
        here = self.is_attached and screen is self.screen
        ready = footer_ready(self) and screen.app.app_focus
        if ready and here and (self._pending or self._keys() == self._shown):
            return
        super().bindings_changed(screen)
        # (Textual asks for a rebuild after the next refresh: the signals until then, several
        # as a console opens, are answered by that one rebuild.)
        self._pending = screen.app.app_focus and here

    async def recompose(self) -> None:
        self._pending = False
        await super().recompose()

    def compose(self) -> ComposeResult:
        if footer_ready(self):
            self._shown = self._keys()
            self.recomposed += 1
        for widget in super().compose():
            # (Textual's key is made compact, then told it is not by the footer as it is
            # mounted: each key styled twice more for nothing. The palette's key is not bound
            # to the footer's style: it stays compact, as Textual makes it.)
            keep_footer_key_compact(widget, self.compact)
            yield widget
