"""A command's fields as every face asks for them, and the command built from what was typed.

A ``Slice`` is what a command module declares once: its description (``described``), its
fields (``Field``), its dialog's heading and button. The command line builds its parser from
the fields (``cli.slice_cmds``), the console its dialog (``ui.dialogs.slice_dialog``); both
hand what was typed, as text, to ``Slice.build``, which reads each field the same way and
refuses in one line, naming the field and its article. The result is said by the command's own
summary in the reader's language: the log's, the command line's and the console's sentence.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, EventBody
from tdconsole.domain.numbers import whole_number
from tdconsole.domain.slices.manifest import SLICE_MODULES
from tdconsole.domain.state import State
from tdconsole.i18n import Msg, _

Kind = Literal["whole", "text", "player", "choice"]
"""A whole number within bounds; a text; a player's name (the command line's ``NAME``, the
dialog's name field with the players' completion, opened on the player under the cursor); one
of the entries the State offers, by its number (the dialog lists them: ``Field.choices``)."""

Choice = tuple[int, tuple[str | Msg, ...]]
"""An entry a ``choice`` field offers: its number, and its words (shown side by side)."""

Aftermath = Callable[[Sequence[EventBody], State], list[Msg]]
"""What a command's events did beyond its summary (a refund, who moved up), said after it."""

Several = Literal["names", "wholes", "flag"]
"""Several players' names (the command line's ``NAME [NAME ...]``, the dialog's names typed
with commas, each completed among the players); several whole numbers within bounds (``N
[N ...]``, typed with commas or spaces); a yes or no (an option without a value, ``--food``;
the dialog's switch)."""

Typed = str | Sequence[str] | bool | None
"""A field as a face hands it over: its text (the dialog's, the phone's), the words given on
the command line (``NAME [NAME ...]``), or a switch's state (None: not given)."""

Value = int | str | bool | list[str] | list[int] | None
"""A field's value as the command takes it."""

Otherwise = Callable[[State, Mapping[str, Value]], list[str]]
"""The names a ``names`` field left empty in the dialog means, from the other fields' values
(``pay``: every player still to pay)."""

YES = frozenset({"1", "y", "yes", "true", "on", "s", "si", "sì"})
NO = frozenset({"", "0", "n", "no", "false", "off"})
"""A switch's state as the phone's form may send it, as text."""


def listed(text: str) -> list[str]:
    """Names (or numbers) typed in one field, separated by commas or semicolons; a name may
    contain spaces."""
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


@dataclass(frozen=True)
class Field:
    """One field of a command: its name (the command's attribute, the option's name), what
    it is (``kind``), its words (``label``: the dialog's placeholder and the option's help;
    ``metavar``: the command line's), whether it must be given (a positional argument on the
    command line, unless ``option``) or may be (an option), and its bounds."""

    name: str
    kind: Kind | Several
    label: Msg
    metavar: Msg
    required: bool = True
    option: bool = False
    """Given as ``--name`` on the command line even when required (``--reason TEXT``)."""
    low: int = 0
    high: int = 0
    """A whole number's bounds (``low`` to ``high``)."""
    choices: Callable[[State], list[Choice]] | None = None
    """A ``choice`` field's entries in ``state``, in order."""
    none: Msg | None = None
    """What the console says instead of opening the dialog when there is nothing to choose
    (a ``names`` field: when what it means left empty names nobody)."""
    otherwise: Otherwise | None = None
    """A ``names`` field left empty in the dialog: the names it means then."""
    appended: bool = False
    """In the dialog, what is typed goes after the words it opens with (the articles cited:
    more of them), not over them."""

    def read(self, raw: Typed, article: str | None, state: State | None = None) -> Value:
        """``raw`` (as typed; None: not given) as the command's value: a whole number within
        the bounds, or the text trimmed (empty: not given); a player's name as recorded when
        it means one player of ``state`` (``State.match``: the log keeps the name, not the
        typing), else as typed, for the command to refuse. Refused in one line."""
        if self.kind in ("names", "wholes", "flag"):
            return self.read_several(raw, article, state)
        text = raw.strip() if isinstance(raw, str) else ""
        if not text:
            if self.required:
                raise RuleError(_("{what}: give it").format(what=self.label), article)
            return None
        if self.kind in ("whole", "choice"):
            return whole_number(text, self.label, low=self.low, high=self.high, article=article)
        if self.kind == "player" and state is not None:
            found = state.match(text)
            return found[0].name if len(found) == 1 else text
        return text

    def read_several(self, raw: Typed, article: str | None, state: State | None) -> Value:
        """A ``Several`` field's value: the names, each as recorded when it means one player
        of ``state``; the whole numbers, each within the bounds; the switch's yes or no."""
        if self.kind == "flag":
            if isinstance(raw, bool) or raw is None:
                return bool(raw)
            said = raw.strip().lower() if isinstance(raw, str) else "yes"
            if said not in YES | NO:
                raise RuleError(_("{what}: yes or no").format(what=self.label), article)
            return said in YES
        if isinstance(raw, bool):
            raise RuleError(_("{what}: give it").format(what=self.label), article)
        items = listed(raw) if isinstance(raw, str) else [i.strip() for i in raw or () if i.strip()]
        if self.kind == "wholes":
            items = [word for item in items for word in item.split()]
        if not items:
            if self.required and self.otherwise is None:
                raise RuleError(_("{what}: give it").format(what=self.label), article)
            return None
        if self.kind == "wholes":
            return [
                whole_number(item, self.label, low=self.low, high=self.high, article=article)
                for item in items
            ]
        if state is None:
            return items
        found = [state.match(item) for item in items]
        return [one[0].name if len(one) == 1 else i for one, i in zip(found, items, strict=True)]


@dataclass(frozen=True)
class Slice:
    """A command as the faces ask for it (module docstring)."""

    command: type[Command]
    description: Description
    fields: tuple[Field, ...]
    heading: Msg
    """The dialog's title (its articles follow it)."""
    ok: Msg
    """The dialog's button."""
    after: Aftermath | None = None
    """What the command line says after the summary, from the events recorded (none: the
    summary alone)."""
    cites: tuple[str, ...] = ()
    """The articles the command applies, beside the one that keeps it to the Director: its
    dialog's title and its help cite them all (``articles``)."""
    chosen_first: bool = False
    """Its player is the one under the cursor: with none there, the console says where to
    choose him rather than open the dialog (else the dialog takes the name typed)."""
    preview: Callable[[Command], Msg] | None = None
    """What the dialog says under its fields of the command they hold now (``pay``: who is
    marked paid), said again at each key."""

    @property
    def article(self) -> str | None:
        return self.description.article

    @property
    def articles(self) -> tuple[str, ...]:
        """Every article the command applies: the Director's first, then those it cites."""
        own = (self.article,) if self.article else ()
        return own + tuple(a for a in self.cites if a not in own)

    def nothing_to_choose(self, state: State) -> Msg | None:
        """Why the dialog would be empty: a ``choice`` field with no entry in ``state``."""
        for field in self.fields:
            if field.choices is not None and not field.choices(state):
                return field.none or _("{what}: nothing to choose").format(what=field.label)
        return None

    @property
    def player(self) -> Field | None:
        """The field naming the player the command acts on, if it has one (the console opens
        its dialog on the player under the cursor)."""
        return next((field for field in self.fields if field.kind == "player"), None)

    def build(self, typed: Mapping[str, Typed], state: State | None = None) -> Command:
        """The command from what was typed in each field (by name; a field absent: not
        given); players' names read on ``state`` (``Field.read``); a ``names`` field left
        empty, the names it means then (``Field.otherwise``)."""
        values = {
            field.name: field.read(typed.get(field.name), self.article, state)
            for field in self.fields
        }
        for field in self.fields:
            if field.otherwise is None or values[field.name] is not None:
                continue
            values[field.name] = meant = field.otherwise(state, values) if state else []
            if not meant:
                give = _("{what}: give it").format(what=field.label)
                raise RuleError((field.none if state else None) or give, self.article)
        return self.command(**{name: value for name, value in values.items() if value is not None})


def declared(command: str) -> Slice:
    """The ``Slice`` of the command named ``command`` (its class's name), its module imported
    now."""
    module = importlib.import_module(f"tdconsole.domain.{SLICE_MODULES[command]}")
    found: Slice = module.SLICE
    return found
