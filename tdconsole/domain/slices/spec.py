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
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, EventBody
from tdconsole.domain.numbers import chips_typed, whole_number
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS, SLICE_MODULES
from tdconsole.domain.state import Player, State
from tdconsole.domain.texts import assignment, check_line
from tdconsole.i18n import Msg, _

Kind = Literal["whole", "text", "player", "choice", "word", "seat"]
"""A whole number within bounds; a text; a player's name (the command line's ``NAME``, the
dialog's name field with the players' completion, opened on the player under the cursor); one
of the entries the State offers, by its number (the dialog lists them: ``Field.choices``); one
of a fixed set of words (``Field.words``); a seat, ``TABLE:SEAT``, which gives the command its
``table`` and its ``seat``."""

Choice = tuple[int, tuple[str | Msg, ...]]
"""An entry a ``choice`` field offers: its number, and its words (shown side by side)."""

Context = Callable[[State, datetime, Mapping[str, str]], Sequence[tuple[str | Msg, ...]]]
"""Lines a dialog shows above its fields, each one its parts side by side: from the State at
that time and what its fields hold (by name), as they are typed."""

Aftermath = Callable[[Sequence[EventBody], State], list[Msg]]
"""What a command's events did beyond its summary (a refund, who moved up), said after it."""

Document = Callable[[Sequence[EventBody], State], dict[str, Any]]
"""What a command's events did as one JSON document (the command line's ``--json``)."""

Note = Callable[[State, Mapping[str, str]], Msg | None]
"""What the dialog says under its fields, from the State and what they hold as typed (the
button's seat now at the table typed)."""


def seat_typed(raw: str, article: str | None = None) -> tuple[int, int]:
    """``TABLE:SEAT`` as its two numbers; refused in one line."""
    table, sep, seat = raw.partition(":")
    try:
        if not sep:
            raise ValueError
        return whole_number(table, _("table")), whole_number(seat, _("seat"))
    except (ValueError, RuleError):
        raise RuleError(
            _("{raw!r} is not a seat: write TABLE:SEAT, e.g. 2:5").format(raw=raw), article
        ) from None


Several = Literal["names", "wholes", "flag", "pairs", "assignments"]
"""Several players' names (the command line's ``NAME [NAME ...]``, the dialog's names typed
with commas, each completed among the players); several whole numbers within bounds (``N
[N ...]``, typed with commas or spaces); a yes or no (an option without a value, ``--food``;
the dialog's switch); ``KEY=N`` pairs (``NAME=N [NAME=N ...]``, typed with commas; the
option repeated adds more): each key a player's name and each ``N`` a count of chips, or with
``Field.keyed`` "whole" both whole numbers (``LEVEL=MINUTES``); several ``KEY=VALUE``
(``set``: split at the first ``=``, the value may hold more; in the dialog, separated by
spaces before each ``KEY=``)."""

Typed = str | Sequence[str] | bool | None
"""A field as a face hands it over: its text (the dialog's, the phone's), the words given on
the command line (``NAME [NAME ...]``), or a switch's state (None: not given)."""

Value = (
    int
    | str
    | bool
    | list[str]
    | list[int]
    | tuple[int, int]
    | dict[str, int]
    | dict[int, int]
    | list[tuple[str, str]]
) | None
"""A field's value as the command takes it (a seat: its table and its seat; pairs: each key's
number; assignments: each key and its value)."""

Otherwise = Callable[[State, Mapping[str, Value]], list[str]]
"""The names a ``names`` field left empty in the dialog means, from the other fields' values
(``pay``: every player still to pay)."""

YES = frozenset({"1", "y", "yes", "true", "on", "s", "si", "sì"})
NO = frozenset({"", "0", "n", "no", "false", "off"})
"""A switch's state as the phone's form may send it, as text."""


ASSIGNED = re.compile(r"\s+(?=[\w.]+=)")
"""Where one ``KEY=VALUE`` typed in a field ends: at the spaces before the next ``KEY=``."""


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
    """The command line's placeholder (a word's argument shows its words instead)."""
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
    words: tuple[Msg, ...] = ()
    """A ``word`` field's words: each one's msgid is the word as typed (the command line's
    choices), its translation the dialog's entry."""
    flag: str | None = None
    """The option's name on the command line when it is not the field's (``--bb``)."""
    default: Callable[[State, datetime], str] | None = None
    """What the dialog's field holds as it opens, from the State at that time (the level
    edited: the next one)."""
    under_cursor: Literal["table", "seat"] | None = None
    """A whole number the console's dialog opens on: the table, or the seat, under the cursor."""
    opens_on: Callable[[State], str] | None = None
    """What the dialog's field opens on, from the State (the message shown, to edit): emptied
    with every other field, the dialog gives the command told apart by a flag (``told_apart``:
    the message taken off)."""
    otherwise: Otherwise | None = None
    """A ``names`` field left empty in the dialog: the names it means then."""
    appended: bool = False
    """In the dialog, what is typed goes after the words it opens with (the articles cited:
    more of them), not over them."""
    keyed: Literal["player", "whole"] = "player"
    """A ``pairs`` field's keys: players' names (their ``N`` counts of chips), or whole
    numbers (their ``N`` whole numbers within the bounds)."""
    new: bool = False
    """A ``names`` field naming players not yet registered: each name taken as typed, never
    read as one registered (``register``)."""

    def read(
        self,
        raw: Typed,
        article: str | None,
        state: State | None = None,
        what: str | Msg | None = None,
    ) -> Value:
        """``raw`` (as typed; None: not given) as the command's value: a whole number within
        the bounds, or the text trimmed (empty: not given); a player's name as recorded when
        it means one player of ``state`` (``State.match``: the log keeps the name, not the
        typing), else as typed, for the command to refuse. Refused in one line, naming the
        field by ``what`` (the command line's ``--stack``), else by its label."""
        named = self.label if what is None else what
        if self.kind in ("names", "wholes", "flag", "pairs", "assignments"):
            return self.read_several(raw, article, state, named)
        text = raw.strip() if isinstance(raw, str) else ""
        if not text:
            if self.required:
                raise RuleError(_("{what}: give it").format(what=named), article)
            return None
        if self.kind in ("whole", "choice"):
            return whole_number(text, named, low=self.low, high=self.high, article=article)
        if self.kind == "word" and text not in self.typed_words:
            raise RuleError(
                _("{what}: give one of {words}, not {text!r}").format(
                    what=named, text=text, words=", ".join(self.typed_words)
                ),
                article,
            )
        if self.kind == "seat":
            return seat_typed(text, article)
        if self.kind == "player" and state is not None:
            found = state.match(text)
            return found[0].name if len(found) == 1 else text
        return text

    def read_assignments(
        self, raw: str | Sequence[str] | None, article: str | None, named: str | Msg
    ) -> Value:
        """``KEY=VALUE`` words as (key, value) pairs, each trimmed; one without its ``=``, its
        key or its value is refused in one line, naming the form."""
        typed = ASSIGNED.split(raw.strip()) if isinstance(raw, str) else list(raw or ())
        items = [item for item in typed if item.strip()]
        if not items:
            if self.required:
                raise RuleError(_("{what}: give it").format(what=named), article)
            return None
        return [assignment(item, self.metavar, at_first=True, article=article) for item in items]

    @property
    def typed_words(self) -> tuple[str, ...]:
        """A ``word`` field's words as typed."""
        return tuple(word.msgid for word in self.words)

    def read_several(
        self, raw: Typed, article: str | None, state: State | None, named: str | Msg
    ) -> Value:
        """A ``Several`` field's value: the names, each as recorded when it means one player
        of ``state``; the whole numbers, each within the bounds; the switch's yes or no."""
        if self.kind == "flag":
            if isinstance(raw, bool) or raw is None:
                return bool(raw)
            said = raw.strip().lower() if isinstance(raw, str) else "yes"
            if said not in YES | NO:
                raise RuleError(_("{what}: yes or no").format(what=named), article)
            return said in YES
        if isinstance(raw, bool):
            raise RuleError(_("{what}: give it").format(what=named), article)
        if self.kind == "assignments":
            return self.read_assignments(raw, article, named)
        items = listed(raw) if isinstance(raw, str) else [i.strip() for i in raw or () if i.strip()]
        if self.kind == "wholes":
            items = [word for item in items for word in item.split()]
        if not items:
            if self.required and self.otherwise is None:
                raise RuleError(_("{what}: give it").format(what=named), article)
            return None
        if self.kind == "wholes":
            return [
                whole_number(item, named, low=self.low, high=self.high, article=article)
                for item in items
            ]
        if self.kind == "pairs":
            return self.read_pairs(items, article, state)
        if state is None or self.new:
            return items
        found = [state.match(item) for item in items]
        return [one[0].name if len(one) == 1 else i for one, i in zip(found, items, strict=True)]

    def read_pairs(
        self, items: Sequence[str], article: str | None, state: State | None
    ) -> dict[str, int] | dict[int, int]:
        """``KEY=N`` items as one mapping (a key given twice: its last ``N``); a player's
        name split at the last ``=``, as recorded when it means one player of ``state``."""
        form = self.metavar
        pairs = []
        for item in items:
            key, sep, value = item.rpartition("=")
            if not sep or not key.strip() or not value.strip():
                raise RuleError(
                    _("{item!r} is not in the form {what}: write it as {what}").format(
                        item=item, what=form
                    ),
                    article,
                )
            pairs.append((key.strip(), value))
        if self.keyed == "whole":
            return {
                whole_number(key, form, article=article): whole_number(
                    value, key, low=self.low, high=self.high, article=article
                )
                for key, value in pairs
            }
        counts: dict[str, int] = {}
        for key, value in pairs:
            name = check_line(key, "name")  # as every name field checks it (VII.1)
            found = state.match(name) if state is not None else []
            counts[found[0].name if len(found) == 1 else name] = chips_typed(value, name)
        return counts


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
    opened_at: str | None = None
    """The field the dialog's cursor starts on when it opens on a player (the sanction's
    reason: the words typed then are that field's, never a name in place of his), or when it
    names none (the level edited: its big blind). None: the player's field, else the first."""
    context: Context | None = None
    """Lines the dialog shows above its fields (the levels to come; the second stack at the
    table of the player named)."""
    kept: bool = False
    """Its dialog is built once and opened again emptied (a key of a busy evening: building
    a dialog is most of a key's CPU)."""
    chosen_among: Callable[[Player], bool] | None = None
    """The players chosen first it may name (a prize due); another under the cursor is as
    none (none: any)."""
    chosen_where: Literal["player", "prize"] = "player"
    """Where the console says to choose its player (a player's row, a place's)."""
    note: Note | None = None
    """What its dialog says under its fields as they are typed (none: nothing)."""
    json: Document | None = None
    """Its result as one JSON document: the command line takes ``--json`` and prints it
    instead of its sentences."""
    receipt: bool = False
    """Once recorded from the console, the receipt of the player it names is written to the
    event's print folder (a prize handed over, I.7)."""
    preview: Callable[[Command], Msg] | None = None
    """What the dialog says under its fields of the command they hold now (``pay``: who is
    marked paid), said again at each key."""
    in_break: bool = True
    """It may be given while the clock is in a break (a break called now may not: the phone
    hides its button then)."""
    records: tuple[str, ...] = ()
    """The types of the events of other modules it records beside its module's own (a
    closing's move plan, ``ClosePlanDrawn.type``; a setting changed for it; a PIN's, whose
    module ``access`` loads only when a PIN is set)."""
    help: Msg | None = None
    """What the command line's help says of it after its heading (the formats a file may
    be written in)."""
    made_apart: bool = False
    """Its fields are what the command line reads to make the command, not the command's own
    (``cli.slice_cmds.MADE_APART``): a new event's file, made before any event exists; a
    rulebook's text, read, checked and stored. No dialog gives it."""

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

    def may_choose(self, state: State, name: str | None) -> bool:
        """Whether ``name`` (the player under the cursor) is one it may be chosen for."""
        player = state.find(name) if name else None
        among = self.chosen_among
        return player is not None and (among is None or among(player))

    @property
    def player(self) -> Field | None:
        """The field naming the player the command acts on, if it has one (the console opens
        its dialog on the player under the cursor)."""
        return next((field for field in self.fields if field.kind == "player"), None)

    def build(
        self,
        typed: Mapping[str, Typed],
        state: State | None = None,
        names: Mapping[str, str] | None = None,
    ) -> Command:
        """The command from what was typed in each field (by name; a field absent: not
        given); players' names read on ``state`` (``Field.read``); a ``names`` field left
        empty, the names it means then (``Field.otherwise``); a field refused is named as
        ``names`` has it (the command line's options), else by its label."""
        said = names or {}
        values = {
            field.name: field.read(typed.get(field.name), self.article, state, said.get(field.name))
            for field in self.fields
        }
        for field in self.fields:
            if field.otherwise is None or values[field.name] is not None:
                continue
            values[field.name] = meant = field.otherwise(state, values) if state else []
            if not meant:
                give = _("{what}: give it").format(what=field.label)
                raise RuleError((field.none if state else None) or give, self.article)
        given: dict[str, object] = {}
        for name, value in values.items():
            if isinstance(value, tuple):  # a seat: its table and its seat
                given["table"], given["seat"] = value
            elif value is not None:
                given[name] = value
        return self.command(**given)


def declared(command: str) -> Slice:
    """The ``Slice`` of the command named ``command`` (its class's name), its module imported
    now."""
    module = importlib.import_module(f"tdconsole.domain.{SLICE_MODULES[command]}")
    found: Slice = module.SLICE
    return found


def told_apart(command: str) -> list[tuple[str, str]]:
    """The commands sharing ``command``'s name on the command line, told apart by a flag
    (``message`` and ``message --clear``; ``close --plan`` and ``close --plan --seats``, whose
    field follows the flag): each one's flag (``clear``) and class name."""
    main = next(d.cli for d in SLICE_DESCRIPTIONS if d.command == command)
    flagged = [(d.cli.split(), d.command) for d in SLICE_DESCRIPTIONS]
    return [
        (words[1].removeprefix("--"), other)
        for words, other in flagged
        if len(words) >= 2 and words[0] == main and all(w.startswith("--") for w in words[1:])
    ]
