"""Players' names that read the same (rules.md I.1): a name another script's letter, a
full-width letter, a sign or a space makes look like a registered player's is refused; one
apart by accents alone may be another person and is registered, with a warning."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Context
from tdconsole.domain.invariants import replay
from tdconsole.domain.registration import accent_twins, check_new_player
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.register import PlayerRegistered, Register
from tdconsole.domain.state import State

NOW = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)

# Latin letters and a letter of another script (or another form) that reads the same.
LOOK_ALIKES = {
    "a": "\u0430",  # Cyrillic а
    "e": "\u0435",  # Cyrillic е
    "o": "\u043e",  # Cyrillic о
    "p": "\u0440",  # Cyrillic р
    "c": "\u0441",  # Cyrillic с
    "x": "\u0445",  # Cyrillic х
    "s": "\u0455",  # Cyrillic ѕ
    "i": "\u0456",  # Cyrillic і
    "r": "\uff52",  # full-width r
    "n": "\uff4e",  # full-width n
}


def registered(*names: str) -> State:
    state = State(settings=Settings())
    for name in names:
        PlayerRegistered(name=name).apply(state, NOW)
    return state


def register(state: State, *names: str) -> list[str]:
    ctx = Context(now=NOW, rng=random.Random(1), actor="Direttore")
    return [e.name for e in Register(names=list(names)).decide(state, ctx)]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Rossi", "R\u043essi"),  # a Cyrillic о
        ("Rossi", "\uff32ossi"),  # a full-width R
        ("Rossi", "Ross1"),  # a one for an i
        ("Rossi M.", "Rossi  M."),  # two spaces
        ("Rossi M.", "Rossi M"),  # the full stop
        ("Rossi I.", "Rossi Ι."),  # a Greek capital iota
        ("Rossi L.", "Rossi Ⅼ."),  # a Roman numeral fifty
        ("Rossi L.", "Rossi ʟ."),  # a small capital L
        ("Rossi I.", "Rossi 1."),  # a one for an I
        ("Rossi I.", "Rossi I."),  # a no-break space
        ("Rossi L.", "Rossi Ｌ."),  # a full-width L
    ],
)
def test_a_name_that_reads_as_a_registered_players_is_refused(first: str, second: str) -> None:
    state = registered("Anna", first)
    with pytest.raises(RuleError) as refused:
        register(state, second)
    assert refused.value.article == "I.1"
    said = str(refused.value)
    assert f"{second!r} reads as {first!r}, already registered" in said
    assert "tell them apart" in said


def test_the_refusal_says_how_to_tell_them_apart() -> None:
    with pytest.raises(RuleError) as refused:
        register(registered("Rossi"), "R\u043essi")
    assert str(refused.value) == (
        "'R\u043essi' reads as 'Rossi', already registered: tell them apart, "
        "e.g. 'Rossi M.' (Art. I.1)"
    )
    assert "Rossi M." in refused.value.text("it")


def test_two_names_of_one_registration_that_read_alike_are_refused() -> None:
    with pytest.raises(RuleError, match="reads as 'Rossi'"):
        register(registered(), "Rossi", "Anna", "R\u043essi")


def test_a_withdrawn_players_look_alike_is_refused_too() -> None:
    state = registered("Rossi")
    state.players["rossi"].status = "withdrawn"
    with pytest.raises(RuleError, match="reads as 'Rossi'"):
        register(state, "R\u043essi")


def test_names_apart_by_accents_alone_are_two_players_with_a_warning() -> None:
    state = registered("Rossi", "Anna")
    assert register(state, "Ross\u00ed", "S\u00f8ren") == ["Ross\u00ed", "S\u00f8ren"]
    for name in ("Ross\u00ed", "S\u00f8ren"):
        PlayerRegistered(name=name).apply(state, NOW)
    assert register(state, "Soren") == ["Soren"]
    (warning,) = accent_twins(state, "Ross\u00ed")
    assert warning.text("en") == (
        "'Ross\u00ed' differs from 'Rossi' only by accents: registered as another player; "
        "if they are one person, undo it"
    )
    assert accent_twins(state, "Rossi") == []  # said once, of the later one
    assert accent_twins(state, "Anna") == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Comi", "Corni"),
        ("Elia", "Ella"),
        ("Mario", "Marlo"),
        ("Ella", "ElIa"),  # a capital I for an l: two plain Latin letters
        ("Cavaliere I", "Cavaliere l"),
    ],
)
def test_names_in_ordinary_letters_that_read_much_alike_pass_with_a_warning(
    first: str, second: str
) -> None:
    """Two real surnames (rn reads as m, i as l) may be two people: registered, and said."""
    state = registered("Anna", first)
    assert register(state, second) == [second]
    PlayerRegistered(name=second).apply(state, NOW)
    (warning,) = accent_twins(state, second)
    assert warning.text("en") == (
        f"{second!r} reads much like {first!r}: registered as another player; "
        "if they are one person, undo it"
    )
    assert accent_twins(state, first) == []


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Rossi I.", "Rossi L."),
        ("Rossi L.", "Rossi I."),
        ("Cavaliere I", "Cavaliere L"),
        ("Cavaliere L", "Cavaliere I"),
        ("Ida", "Lda"),
        ("Lda", "Ida"),
        ("Bianchi I. M.", "Bianchi L. M."),
    ],
)
def test_initials_tell_two_players_apart(first: str, second: str) -> None:
    """Names that differ in a plainly written Latin letter are two people (rules.md I.1), an
    initial as much as any: registered, and no warning (an I reads as an l, never as an L)."""
    state = registered("Anna", first)
    assert register(state, second) == [second]
    PlayerRegistered(name=second).apply(state, NOW)
    assert accent_twins(state, second) == []
    # and a third that reads as either is still refused
    with pytest.raises(RuleError, match="reads as") as refused:
        register(state, second.replace("I", "\u0399").replace("L", "\u216c"))
    assert refused.value.article == "I.1"


def test_a_look_alike_is_refused_beside_any_of_the_names_it_reads_as() -> None:
    """Beside "Rossi I." and "Rossi L." (two people), "Rossi L" reads as the second: the
    first registered of a skeleton does not stand for them all."""
    state = registered("Rossi I.", "Rossi L.")
    with pytest.raises(RuleError, match=re.escape("'Rossi L' reads as 'Rossi L.'")):
        register(state, "Rossi L")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ros\u3164si", "U+3164"),  # Hangul filler
        ("Ros\u2800si", "U+2800"),  # blank Braille pattern
        ("Ros\U0001d159si", "U+1D159"),  # musical symbol null notehead
        ("\u0301Rossi", "a mark on no letter (U+0301)"),
        ("Rossi \u0301", "a mark on no letter (U+0301)"),
        ("Rossi.\u0308", "a mark on no letter (U+0308)"),
        (" Rossi", "spaces around it"),
        ("Rosse\u0301", "letters not composed"),
    ],
)
def test_the_one_check_of_a_new_name_refuses_what_a_reader_cannot_see(name: str, said: str) -> None:
    """``check_new_player``, the check ``register`` and ``import`` share, refuses a name a
    list would show as another's or as nothing, whoever else is registered."""
    with pytest.raises(RuleError, match=re.escape(said)):
        check_new_player(registered("Anna"), name)


def test_a_name_with_marks_on_its_letters_is_one_a_list_shows() -> None:
    for name in ("Niccol\u00f2", "Nguy\u1ec5n", "Zo\u00eb Smith", "Ng\u0303"):
        check_new_player(registered("Anna"), name)


def test_different_names_pass() -> None:
    state = registered("Rossi", "Rossi M.", "Bianchi")
    assert register(state, "Rossini", "Rossi A.", "Bianco") == ["Rossini", "Rossi A.", "Bianco"]


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=20).filter(
        lambda t: t.strip() and any(ch in LOOK_ALIKES for ch in t)
    ),
    st.data(),
)
def test_any_name_and_a_look_alike_of_it_are_never_both_registered(
    name: str, data: st.DataObject
) -> None:
    at = data.draw(st.sampled_from([i for i, ch in enumerate(name) if ch in LOOK_ALIKES]))
    forged = name[:at] + LOOK_ALIKES[name[at]] + name[at + 1 :]
    first = name.strip().title()
    state = registered(first)
    with pytest.raises(RuleError) as refused:
        check_new_player(state, forged.strip().title())
    assert refused.value.article == "I.1"


def test_an_import_whose_players_read_alike_is_refused_an_older_file_opens() -> None:
    from tdconsole.domain.events import Record

    records = [
        Record(1, 1, NOW, "Direttore", PlayerRegistered(name="Rossi")),
        Record(2, 2, NOW, "Direttore", PlayerRegistered(name="R\u043essi")),
    ]
    assert len(replay(records).players) == 2  # a file an older console wrote opens
    with pytest.raises(RuleError) as refused:
        replay(records, registering=True)
    assert refused.value.article == "I.1" and "event 2" in str(refused.value)
    accented = [records[0], Record(2, 2, NOW, "Direttore", PlayerRegistered(name="Ross\u00ec"))]
    assert len(replay(accented, registering=True).players) == 2


@pytest.mark.parametrize(
    "name", ["Ros\u3164si", "Ros\u2800si", "Ros\U0001d159si", "\u0301Rossi", " Rossi"]
)
def test_an_import_meets_the_names_check_of_register(name: str) -> None:
    from tdconsole.domain.events import Record

    records = [Record(1, 1, NOW, "Direttore", PlayerRegistered(name=name))]
    with pytest.raises(RuleError) as refused:
        replay(records, registering=True)
    assert "event 1" in str(refused.value)
