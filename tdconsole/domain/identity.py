"""Who acts: one comparison of names for ``--as``, the roles, undo's ownership and sign-in.

Two comparisons, both pure:

- ``same_person(a, b)``: one person. NFC, case folded, outer spaces dropped and inner runs of
  spaces (any Unicode space) collapsed to one. ``Niccolò`` typed with a combining grave accent,
  ``NICCOLÒ`` and ``  Niccolò `` are all the Director ``Niccolò``.
- ``looks_alike(a, b)``: two names a reader of the log or of a screen could take for one
  another. They have the same *skeleton*, in the manner of Unicode TR39 (§4, "confusable
  detection"): compatibility decomposition (NFKD: full-width letters, mathematical letters,
  ligatures), combining marks and invisible characters dropped, case folded, and each
  character mapped to the Latin letter it looks like (``_LOOKALIKE``: Cyrillic, Greek and a
  few signs and digits). ``Dir\\u0435ttore`` (a Cyrillic е) and ``D1RETTORE`` look like
  ``Direttore``.

The skeleton is stricter than TR39's on purpose: it drops accents (``Niccolo`` looks like
``Niccolò`` on a log line read at the table) and folds case, so ``i`` and ``l`` fall together
(an uppercase I is an l in many fonts). It is used for one refusal only: a staff member whose
name looks like the Director's but is not the Director's (``check_staff_name``), where a false
alarm costs a surname and a miss lets someone act under the Director's face.

The table is a documented subset of TR39's ``confusables.txt`` for the scripts a club meets
(Latin, Cyrillic, Greek); the libraries on PyPI that carry the whole list either load a 900 KB
table at import or give no skeleton, and a name here is a few dozen characters.
"""

from __future__ import annotations

import unicodedata

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _

# Each look-alike character (after NFKD and case folding) → the Latin letters it passes for.
# Cyrillic: а б в г е ё з и й і ї ј к м н о п р с т у х ш ъ ы ь ѕ һ ԁ ԛ ԝ ӏ ҽ and a few more.
# Greek: α β γ ε η ι κ ν ο ρ τ υ χ ω ϲ ϳ (final ς too).
_LOOKALIKE: dict[str, str] = {
    # Cyrillic
    "а": "a",
    "б": "b",
    "в": "b",
    "г": "r",
    "е": "e",
    "ё": "e",
    "з": "3",
    "и": "u",
    "й": "u",
    "і": "l",
    "ї": "l",
    "ј": "j",
    "к": "k",
    "м": "m",
    "н": "h",
    "о": "o",
    "п": "n",
    "р": "p",
    "с": "c",
    "т": "t",
    "у": "y",
    "х": "x",
    "ш": "w",
    "ъ": "b",
    "ы": "bl",
    "ь": "b",
    "ѕ": "s",
    "һ": "h",
    "ԁ": "d",
    "ԛ": "q",
    "ԝ": "w",
    "ӏ": "l",
    "ҽ": "e",
    "ү": "y",
    "ҳ": "x",
    "ѵ": "v",
    "ѡ": "w",
    "є": "e",
    "ԍ": "g",
    # Greek
    "α": "a",
    "β": "b",
    "γ": "y",
    "δ": "d",
    "ε": "e",
    "η": "n",
    "ι": "l",
    "κ": "k",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "σ": "o",
    "ς": "c",
    "τ": "t",
    "υ": "u",
    "χ": "x",
    "ω": "w",
    "ϲ": "c",
    "ϳ": "j",
    "ζ": "z",
    "μ": "u",
    "ϱ": "p",
    "ϐ": "b",
    # Latin letters and signs that pass for others
    "i": "l",
    "ı": "l",
    "ɩ": "l",
    "|": "l",
    "ǀ": "l",
    "1": "l",
    "!": "l",
    "0": "o",
    "ø": "o",
    "ɑ": "a",
    "ɡ": "g",
    "ß": "ss",
    "æ": "ae",
    "œ": "oe",
    "ŀ": "l",
    "ł": "l",
    "đ": "d",
    "ħ": "h",
    "ŧ": "t",
    "5": "s",
    "8": "b",
    "$": "s",
    "@": "a",
    # Punctuation that passes for another
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2212": "-",
    "\u2018": "'",
    "\u2019": "'",
    "\u02bc": "'",
    "`": "'",
    "\u00b4": "'",
}

# Pairs of letters that read as one (TR39: "rn" → "m"), applied after the table.
_DIGRAPHS = (("rn", "m"), ("vv", "w"), ("cl", "d"))


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


def skeleton(name: str) -> str:
    """What ``looks_alike`` compares (TR39-style, see the module's note)."""
    decomposed = unicodedata.normalize("NFKD", normal(name))
    kept = "".join(
        ch
        for ch in decomposed
        if not unicodedata.combining(ch) and unicodedata.category(ch) not in ("Cf", "Mn", "Me")
    )
    folded = unicodedata.normalize("NFKD", kept.casefold())
    mapped = "".join(_LOOKALIKE.get(ch, ch) for ch in folded if not unicodedata.combining(ch))
    squeezed = "".join(mapped.split())
    for pair, one in _DIGRAPHS:
        squeezed = squeezed.replace(pair, one)
    return squeezed


def looks_alike(a: str, b: str) -> bool:
    """A reader could take ``a`` for ``b`` (or they are one person)."""
    return same_person(a, b) or skeleton(a) == skeleton(b)


def check_staff_name(name: str, director: str) -> None:
    """Refuse a staff member's name that looks like the Director's without being it (Art.
    VII.1: the Director answers for what is done under his name)."""
    if not same_person(name, director) and looks_alike(name, director):
        raise RuleError(
            _(
                "'{name}' looks like the Director's name '{director}' but is not it: "
                "act under a name of your own"
            ).format(name=name, director=director),
            "VII.1",
        )
