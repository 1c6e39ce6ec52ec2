"""Who acts: one comparison of names for ``--as``, the roles, undo's ownership and sign-in.

Two comparisons, both pure:

- ``same_person(a, b)``: one person. NFC, case folded, outer spaces dropped and inner runs of
  spaces (any Unicode space) collapsed to one. ``Niccolò`` typed with a combining grave accent,
  ``NICCOLÒ`` and ``  Niccolò `` are all the Director ``Niccolò``.
- ``looks_alike(a, b)``: two names a reader of the log or of a screen could take for one
  another. They have the same *skeleton*, Unicode TR39's (§4, "confusable detection") from
  Unicode's own confusables table as the ``disarm`` library keeps it (every script, kept up to
  date with Unicode): ``Dir\u0435ttore`` (a Cyrillic е), ``ᴅirettore`` (a small capital) and
  ``\uff24irettore`` (full width) look like ``Direttore``.

The skeleton is stricter than TR39's on purpose: before the table it drops accents
(``Niccolo`` looks like ``Niccolò`` on a log line read at the table) and folds case; after it
``i``, ``1``, ``!`` and ``|`` fall together with ``l`` (an uppercase I is an l in many fonts),
a few digits and signs with the letters they stand for (``0``, ``5``, ``$``…), ``rn`` with
``m``; and it keeps only letters and digits (``Direttore.`` is ``Direttore``). It serves
refusals only (``check_staff_name``), where a false alarm costs a surname and a miss lets
someone act under another's face.

The library is imported the first time names are compared: the command line's start does not
pay for its table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from tdconsole.domain.errors import RuleError
from tdconsole.domain.texts import BLANK, NAME_LIMIT, check_line
from tdconsole.i18n import Msg, _

if TYPE_CHECKING:
    from collections.abc import Callable

# What the skeleton folds beyond TR39's table (see the module's note), after case folding.
_STRICTER = str.maketrans(
    {"i": "l", "1": "l", "!": "l", "|": "l", "0": "o", "5": "s", "8": "b", "$": "s", "@": "a"}
)

# Pairs of letters that read as one (TR39 keeps "rn" and "m" apart), applied after the table.
_DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))

# Letters that carry no separable accent in Unicode, as people type them without it.
PLAIN = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "þ": "th", "ı": "i", "ŀ": "l"}
)

_WORD = re.compile(r"[^\W_]+")
"""A run of letters and digits: what a skeleton keeps of a name, word by word."""


@cache
def _tr39() -> Callable[[str], str]:
    """TR39's skeleton from Unicode's table (imported on first use: the table is large)."""
    # lazy: disarm and its table would weigh on a start-up that compares no names
    from tdconsole.domain.lookalike import skeleton_key

    return skeleton_key


def _unmarked(text: str) -> str:
    """``text`` decomposed (NFKD) without its combining marks and invisible characters."""
    return "".join(
        ch
        for ch in unicodedata.normalize("NFKD", BLANK.sub("", text))
        if not unicodedata.combining(ch) and unicodedata.category(ch) not in ("Cf", "Mn", "Me")
    )


def normal(name: str) -> str:
    """A name as recorded and shown: NFC, trimmed, inner runs of spaces collapsed to one."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def person_key(name: str) -> str:
    """What ``same_person`` compares: ``normal`` with case folded (and NFC again, since
    folding may decompose: ``İ`` folds to ``i`` and a combining dot)."""
    return unicodedata.normalize("NFC", normal(name).casefold())


def same_person(a: str, b: str) -> bool:
    """``a`` and ``b`` name one person: equal once NFC, case and spaces are set aside."""
    return person_key(a) == person_key(b)


@lru_cache(maxsize=1024)
def skeleton_words(name: str) -> tuple[str, ...]:
    """The skeleton of each word of ``name`` (see the module's note); kept for the names met
    lately (every command under ``--as`` compares its name with the staff's)."""
    folded = _unmarked(_unmarked(normal(name)).casefold())
    mapped = _unmarked(_tr39()(folded)).casefold().translate(_STRICTER)
    words = []
    for word in _WORD.findall(mapped):
        for pair, one in _DIGRAPHS:
            word = word.replace(pair, one)
        words.append(word)
    return tuple(words)


def skeleton(name: str) -> str:
    """What ``looks_alike`` compares (TR39's, stricter: see the module's note)."""
    return "".join(skeleton_words(name))


def looks_alike(a: str, b: str) -> bool:
    """A reader could take ``a`` for ``b`` (or they are one person)."""
    return same_person(a, b) or skeleton(a) == skeleton(b)


def holds_name(name: str, other: str) -> bool:
    """``name`` is, holds or looks like ``other`` word for word ("Direttore (via Anna)" holds
    "Direttore"; "Alberto" does not hold "Al")."""
    words, wanted = skeleton_words(name), skeleton_words(other)
    if not wanted:
        return False
    size = len(wanted)
    return any(words[at : at + size] == wanted for at in range(len(words) - size + 1))


def actor_name(raw: str) -> str:
    """Who acts (``--as``), as compared and logged: NFC, trimmed, spaces collapsed; refused
    when empty, longer than a name or holding control characters."""
    # Controls (a line feed too) are refused before spaces are collapsed.
    name = check_line(normal(check_line(raw, "actor", len(raw))), "actor", NAME_LIMIT)
    if not name:
        raise RuleError(
            _("--as needs a name: give who acts, or leave --as out for the Director"),
            "VII.1",
        )
    return name


def check_staff_name(
    name: str, director: str, staff: Iterable[str] = (), *, on_floor: bool = False
) -> None:
    """Refuse a name to act under beside the Director (Art. VII.1: the Director answers for
    what is done under his name): one that holds or looks like the Director's without being
    it, or that looks like a staff member's already in the log (``staff``) without being
    his. ``on_floor``: signing in as floor staff, where the Director's own name is refused too
    (he uses the Director's console)."""
    refusal = _staff_refusal(name, director, list(staff), on_floor)
    if refusal is not None:
        raise RuleError(refusal, "VII.1")


def _staff_refusal(name: str, director: str, staff: list[str], on_floor: bool) -> Msg | None:
    """Why ``check_staff_name`` refuses ``name``, or None."""
    if same_person(name, director):
        if not on_floor:
            return None
        return _(
            "'{name}' is the Director's name: floor staff sign in under a name of "
            "their own, the Director uses the Director's console"
        ).format(name=name)
    if holds_name(name, director):
        return _(
            "'{name}' looks like the Director's name '{director}' or holds it, but is not "
            "it: act under a name of your own"
        ).format(name=name, director=director)
    if any(same_person(name, other) for other in staff):
        return None
    for other in staff:
        if looks_alike(name, other):
            return _(
                "'{name}' looks like the name of {other}, who already acted on the floor: "
                "sign in under another name (add a surname or an initial)"
            ).format(name=name, other=other)
    return None


def apart(a: str, b: str) -> bool:
    """Names a reader may take for one another that may still be two people: apart by accents
    alone, or by ordinary letters (``letters_apart``); registered, with a warning."""
    return accents_apart(a, b) or letters_apart(a, b)


def accents_apart(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by accents alone (case aside): ``Rossi`` and ``Rossí``, ``Soren``
    and ``Søren``. A full-width letter or another script's is no accent."""
    return person_key(a) != person_key(b) and _unaccented(a) == _unaccented(b)


def letters_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are written in ordinary letters only (each its own skeleton in
    TR39's table: no other script's look-alike, no full width, no digit or sign but spaces,
    ``.``, ``'`` and ``-``) and differ in a letter: ``Elia`` and ``Ella``, ``Comi`` and
    ``Corni`` may be two people, where ``Rоssi`` (a Cyrillic о) or ``Ross1`` is one name
    disguised."""
    return _ordinary(a) and _ordinary(b) and _letters(a) != _letters(b)


def _letters(name: str) -> str:
    return "".join(ch for ch in _unaccented(name) if ch.isalpha())


@lru_cache(maxsize=1024)
def _ordinary(name: str) -> bool:
    skeleton_key = _tr39()
    for ch in unicodedata.normalize("NFD", name):
        if unicodedata.combining(ch) or ch in " .'-":
            continue
        if not ch.isalpha() or skeleton_key(ch) != ch.casefold():  # (an I reads as an l)
            return False
    return True


def _unaccented(name: str) -> str:
    decomposed = unicodedata.normalize("NFD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(PLAIN)


class ReadAs:
    """Players' names by what a reader takes them for (``skeleton``): a new name is compared
    with thousands at the cost of one. Names that share a skeleton here are apart by accents
    alone (``player_name_refusal`` refuses the others), so the first stands for them all."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._first: dict[str, str] = {}
        self.count = 0
        """How many names were added."""
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        self.count += 1
        self._first.setdefault(skeleton(name) or person_key(name), name)

    def refusal(self, name: str) -> Msg | None:
        """Why a new player's name is refused beside these: it reads as one of them (another
        script's letter, a sign, spaces: ``looks_alike``) without being apart by accents
        alone, which may be two people (``accents_apart``); None when it is not."""
        other = self._first.get(skeleton(name) or person_key(name))
        if other is None or not looks_alike(name, other) or apart(name, other):
            return None
        return _(
            "{name!r} reads as {other!r}, already registered: tell them apart, e.g. {example!r}"
        ).format(name=name, other=other, example=f"{normal(other)} M.")
