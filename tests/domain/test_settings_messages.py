"""A refused setting is said wholly in the reader's language (never "setting
first_minutes: clock: minutes must be shorter than first_minutes; correggi il valore")."""

from __future__ import annotations

import re

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings, validate_settings
from tdconsole.i18n import _

# English words our refusals would leak into an Italian sentence.
ENGLISH = re.compile(r"\b(must|shorter|than|setting|settings|fix|value|try|again|write|choose)\b")


def refusal(key: str, raw: str) -> RuleError:
    with pytest.raises(RuleError) as refused:
        Settings().with_value(key, raw)
    return refused.value


def test_a_pair_of_settings_refused_in_italian_names_both_by_their_italian_labels() -> None:
    error = refusal("minutes", "50")  # the later levels must be shorter than the first (III.5)
    assert error.text("it") == (
        "Livelli successivi, minuti: «Livelli successivi, minuti» deve essere minore di "
        "«Primo livello, minuti»; correggi il valore e riprova"
    )
    assert str(error) == (
        "Later levels, minutes (minutes): Later levels, minutes (minutes) must be shorter than "
        "First level, minutes (first_minutes); fix the value and try again"
    )


@pytest.mark.parametrize(
    ("key", "raw", "italian"),
    [
        ("table_seats", "1", "Posti per tavolo: deve essere almeno 2"),
        ("language", "fr", 'Lingua: scegli tra "en" o "it"'),
        ("director", "x" * 61, "Direttore: al massimo 60 caratteri"),
        ("suits", "♥♥", "Semi dei tavoli: elenca semi diversi, uno per tavolo"),
        (
            "max_players",
            "molti",
            "Posti: 'molti' non è un numero intero: scrivilo con le cifre 0-9 (Art. VII.1)",
        ),
        (
            "entry_fee",
            "1e30",
            "Quota d'iscrizione: '1e30' non è un importo: scrivi gli scudi con le cifre 0-9 "
            "(ad esempio 70 o 12.50) (Art. I.2)",
        ),
    ],
)
def test_every_refused_setting_is_wholly_italian(key: str, raw: str, italian: str) -> None:
    said = refusal(key, raw).text("it")
    assert said == (italian if "(Art." in italian else f"{italian}; correggi il valore e riprova")
    assert not ENGLISH.search(said), said


def test_a_refused_settings_file_is_wholly_italian_but_for_its_place() -> None:
    with pytest.raises(RuleError) as refused:
        validate_settings({"clock": {"minutes": 50}}, source=_("the event's settings"))
    said = refused.value.text("it")
    assert said == (
        "le impostazioni dell'evento: clock: «Livelli successivi, minuti» deve essere minore "
        "di «Primo livello, minuti»; correggi il valore e riprova"
    )
    assert not ENGLISH.search(said), said
    assert str(refused.value).startswith("the event's settings: clock: Later levels")


def test_a_validation_error_we_do_not_word_is_still_ours() -> None:
    """Pydantic's own English never reaches the reader: an unforeseen error is our message."""
    with pytest.raises(RuleError) as refused:
        validate_settings({"prizes": {"payout_unit": float("inf")}}, source="ordine.toml")
    assert refused.value.text("it") == (
        "ordine.toml: prizes.payout_unit: non è un valore valido; correggi il valore e riprova"
    )
    assert "Input" not in str(refused.value)
