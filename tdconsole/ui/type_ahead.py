"""The console's one input model: a word typed is never an action.

A letter that is a key of the screen (``e``, ``B``, ``p`` …) pressed where no field takes it
waits ``TYPE_AHEAD_SECONDS``: another printable key typed within that time makes the two the
start of a word, which goes to the screen's search (``typed_word``) with every letter after
it, the first one and its case included; no key follows, or a key that is not typing (Enter,
Escape, ``ctrl+r``, an arrow), and the letter acts as its key, before that key. A letter that
is no key of the screen begins a word at once. Keys typed while the dialog a letter opens is
being built are held for it (``held_keys``).

The window is measured between the keys' own times (``events.Key.time``: when the terminal
delivered them), so a busy console does not merge two keys typed apart nor split a word; the
letter left alone acts when ``lapse_later`` says the window has passed (a timer; a test says
it by hand: ``tests/ui/conftest.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import events, on
from textual.message import Message

from tdconsole.ui.held_keys import HeldKey, HeldKeysApp

TYPE_AHEAD_SECONDS = 0.3
"""How long a key letter waits for the next letter of a word."""


@dataclass
class Waiting:
    """A key letter waiting to know whether a word follows."""

    key: events.Key
    number: int
    """Which waiting this is: a lapse told for an earlier one does nothing."""


class Lapsed(Message):
    """The window after the key letter ``number`` has passed: it acts."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number


def typing(key: events.Key) -> bool:
    """A key that goes on a word (a letter, a space, a digit, an apostrophe …)."""
    return key.is_printable


def starts_word(key: events.Key) -> bool:
    return (key.character or "").isalpha()


class TypeAheadApp(HeldKeysApp):
    """An App whose screens' letter keys act only when pressed alone (module docstring).

    A screen may say which letters are its keys (``letter_keys``; else its active bindings),
    take a word (``typed_word(text, new)``: ``new`` for the word's first letters, the rest one
    at a time when they come back unused; else the word is dropped), and answer a key pressed
    alone before its binding runs (``key_alone(key)``: True when it answered, a refusal)."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: Waiting | None = None
        self.word_at: float | None = None
        """When the last letter of the word being typed came (None: no word under way)."""
        self._waitings = 0

    def lapse_later(self, number: int) -> None:
        """Tell ``Lapsed(number)`` once the window has passed."""
        self.set_timer(TYPE_AHEAD_SECONDS, lambda: self.post_message(Lapsed(number)))

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or (
            self.opening is not None and not isinstance(event, HeldKey)
        ):
            await super().on_event(event)
            return
        if self.waiting is not None:
            first = self.waiting.key
            if typing(event) and event.time - first.time <= TYPE_AHEAD_SECONDS:
                # Two keys at once: a word, never the first one's action.
                self.waiting = None
                self.word_at = event.time
                await self._word((first.character or "") + (event.character or ""), new=True)
                return
            await self._act(first)
            if self.opening is not None:  # its dialog opens: this key is held for it
                await super().on_event(event)
                return
        if not event.is_forwarded:
            if self.word_at is not None and not self._goes_on(event):
                self.word_at = None
            elif self.word_at is not None:
                self.word_at = event.time
            await super().on_event(event)
            return
        # Come back unused from the widget it was handed to, before the keys' bindings.
        if self._goes_on(event):
            self.word_at = event.time
            await self._word(event.character or "", new=False)
            return
        if starts_word(event) and event.key in self._letter_keys():
            self._waitings += 1
            self.waiting = Waiting(event, self._waitings)
            self.lapse_later(self._waitings)
            return
        if starts_word(event) and hasattr(self.screen, "typed_word"):
            self.word_at = event.time
            await self._word(event.character or "", new=True)
            return
        self.word_at = None  # a key that is not typing ends the word (Enter)
        await self._act(event)

    def _goes_on(self, key: events.Key) -> bool:
        """``key`` goes on the word under way."""
        return (
            self.word_at is not None
            and typing(key)
            and key.time - self.word_at <= TYPE_AHEAD_SECONDS
        )

    def _letter_keys(self) -> Any:
        keys = getattr(self.screen, "letter_keys", None)
        return keys() if keys is not None else self.screen.active_bindings

    async def _word(self, text: str, *, new: bool) -> None:
        typed_word = getattr(self.screen, "typed_word", None)
        if typed_word is not None:
            await typed_word(text, new)

    async def _act(self, key: events.Key) -> None:
        """A key pressed alone: the screen's answer (a refusal), else its binding."""
        self.waiting = None
        key_alone = getattr(self.screen, "key_alone", None)
        if key_alone is not None and key_alone(key.key):
            return
        await super().on_event(key)

    @on(Lapsed)
    async def _lapsed(self, message: Lapsed) -> None:
        message.stop()
        if self.waiting is not None and self.waiting.number == message.number:
            await self._act(self.waiting.key)
