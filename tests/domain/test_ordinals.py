"""Places said as ordinals, with Italian's elisions ("all'11° posto", "dell'8°")."""

from __future__ import annotations

import pytest

from tdconsole.domain.ordinals import in_place, of_place, ordinal, reads_with_vowel, the_place
from tdconsole.domain.slices.bust import out_line


@pytest.mark.parametrize(
    ("n", "vowel"),
    [
        (1, False),  # primo
        (2, False),
        (8, True),  # ottavo
        (10, False),
        (11, True),  # undicesimo
        (18, False),  # diciottesimo
        (80, True),  # ottantesimo
        (88, True),
        (101, False),  # centunesimo
        (111, False),  # centoundicesimo
        (800, True),  # ottocentesimo
        (1100, False),  # millecentesimo
        (11_000, True),  # undicimillesimo
        (110_000, False),  # centodiecimillesimo
        (8_000, True),
    ],
)
def test_which_places_are_read_with_a_vowel(n: int, vowel: bool) -> None:
    assert reads_with_vowel(n) is vowel


def test_italian_elides_before_a_vowel() -> None:
    assert [in_place(n).text("it") for n in (1, 2, 8, 11, 12, 80)] == [
        "al 1° posto",
        "al 2° posto",
        "all'8° posto",
        "all'11° posto",
        "al 12° posto",
        "all'80° posto",
    ]
    assert of_place(8).text("it") == "dell'8° posto" and of_place(3).text("it") == "del 3° posto"
    assert the_place(11).text("it") == "l'11° posto" and the_place(5).text("it") == "il 5° posto"


def test_english_ordinals_have_their_suffixes() -> None:
    assert [str(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]
    assert str(in_place(8)) == "in 8th place" and str(of_place(2)) == "of the 2nd place"
    assert str(the_place(1)) == "the 1st place"


def test_an_ordinal_is_said_through_the_catalogue() -> None:
    assert in_place(11).text("pseudo") == "⟦in ⟦11th⟧ place⟧"


def test_the_command_line_says_a_place_with_its_elision() -> None:
    said = [out_line("Rossi", n, "", "").text("it") for n in (8, 11, 12, 24)]
    assert said == [
        "Rossi: eliminato all'8° posto",
        "Rossi: eliminato all'11° posto",
        "Rossi: eliminato al 12° posto",
        "Rossi: eliminato al 24° posto",
    ]
    assert str(out_line("Rossi", 11, "", "")) == "Rossi: out in place 11"
