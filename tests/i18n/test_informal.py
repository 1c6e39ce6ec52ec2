"""The Italian catalogue speaks to its reader as "tu" throughout, as the console's notices do
("premi ctrl+r"): no "voi" imperative ("correggete", "indicate") or possessive ("vostro")."""

from __future__ import annotations

import re
from pathlib import Path

import tdconsole

CATALOGUE = Path(tdconsole.__file__).parent / "locale" / "it" / "LC_MESSAGES" / "tdconsole.po"

# "voi" forms the catalogue used; participles alike in spelling ("rifiutate", "importate",
# "puntate") are not imperatives and stay.
VOI = re.compile(
    r"\b(indicate|scrivete|scegliete|scrivetel[oa]|sceglietel[oa]|chiedete|"
    r"chiedetelo|ricontate|correggete|correggetelo|usate|elencate|controllate|contate|"
    r"cercate|lasciate|mettete|portate|modificate|riprovate|verificate|chiudete|"
    r"inviatela|indicatene|sceglietene|toccate|premete|potete|avete|apritene|andateci|"
    r"vostr[oaie])\b",
    re.IGNORECASE,
)


def translations() -> list[str]:
    """Every msgstr of the catalogue, its continued lines joined."""
    found: list[str] = []
    current: list[str] | None = None
    for line in CATALOGUE.read_text("utf-8").splitlines():
        if line.startswith("msgstr"):
            current = [line.partition(" ")[2]]
            found.append("")
        elif line.startswith('"') and current is not None:
            current.append(line)
        else:
            current = None
        if current is not None:
            found[-1] = "".join(part.strip('"') for part in current)
    return found


def test_the_italian_catalogue_says_tu() -> None:
    texts = translations()
    assert len(texts) > 1000
    said_voi = [text for text in texts if VOI.search(text)]
    assert said_voi == []
