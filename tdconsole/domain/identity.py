"""Names compared: who acts (``--as``, the roles, undo's ownership, sign-in), and players.

Two comparisons with two purposes, both pure:

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
``m``; and it keeps only letters and digits, word by word (``Direttore.`` is ``Direttore``).

**Who acts** is compared strictly (``check_staff_name``), where a false alarm costs a surname
and a miss lets someone act under another's face: a staff name is refused when it is, holds or
looks like the Director's, with separators and signs inside set aside (``Dire-ttore``,
``Di.rettore``, ``Dire·ttore`` hold ``Direttore``; ``Direttorella`` does not), or any
Director's the log named before (a former Director's name stays his), or looks like a staff
member's already in the log without being his.

**Players** are two people unless a reader could not tell their names apart on a list
(``ReadAs``, ``apart``): a name that shares a registered one's skeleton is refused when it
differs from it by another script's letter, full width, a digit or a sign, spaces or
punctuation; never when the two differ by accents or by a Latin letter written plainly
(``letters_apart``: ``Rossi I.`` and ``Rossi L.``, ``Lda`` and ``Ida``, ``Elia`` and
``Ella``), registered with a warning when they still read much alike (``much_alike``: an I
reads as an l, an L as neither). Invisible characters and marks on no letter are refused
apart (``registration.check_written``).

The library is imported the first time names are compared: the command line's start does not
pay for its table.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Protocol, TypeVar

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
    """``name`` is, holds or looks like ``other``, separators and signs inside set aside but
    never a word cut ("Direttore (via Anna)", "Dire·ttore" and "Di.rettore" hold
    "Direttore"; "Alberto" does not hold "Al")."""
    words, wanted = skeleton_words(name), skeleton(other)
    if not wanted:
        return False
    for start in range(len(words)):
        run = ""
        for word in words[start:]:
            run += word
            if len(run) >= len(wanted):
                break
        if run == wanted:
            return True
    return False


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
    name: str,
    director: str,
    staff: Iterable[str] = (),
    *,
    on_floor: bool = False,
    former: Iterable[str] = (),
) -> None:
    """Refuse a name to act under beside the Director (Art. VII.1: the Director answers for
    what is done under his name): one that holds or looks like the Director's without being
    it, or like a Director's the log named before (``former``: a former Director's name
    stays his), or that looks like a staff member's already in the log (``staff``) without
    being his. ``on_floor``: signing in as floor staff, where the Director's own name is
    refused too (he uses the Director's console)."""
    refusal = _staff_refusal(name, director, list(staff), on_floor, former)
    if refusal is not None:
        raise RuleError(refusal, "VII.1")


def _staff_refusal(
    name: str, director: str, staff: list[str], on_floor: bool, former: Iterable[str]
) -> Msg | None:
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
    for earlier in former:
        if same_person(earlier, director) or not holds_name(name, earlier):
            continue
        if same_person(name, earlier):
            return _(
                "'{name}' was the Director's name earlier in this event and stays his: act "
                "under a name of your own"
            ).format(name=name)
        return _(
            "'{name}' looks like '{earlier}', the Director's name earlier in this event, or "
            "holds it: act under a name of your own"
        ).format(name=name, earlier=earlier)
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
    alone, or by plainly written Latin letters (``letters_apart``); registered, with a warning
    when they read much alike (``much_alike``)."""
    return accents_apart(a, b) or letters_apart(a, b)


def accents_apart(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by accents alone (case aside): ``Rossi`` and ``Rossí``, ``Soren``
    and ``Søren``. A full-width letter or another script's is no accent."""
    return person_key(a) != person_key(b) and _unaccented(a) == _unaccented(b)


def letters_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are written in plain Latin letters only (an ASCII letter with or
    without accents, or one of ``PLAIN``'s; no other script's look-alike, no full width or
    small capital, no digit or sign but spaces, ``.``, ``'`` and ``-``) and differ in a
    letter: ``Rossi I.`` and ``Rossi L.``, ``Elia`` and ``Ella`` are two people, where
    ``Rоssi`` (a Cyrillic о) or ``Ross1`` is one name disguised."""
    return _ordinary(a) and _ordinary(b) and _letters(a) != _letters(b)


def much_alike(a: str, b: str) -> bool:
    """Names apart by their letters (``letters_apart``) that still read much alike: their
    skeletons agree, a capital L kept apart (an I reads as an l, an L as neither): ``Elia``
    and ``Ella``, ``Comi`` and ``Corni``, but not ``Rossi I.`` and ``Rossi L.``."""
    if not (letters_apart(a, b) and looks_alike(a, b)):
        return False
    parts = unicodedata.normalize("NFD", a).split("L"), unicodedata.normalize("NFD", b).split("L")
    return [skeleton(part) for part in parts[0]] == [skeleton(part) for part in parts[1]]


def _letters(name: str) -> str:
    return "".join(ch for ch in _unaccented(name) if ch.isalpha())


_PLAIN_LETTERS = frozenset("øłđðæœþıŀßØŁĐÐÆŒÞĿ")
"""Latin letters with no separable accent (``PLAIN``'s, both cases, and ``ß``)."""


@lru_cache(maxsize=1024)
def _ordinary(name: str) -> bool:
    for ch in unicodedata.normalize("NFD", name):
        if unicodedata.combining(ch) or ch in " .'-" or ch in _PLAIN_LETTERS:
            continue
        if not ("a" <= ch <= "z" or "A" <= ch <= "Z"):
            return False
    return True


def _unaccented(name: str) -> str:
    decomposed = unicodedata.normalize("NFD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(PLAIN)


class ReadAs:
    """Players' names by what a reader takes them for (``skeleton``): a new name is compared
    with those that share its skeleton only, among thousands."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._alike: dict[str, list[str]] = {}
        self.count = 0
        """How many names were added."""
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        self.count += 1
        self._alike.setdefault(skeleton(name) or person_key(name), []).append(name)

    def refusal(self, name: str) -> Msg | None:
        """Why a new player's name is refused beside these: it reads as one of them (another
        script's letter, full width, a sign, spaces: ``looks_alike``) without being apart by
        accents or plain Latin letters, which may be two people (``apart``); None when it
        is not."""
        for other in self._alike.get(skeleton(name) or person_key(name), ()):
            if looks_alike(name, other) and not apart(name, other):
                return _(
                    "{name!r} reads as {other!r}, already registered: tell them apart, "
                    "e.g. {example!r}"
                ).format(name=name, other=other, example=f"{normal(other)} M.")
        return None


# -- names as people type them (players found by a search or a typed name) --------------------


class Named(Protocol):
    """A player as a list holds him: his name and his place in registration order."""

    @property
    def name(self) -> str: ...

    @property
    def order(self) -> int: ...


Listed = TypeVar("Listed", bound=Named)


def name_key(name: str) -> str:
    """Names are unique ignoring case (and Unicode case folding)."""
    return name.casefold()


def typed_key(name: str) -> str:
    """A name as people type it: no case, no accents, single spaces (``Zoë  Ångström`` →
    ``zoe angstrom``)."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return " ".join(plain.translate(PLAIN).split())


def typed_in(typed: str, name: str) -> bool:
    """The console's search: ``typed`` is any part of ``name`` as people type it (``ossi`` →
    "Rossi", ``angst`` → "Zoë Ångström"); an empty search holds every name."""
    return typed_key(typed) in typed_key(name)


SEPARATORS = dict.fromkeys(
    map(ord, "'\u2018\u2019\u02bc\u2032`-\u2010\u2011\u2012\u2013\u2014"), " "
)
"""Apostrophes (straight, curly: a phone's default) and hyphens, which a search takes as spaces."""


def search_key(text: str) -> str:
    """``typed_key`` as the pages' searches fold it (the same in shared/typed.js): apostrophes,
    hyphens and spaces are one (``d’ang`` finds "D'Angelo", ``hohenzollern sig`` finds
    "Hohenzollern-Sigmaringen")."""
    return " ".join(typed_key(text).translate(SEPARATORS).split())


def _word_starts(key: str) -> Iterable[int]:
    """Where each word of ``key`` begins (after a space, a hyphen, an apostrophe…)."""
    for i, ch in enumerate(key):
        if ch.isalnum() and (i == 0 or not key[i - 1].isalnum()):
            yield i


def match_players(players: Iterable[Listed], typed: str) -> list[Listed]:
    """The players ``typed`` names, as people type names: the exact name (ignoring case)
    wins; else the same letters ignoring case and accents (``zoe`` → "Zoë"); else a prefix of
    the name or of one of its words (``Angstrom``, ``zoe ang`` → "Zoë Ångström"). More than
    one: ambiguous (the caller lists them); none: no such player. In registration order."""
    everyone = sorted(players, key=lambda p: p.order)
    exact = name_key(typed.strip())
    found = [p for p in everyone if name_key(p.name) == exact]
    if found:
        return found
    wanted = typed_key(typed)
    if not wanted:
        return []
    keys = [(p, typed_key(p.name)) for p in everyone]
    found = [p for p, key in keys if key == wanted]
    if found:
        return found
    return [p for p, key in keys if any(key.startswith(wanted, i) for i in _word_starts(key))]
