"""Keys typed while a dialog opens go into it, in order.

Textual hands each key to the widget focused when it reads it: the keys typed right after
``e`` go to the console beneath, or to the dialog's screen before its field is focused, and
come back unused, dropped (on a busy machine the name typed after ``e`` was lost). Here the
App holds every key from the dialog's push until the dialog says it is open
(``release_keys``), then hands them on one at a time, through its usual way (its own bindings
first, then the focused field), each before any key typed after it.
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import App
from textual.message import Message
from textual.screen import Screen


class HeldKey(events.Key):
    """A key held while a dialog opened, handed on: it is not held again. It keeps the time
    it was typed (``type_ahead`` measures its window on it)."""

    @classmethod
    def of(cls, key: events.Key) -> HeldKey:
        held = cls(key.key, key.character)
        held.time = key.time
        return held


# Handled as the key it is (Textual names a message's handler after its class).
HeldKey.handler_name = events.Key.handler_name


class KeysReleased(Message):
    """``screen`` is open: hand on the next key held for it."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen = screen


class HeldKeysApp(App[int]):
    """An App that holds the keys typed while a dialog opens, then hands them on in order."""

    def __init__(self) -> None:
        super().__init__()
        self.opening: Screen[Any] | None = None
        """The screen being opened, which the keys typed meanwhile are held for."""
        self.held: list[events.Key] = []

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``push_screen``; a screen that says when it is open (``HOLDS_KEYS``: it
        calls ``release_keys``) has the keys typed meanwhile. One kept and opened again
        (``Dialog.reopen``: its fields emptied and focused before the push) is open once
        pushed: the keys typed before are handed on after those already waiting, in order
        (a key already handed to the screen beneath comes back unused, and would be lost)."""
        holds = isinstance(screen, Screen) and getattr(screen, "HOLDS_KEYS", False)
        if not holds:
            return super().push_screen(screen, *args, **kwargs)
        kept = screen.is_mounted
        self.opening = screen
        pushed = super().push_screen(screen, *args, **kwargs)
        if kept:
            self.release_keys(screen)
        return pushed

    def release_keys(self, screen: Screen[Any]) -> None:
        """``screen`` is open: the keys held for it go on, after those already waiting."""
        if screen is self.opening:
            self.post_message(KeysReleased(screen))

    async def on_event(self, event: events.Event) -> None:
        # A key typed meanwhile, or one already handed to the screen beneath (typed before the
        # dialog was pushed) that comes back unused.
        if (
            isinstance(event, events.Key)
            and not isinstance(event, HeldKey)
            and self.opening is not None
        ):
            if self.opening in self.screen_stack:
                self.held.append(event)
                return
            # The screen closed before it opened: hold no more, this key after those held.
            self.held.append(event)
            self._hand_on()
            return
        await super().on_event(event)

    @on(KeysReleased)
    def _released(self, message: KeysReleased) -> None:
        if message.screen is not self.opening:
            return  # another dialog opened meanwhile: its own release hands the keys on
        if not self.held:
            self.opening = None
            return
        # One key, then the next release: a key that opens another dialog holds the rest.
        key = self.held.pop(0)
        self.post_message(HeldKey.of(key))
        self.post_message(KeysReleased(message.screen))

    def _hand_on(self) -> None:
        """Hold no more: every key held goes on, in order."""
        self.opening = None
        held, self.held = self.held, []
        for key in held:
            self.post_message(HeldKey.of(key))
