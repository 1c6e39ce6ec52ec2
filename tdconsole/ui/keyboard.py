"""The console's one input model: every key is the App's from the moment it arrives, and a
word typed is never an action.

Where a field has the keys (an ``Input``, or a screen that takes what is typed: Textual's
``check_consume_key``) they go to it Textual's usual way. Elsewhere the App decides each key
as it arrives, in the order typed, before the next is read:

- a letter that is a key of the screen (``e``, ``B``, ``p`` …) waits ``TYPE_AHEAD_SECONDS``:
  another printable key within that time makes both the start of a word, which goes to the
  screen's search (``typed_word``) with every letter after it, case kept; no key follows, or a
  key that is not typing (Enter, Escape, ``ctrl+r``, an arrow), and the letter acts as its key,
  before that key;
- a letter that is no key of the screen begins a word at once;
- any other key runs its binding at once (a tab's digit brings its tab before the name typed
  after it is read); a key that does not apply says why (``key_alone``).

Keys typed while the dialog a key opens is being built are held for it and handed to it in
order once it says it is open (``release``). Keys typed after an Enter a field has wait until
what that Enter does is done (``_settle``), and while the action a dialog asked is recorded
(``recording``): never a digit added to the count Enter records, never a key lost in a dialog
closing. The window is measured between the keys' own
times (``events.Key.time``: when the terminal delivered them), so a busy console neither
merges two keys typed apart nor splits a word; the letter left alone acts when ``lapse_later``
says the window has passed (a timer; a test says it by hand: ``tests/ui/conftest.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen

TYPE_AHEAD_SECONDS = 0.3
"""How long a key letter waits for the next letter of a word."""


class HeldKey(events.Key):
    """A key held while a dialog opened, handed on: it is not held again. It keeps the time
    it was typed (the type-ahead's window is measured on it)."""

    after = False
    """Held after an Enter or while a dialog's action was recorded (``Keyboard.after``)."""

    @classmethod
    def of(cls, key: events.Key, *, after: bool = False) -> HeldKey:
        held = cls(key.key, key.character)
        held.time = key.time
        held.after = after
        return held


# Handled as the key it is (Textual names a message's handler after its class).
HeldKey.handler_name = events.Key.handler_name


@dataclass
class Waiting:
    """A key letter waiting to know whether a word follows."""

    key: events.Key
    number: int
    """Which waiting this is: a lapse told for an earlier one does nothing."""


def typing(key: events.Key) -> bool:
    """A key that goes on a word (a letter, a space, a digit, an apostrophe …)."""
    return key.is_printable


def starts_word(key: events.Key) -> bool:
    return (key.character or "").isalpha()


class Keyboard:
    """The App's keys (module docstring). The App hands every key to ``take`` first, tells
    ``pushing`` of each screen it pushes, and a dialog says ``release`` once it is open.

    A screen may say which letters are its keys (``letter_keys``; else its active bindings),
    take a word (``typed_word(text, new)``: ``new`` for the word's first letters, then one at
    a time; else the word is dropped), and answer a key pressed alone that no binding takes
    now (``key_alone(key)``: True when it answered, a refusal)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.opening: Screen[Any] | None = None
        """The screen being opened, which the keys typed meanwhile are held for."""
        self.held: list[events.Key] = []
        self.waiting: Waiting | None = None
        self.word_at: float | None = None
        """When the last letter of the word being typed came (None: no word under way)."""
        self._waitings = 0
        self.settling = False
        """An Enter handed to a field is being done: the keys after it wait (``after``)."""
        self.closing: Screen[Any] | None = None
        """A dialog whose action is being recorded: the keys after it wait (``after``) for
        what is in front once it closes (the dialog itself, when the action is refused)."""
        self.after: list[events.Key] = []

    # -- dialogs being opened -----------------------------------------------------------
    def pushing(self, screen: Any) -> bool:
        """``screen`` is being pushed. One that says when it is open (``HOLDS_KEYS``: it calls
        ``release``) has the keys typed meanwhile. True for one kept and opened again
        (``Dialog.reopen``: its fields emptied and focused before the push), which is open
        once pushed: the App then calls ``release`` itself."""
        if not (isinstance(screen, Screen) and getattr(screen, "HOLDS_KEYS", False)):
            return False
        self.opening = screen
        return screen.is_mounted

    def release(self, screen: Screen[Any]) -> None:
        """``screen`` is open: the keys held for it go on, one at a time, after those already
        waiting (a key that opens another dialog holds the rest)."""
        if screen is self.opening:
            self.app.call_later(self._release_one, screen)

    def _release_one(self, screen: Screen[Any]) -> None:
        if screen is not self.opening:
            return  # another dialog opened meanwhile: its own release hands the keys on
        if not self.held:
            self.opening = None
            return
        self.app.post_message(HeldKey.of(self.held.pop(0)))
        self.app.call_later(self._release_one, screen)

    def _hold(self, key: events.Key) -> None:
        assert self.opening is not None
        self.held.append(key)
        if self.opening not in self.app.screen_stack:
            # The screen closed before it opened: hold no more, every key on in order.
            self.opening = None
            held, self.held = self.held, []
            for each in held:
                self.app.post_message(HeldKey.of(each))

    # -- every key as it arrives --------------------------------------------------------
    async def take(self, key: events.Key) -> bool:
        """The App's decision on ``key``: True when it is taken here (held, on a word,
        waiting, acted on); False: it goes Textual's usual way."""
        self._forget_closed()
        if self.settling or self.closing is not None or self.after:
            if not (key.is_forwarded or isinstance(key, HeldKey)):
                self.after.append(key)  # typed while an Enter is done: in turn after it
                return True
            if isinstance(key, HeldKey) and key.after and not self._goes_after():
                self.after.insert(0, key)  # handed on, and an Enter again is being done
                return True
        if self.opening is not None and not isinstance(key, HeldKey):
            # Typed meanwhile, or one handed to the screen beneath that comes back unused.
            self._hold(key)
            return True
        if key.is_forwarded:
            return False  # come back from a field: its bindings, Textual's usual way
        if self.waiting is not None:
            first = self.waiting.key
            if typing(key) and key.time - first.time <= TYPE_AHEAD_SECONDS:
                # Two keys at once: a word, never the first one's action.
                self.waiting = None
                self.word_at = key.time
                await self._word((first.character or "") + (key.character or ""), new=True)
                return True
            await self._act(first)
            if self.opening is not None:  # its dialog opens: this key is held for it
                self._hold(key)
                return True
        if self._field_has_keys():
            self.word_at = None
            if key.key == "enter":
                self._settle(self.app.focused or self.app.screen)
            return False
        if self._goes_on(key):
            self.word_at = key.time
            await self._word(key.character or "", new=False)
            return True
        self.word_at = None
        if starts_word(key) and key.key in self._letter_keys():
            self._waitings += 1
            self.waiting = Waiting(key, self._waitings)
            self.lapse_later(self._waitings)
            return True
        if starts_word(key):
            self.word_at = key.time
            await self._word(key.character or "", new=True)
            return True
        return await self._act(key)

    # -- an Enter a field has ------------------------------------------------------------
    def _settle(self, field: Any) -> None:
        """Enter goes to ``field`` (Textual's usual way): the keys after it wait until it is
        done. The key goes up from the field, node by node, to the App, which runs its
        binding (an ``Input``'s: submit); the message that posts goes up the same way to
        its handler. A callback put in a node's queue runs after what was queued there
        before it: one sent up the same way, twice, is behind both (a node gone meanwhile
        is passed over; the App is always there)."""
        self.settling = True
        way_up = [node for node in field.ancestors_with_self if node is not self.app]
        way_up.append(self.app)
        self.app.call_later(self._hop, [*way_up, *way_up])  # after the App hands Enter on

    def _hop(self, nodes: list[Any]) -> None:
        while nodes:
            if nodes.pop(0).call_later(self._hop, nodes):
                return
        self.settling = False
        self._next_after()

    def _next_after(self) -> None:
        """The keys typed after the Enter go on, one at a time (one may be an Enter again,
        or open a dialog: the rest then wait for it)."""
        if not self.after or not self._goes_after():
            return
        if self.opening is not None:
            self.held.extend(self.after)
            self.after.clear()
            return
        self.app.post_message(HeldKey.of(self.after.pop(0), after=True))
        self.app.call_later(self._next_after)

    def _goes_after(self) -> bool:
        """The keys typed after an Enter may go on: nothing they wait for is under way."""
        return not self.settling and self.closing is None

    def _forget_closed(self) -> None:
        """A dialog gone with no write of its under way (closed by a click before its action
        reached the App): nothing is recorded, the keys held for it go on."""
        closing = self.closing
        if closing is None or closing in self.app.screen_stack:
            return
        if not getattr(self.app, "writing", False):
            self.recorded()

    def recording(self, dialog: Screen[Any]) -> None:
        """``dialog``'s action is being recorded: it closes once it is."""
        self.closing = dialog

    def recorded(self) -> None:
        """The action is recorded (its dialog closed) or refused: the keys typed meanwhile
        go on."""
        if self.closing is not None:
            self.closing = None
            self.app.call_later(self._next_after)

    def lapse_later(self, number: int) -> None:
        """``lapse(number)`` once the window has passed, in turn with the keys."""
        self.app.set_timer(TYPE_AHEAD_SECONDS, lambda: self.app.call_later(self.lapse, number))

    async def lapse(self, number: int) -> None:
        """The window after the key letter ``number`` has passed: it acts."""
        if self.waiting is not None and self.waiting.number == number:
            await self._act(self.waiting.key)

    def _field_has_keys(self) -> bool:
        """A field takes what is typed: the focused widget, or the screen itself (a question
        that notes stray letters)."""
        return any(
            node is not None and node.check_consume_key("a", "a")
            for node in (self.app.focused, self.app.screen)
        )

    def _goes_on(self, key: events.Key) -> bool:
        """``key`` goes on the word under way."""
        return (
            self.word_at is not None
            and typing(key)
            and key.time - self.word_at <= TYPE_AHEAD_SECONDS
        )

    def _letter_keys(self) -> Any:
        keys = getattr(self.app.screen, "letter_keys", None)
        return keys() if keys is not None else self.app.screen.active_bindings

    async def _word(self, text: str, *, new: bool) -> None:
        typed_word = getattr(self.app.screen, "typed_word", None)
        if typed_word is not None:
            await typed_word(text, new)

    async def _act(self, key: events.Key) -> bool:
        """A key pressed alone: its binding, at once; a key without one that applies, the
        screen's answer (a refusal). False: neither takes it (it goes Textual's usual way, to
        the focused widget)."""
        if self.waiting is not None and self.waiting.key is key:
            self.waiting = None
        screen = self.app.screen
        bound = screen.active_bindings.get(key.key)
        if bound is not None and bound.enabled:
            await self.app.run_action(bound.binding.action, bound.node)
            return True
        key_alone = getattr(screen, "key_alone", None)
        return key_alone is not None and key_alone(key.key)
