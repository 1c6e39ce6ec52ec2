"""Without disarm (Windows on ARM) a name's skeleton comes from the table disarm gave
(``tdconsole/domain/lookalike.py``): the same answers, for every character and for names.
After an upgrade of disarm that changes them, ``.venv/bin/python .ci/lookalike_table.py``
writes the table anew."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import unicodedata

import pytest

from tdconsole.domain import identity
from tdconsole.domain.lookalike import skeleton_key, table, table_key

disarm = pytest.importorskip("disarm")

REWRITE = "disarm's answers changed: rewrite the table with .ci/lookalike_table.py"


def _disarm_key(text: str) -> str:
    return str(disarm.skeleton_key(text))


def _characters() -> list[str]:
    """Every character Unicode assigns (as this Python knows it) or the table names, outside
    the private-use areas, and one in 61 of the others (unassigned, private use)."""
    single = table().single
    found = []
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        ch = chr(code)
        if ch in single or unicodedata.category(ch) not in ("Cn", "Co") or code % 61 == 0:
            found.append(ch)
    return found


def test_every_character_has_disarms_skeleton_from_thetable() -> None:
    characters = _characters()
    assert len(characters) > 150_000
    wrong = [ch for ch in characters if table_key(ch) != _disarm_key(ch)]
    assert wrong == [], f"{len(wrong)} differ, {[hex(ord(ch)) for ch in wrong[:10]]}: {REWRITE}"


def _names(count: int, seed: int) -> list[str]:
    """Names of 1 to 12 characters drawn from every character the table maps (controls aside:
    a name holds none), letters of the Latin, Greek and Cyrillic alphabets, combining accents
    and spaces of several kinds."""
    mapped = [ch for ch in table().single if unicodedata.category(ch) != "Cc"]
    ranges = (range(0x20, 0x7F), range(0xA0, 0x250), range(0x370, 0x530))
    letters = [chr(code) for codes in ranges for code in codes]
    marks = [chr(code) for code in range(0x300, 0x370)]
    pool = mapped + letters * 3 + marks + [" ", "\u00a0", "\u2003", "\u3000"] * 20
    rng = random.Random(seed)
    return ["".join(rng.choices(pool, k=rng.randint(1, 12))) for _ in range(count)]


def test_names_have_disarms_skeleton_from_thetable() -> None:
    names = _names(20_000, seed=47)
    wrong = [name for name in names if table_key(name) != _disarm_key(name)]
    assert wrong == [], f"{len(wrong)} of {len(names)} differ, {wrong[:5]!r}: {REWRITE}"


NAMES = [
    "Direttore",
    "Dir\u0435ttore",
    "\u1d05irettore",
    "\uff24irettore",
    "DIRETT0RE",
    "Niccolò",
    "Niccolo",
    "Łukasz Dvořák",
    "Søren",
    "Ａｎｎａ",
    "\u0410nna",
    "Corni",
    "Comi",
]


def test_without_disarm_the_names_compare_as_with_it() -> None:
    """identity's answers in a process where disarm cannot be imported: one skeleton for
    each name, and the same look-alikes."""
    names = NAMES + _names(2_000, seed=4747)
    code = (
        "import json, sys\n"
        "sys.modules['disarm'] = None\n"
        "from tdconsole.domain import identity, lookalike\n"
        "names = json.load(sys.stdin)\n"
        "print(json.dumps([[identity.skeleton(n) for n in names],\n"
        "                  [identity.looks_alike(n, 'Direttore') for n in names],\n"
        "                  lookalike.source() is lookalike.table_key]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(names),
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    )
    skeletons, alike, from_table = json.loads(done.stdout)
    assert from_table
    assert skeletons == [identity.skeleton(name) for name in names]
    assert alike == [identity.looks_alike(name, "Direttore") for name in names]
    assert alike[:5] == [True] * 5


def test_with_disarm_it_is_disarm_that_answers() -> None:
    assert skeleton_key("\uff24ir\u0435ttore") == disarm.skeleton_key("\uff24ir\u0435ttore")
    assert skeleton_key("  ") == "  "
    from tdconsole.domain.lookalike import source

    assert source() is disarm.skeleton_key
