"""One comparison of who acts: one person across NFC, case and spaces; a look-alike
of the Director's name (a TR39-style skeleton) refused unless it is the Director."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import (
    check_staff_name,
    holds_name,
    looks_alike,
    normal,
    same_person,
    skeleton,
)


@pytest.mark.parametrize(
    "typed",
    ["Niccolo\u0300", "NICCOLÒ", "  Niccolò  ", "Niccol\u00f2", "niccolo\u0300"],
)
def test_one_person_across_normal_forms_case_and_spaces(typed: str) -> None:
    assert same_person(typed, "Niccolò")


def test_inner_spaces_of_any_kind_collapse() -> None:
    assert normal("Anna\u00a0\u2003 Maria ") == "Anna Maria"
    assert same_person("anna  maria", "Anna\u2009Maria")


def test_folding_that_decomposes_still_compares() -> None:
    assert same_person("İlaria", "i\u0307laria")


@pytest.mark.parametrize(
    "forged",
    [
        "Dir\u0435ttore",  # a Cyrillic е
        "D\u0456rettore",  # a Cyrillic і
        "Dіrеttоrе",  # several Cyrillic letters
        "D1RETTORE",
        "Direttor\u0435",
        "\uff24irettore",  # a full-width D
        "Dir\u200bettore",  # an invisible character (refused earlier as input, caught here too)
        "Di\u0433ettore",  # a Cyrillic г for r
        "Dirett\u03bfre",  # a Greek omicron
        "Direttor\u00e9",  # an accent a log line hides
    ],
)
def test_look_alikes_of_the_directors_name(forged: str) -> None:
    assert not same_person(forged, "Direttore")
    assert looks_alike(forged, "Direttore")
    assert skeleton(forged) == skeleton("Direttore")


@pytest.mark.parametrize("other", ["Bruno", "Direttrice", "Dora", "Eve", "Diretto"])
def test_different_names_do_not_look_alike(other: str) -> None:
    assert not looks_alike(other, "Direttore")


def test_a_staff_name_like_the_directors_is_refused() -> None:
    with pytest.raises(RuleError, match="looks like the Director's name") as refused:
        check_staff_name("Dir\u0435ttore", "Direttore")
    assert refused.value.article == "VII.1"
    check_staff_name("Bruno", "Direttore")  # anyone else acts
    check_staff_name("DIRETTORE", "Direttore")  # the Director himself is not a look-alike


def test_accents_never_make_two_people_look_apart() -> None:
    assert looks_alike("Niccolo", "Niccolò")
    assert looks_alike("NICCOLO", "Niccolò")
    assert not looks_alike("Nicola", "Niccolò")


@pytest.mark.parametrize(
    ("name", "holds"),
    [
        ("Direttore (via Anna)", True),
        ("Anna, Direttore", True),
        ("Direttore.", True),
        ("ᴅirettore", True),
        ("Direttrice", False),
        ("Direttorella", False),
        ("Dire\u2024ttore", True),  # separators and signs inside are set aside
        ("Dire\u00b7ttore", True),
        ("Dire\u02d9ttore", True),
        ("Dire\u0387ttore", True),
        ("Dire-ttore", True),
        ("Dire\u2010ttore", True),
        ("Di.rettore", True),
        ("Dire\U0001d159ttore", True),
        ("Anna Di-rettore", True),
        ("Dire ttorella", False),  # never a word cut
    ],
)
def test_a_name_that_holds_the_directors(name: str, holds: bool) -> None:
    assert holds_name(name, "Direttore") is holds


def test_a_short_name_is_held_word_for_word_only() -> None:
    assert not holds_name("Alberto", "Al")
    assert holds_name("Al Bundy", "Al")


@pytest.mark.parametrize("newcomer", ["\u0410nna", "ANNA.", "Αnna"])
def test_a_staff_name_like_another_staff_members_is_refused(newcomer: str) -> None:
    with pytest.raises(RuleError, match="looks like the name of Anna") as refused:
        check_staff_name(newcomer, "Direttore", ["Bruno", "Anna"])
    assert refused.value.article == "VII.1"


def test_the_same_staff_member_and_others_pass() -> None:
    check_staff_name(" anna ", "Direttore", ["Anna"])
    check_staff_name("Annalisa", "Direttore", ["Anna"])
    # Two look-alikes already in an older log: the one named exactly still signs in.
    check_staff_name("Anna", "Direttore", ["\u0410nna", "Anna"])


def test_the_directors_own_name_is_refused_on_the_floor_only() -> None:
    check_staff_name("DIRETTORE", "Direttore")
    with pytest.raises(RuleError, match="is the Director's name"):
        check_staff_name("DIRETTORE", "Direttore", on_floor=True)


def test_the_confusables_table_loads_only_when_names_are_compared() -> None:
    code = (
        "import sys, tdconsole.service, tdconsole.domain.identity as i\n"
        "assert 'disarm' not in sys.modules\n"
        "assert i.looks_alike('Dir\\u0435ttore', 'Direttore')\n"
        "assert 'disarm' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", ["Direttore", "direttore", "Dir\u0435ttore", "Dire-ttore"])
def test_a_former_directors_name_stays_his(name: str) -> None:
    with pytest.raises(RuleError, match="the Director's name earlier in this event") as refused:
        check_staff_name(name, "Marco", former={"Direttore", "Marco"})
    assert refused.value.article == "VII.1"
    with pytest.raises(RuleError, match="earlier in this event"):
        check_staff_name(name, "Marco", former={"Direttore", "Marco"}, on_floor=True)


def test_the_director_renamed_back_is_the_director() -> None:
    check_staff_name("Direttore", "Direttore", former={"Direttore", "Marco"})
    check_staff_name("Anna", "Direttore", ["Anna"], former={"Direttore", "Marco"})
