"""The keys' footer, changed only when the keys it shows change, and then in place.

Textual's footer rebuilds itself (a new widget per key, each styled and laid out) whenever its
screen's bindings are updated, which Textual signals at every change of focus: a dialog opened
or closed, a field or a table focused. Most of those changes leave the same keys on show, and the
rebuild was a large share of what a key costs the console (profiled: about 7 % of the console's
CPU through a walk of its screens). This footer compares the keys it would show with the ones it
shows and leaves itself alone when they are the same; signals that come before an asked-for
update has run (three as the console opens) are answered by that one update, which gives the
key widgets their new keys, words and state in place, mounting or removing only the keys added
or gone (another tab shows a key more or less: its widgets are not all rebuilt), or nothing
when the keys went back to the ones shown meanwhile."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from tdconsole.ui.textual_reach import (
    FooterKey,
    footer_ready,
    keep_footer_key_compact,
    set_footer_key,
)

Shown = tuple[tuple[str, str, str, object, bool, str], ...]

PALETTE = "-command-palette"
"""The class of the command palette's key (docked on the right)."""


class KeysFooter(Footer):
    """Textual's footer, changed only when its keys, their words or their state change."""

    _shown: Shown | None = None
    recomposed = 0
    """How many times it was rebuilt whole (what the tests count)."""
    updated = 0
    """How many times its keys were changed in place."""

    def _keys(self) -> Shown:
        """What the footer shows: each shown binding's key, action, words, group and state,
        and the command palette's key when it is offered."""
        return tuple(
            (binding.key, binding.action, binding.description, binding.group, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show or binding.action == "command_palette"
        )

    _pending = False
    """An update is asked for and has not run yet: it will show the keys as they are then."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        # (Textual's own test first: before the first keys, or with the app unfocused, or on
        # another screen, it does what Textual does: the update after the next refresh.)
        here = self.is_attached and screen is self.screen
        ready = footer_ready(self) and screen.app.app_focus
        if ready and here and (self._pending or self._keys() == self._shown):
            return
        super().bindings_changed(screen)
        self._pending = screen.app.app_focus and here

    async def recompose(self) -> None:
        self._pending = False
        if footer_ready(self) and self.is_attached and self._shown is not None:
            keys = self._keys()
            if keys == self._shown:
                return
            if await self._changed_in_place(keys):
                return
        await super().recompose()

    async def _changed_in_place(self, keys: Shown) -> bool:
        """The keys shown made ``keys`` by changing the key widgets there are, mounting the
        ones more and removing the ones fewer; False (nothing changed) where a key is in a
        group (Textual shows a group with widgets of another kind)."""
        if any(group is not None for (_, _, _, group, _, _) in keys):
            return False
        old = list(self.query_children(FooterKey))
        if len(old) != len(self.children):
            return False
        new = [w for w in super().compose() if isinstance(w, FooterKey)]
        old_palette = [w for w in old if w.has_class(PALETTE)]
        new_palette = [w for w in new if w.has_class(PALETTE)]
        if len(old_palette) != len(new_palette):
            return False
        plain = [w for w in old if not w.has_class(PALETTE)]
        fresh = [w for w in new if not w.has_class(PALETTE)]
        # The keys alike at both ends stay where they are; those between are changed in
        # place, and the ones more (or fewer) mounted (or removed) where they differ.
        head = _alike(plain, fresh)
        tail = _alike(plain[head:][::-1], fresh[head:][::-1])
        middle, changed = plain[head : len(plain) - tail], fresh[head : len(fresh) - tail]
        for widget, like in [
            *zip(plain[:head], fresh[:head], strict=True),
            *zip(plain[len(plain) - tail :], fresh[len(fresh) - tail :], strict=True),
            *zip(middle, changed, strict=False),
            *zip(old_palette, new_palette, strict=True),
        ]:
            set_footer_key(widget, like)
        self._shown = keys
        self.updated += 1
        if len(changed) > len(middle):
            more = changed[len(middle) :]
            for widget in more:
                keep_footer_key_compact(widget, self.compact)
            after = plain[len(plain) - tail :] + old_palette
            await self.mount_all(more, before=after[0] if after else None)
        elif len(changed) < len(middle):
            await self.remove_children(middle[len(changed) :])
        return True

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


def _alike(shown: list[FooterKey], fresh: list[FooterKey]) -> int:
    """How many keys at the start of ``shown`` are bound to the keys at the start of
    ``fresh``."""
    count = 0
    for widget, like in zip(shown, fresh, strict=False):
        if (widget.key, widget.action) != (like.key, like.action):
            break
        count += 1
    return count
