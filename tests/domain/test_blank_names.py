"""Characters that show nothing (Unicode's default-ignorables, the Hangul fillers, the blank
Braille pattern) are refused in every name field, naming the character and what to do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.identity import actor_name
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.create_event import CreateEvent
from tdconsole.domain.slices.register import Register
from tdconsole.domain.texts import BLANK, check_line

BLANKS = [
    "\u115f",
    "\u1160",
    "\u3164",
    "\uffa0",
    "\u2800",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\u034f",  # combining grapheme joiner
    "\u17b4",  # Khmer inherent vowel
    "\u180b",  # Mongolian variation selector
    "\ufe0f",  # variation selector 16
    "\U000e0100",  # variation selector 17
    "\U000e0041",  # tag
    "\u00ad",  # soft hyphen
    "\U0001d159",  # musical symbol null notehead
]

NAME_FIELDS: dict[str, Callable[[str], object]] = {
    "a player at registration": lambda name: Register(names=[name]),
    "the Director's name in the settings": lambda name: ChangeSettings(
        assignments=[("director", name)]
    ),
    "the event's name": lambda name: CreateEvent(name=name, settings={}),
    "who acts (--as)": actor_name,
}


@pytest.mark.parametrize("field", NAME_FIELDS)
@pytest.mark.parametrize("blank", BLANKS, ids=lambda ch: f"U+{ord(ch):04X}")
def test_every_name_field_refuses_what_shows_nothing(field: str, blank: str) -> None:
    with pytest.raises((RuleError, ValueError)) as refused:
        NAME_FIELDS[field](f"Dire{blank}ttore")
    said = str(refused.value)
    assert f"U+{ord(blank):04X}" in said and "retype it" in said
    assert isinstance(NAME_FIELDS[field]("Niccolò Ångström"), (Command, str))


def test_the_season_director_given_by_as_refuses_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    season = tmp_path / "autunno.toml"
    code = main(["--lang", "en", "--as", "Dire\u3164ttore", "season", "new", str(season)])
    err = capsys.readouterr().err
    assert code == 2 and "U+3164" in err and err.count("\n") == 1
    assert not season.exists()


def test_the_blank_set_is_unicodes_default_ignorables_beyond_format_characters() -> None:
    """Default_Ignorable_Code_Point less Cf (refused as controls already), as Unicode's
    PropList and DerivedCoreProperties give it (Other_Default_Ignorable_Code_Point and
    Variation_Selector), with the blank Braille pattern and the null notehead."""
    other_ignorable = [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2065, 0x3164, 0xFFA0, 0xE0000]
    other_ignorable += [*range(0xE0002, 0xE0020), *range(0xE0080, 0xE0100)]
    other_ignorable += list(range(0xE01F0, 0xE1000))
    selectors = [0x180B, 0x180C, 0x180D, 0x180F, *range(0xFE00, 0xFE10)]
    selectors += list(range(0xE0100, 0xE01F0))
    for code in [*other_ignorable, *selectors, 0x2800, 0x1D159]:
        assert BLANK.fullmatch(chr(code)), f"U+{code:04X}"
    # and nothing a name is written with
    for ch in "AaÀàßÆøŁ ąčęłńśźżÑñ-'.":
        assert BLANK.search(ch) is None
    assert check_line("Ådne Øyvind-Ño'ël", "name")
