"""Poker all'Italiana (seed 003): the two passages that read two ways (Art. 7.2 and 8.1-8.3).
The calculator names the reading it applies, with its article; a setting chooses the other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.rules.calculators import as_json, showdown
from tdconsole.store.settings_file import load_settings

ACE_LOW = "Ac 6d 7h 8s 9c"  # A-6-7-8-9 on the 5-player deck (6 to A)
WRAP = "Kc Ad 6h 7d 8c"  # K-A-6-7-8: "attaccata", the minimum straight (8.2-8.3)
TEN_HIGH = "6s 7s 8d 9h Tc"  # 6-7-8-9-10: a plain ("massima") straight
SPADES_ACE = "As Ks 9s 8s 7s"  # the worst suit, with the ace
HEARTS_KING = "Kh Qh 9h 8h 7h"  # the best suit, no ace


def test_shipped_settings_are_the_documented_decisions() -> None:
    rulings = load_settings().rulings
    assert (rulings.italiana_flush, rulings.italiana_ace_straight) == ("suit", "plain")


def test_7_2_flush_against_flush_suit_reading_is_the_default_and_named() -> None:
    r = showdown({"Ada": SPADES_ACE, "Bea": HEARTS_KING}, mode="italiana")
    assert r.winners == ("Bea",)
    assert [(x.article, x.setting, x.choice) for x in r.readings] == [
        ("7.2", "italiana_flush", "suit")
    ]
    assert "7.2" in r.articles and r.readings[0].explain("it") != r.readings[0].explanation
    assert as_json(r)["readings"] == [
        {
            "article": "7.2",
            "setting": "italiana_flush",
            "choice": "suit",
            "explanation": r.readings[0].explanation,
        }
    ]


def test_7_2_the_ace_reading_is_a_setting() -> None:
    r = showdown({"Ada": SPADES_ACE, "Bea": HEARTS_KING}, mode="italiana", flush="ace")
    assert r.winners == ("Ada",)
    assert [(x.article, x.choice) for x in r.readings] == [("7.2", "ace")]
    both_aces = showdown({"Ada": SPADES_ACE, "Bea": "Ah Qh 9h 8h 7h"}, mode="italiana", flush="ace")
    assert both_aces.winners == ("Bea",)  # both hold the ace: the better suit


def test_8_ace_low_straight_plain_reading_is_the_default_and_named() -> None:
    """A-6-7-8-9 does not wrap: it beats K-A-6-7-8 and loses to 6-7-8-9-10."""
    over_wrap = showdown({"Ada": ACE_LOW, "Bea": WRAP}, mode="italiana")
    assert over_wrap.winners == ("Ada",)
    assert over_wrap.hands[0].label_it == "Scala massima"
    assert [(x.article, x.setting, x.choice) for x in over_wrap.readings] == [
        ("8.2", "italiana_ace_straight", "plain")
    ]
    assert "8.2" in over_wrap.articles
    under_ten = showdown({"Ada": ACE_LOW, "Bea": TEN_HIGH}, mode="italiana")
    assert under_ten.winners == ("Bea",)


def test_8_the_wrap_reading_is_a_setting() -> None:
    r = showdown({"Ada": ACE_LOW, "Bea": TEN_HIGH}, mode="italiana", ace_straight="wrap")
    assert r.winners == ("Bea",)
    assert r.hands[1].label_it == "Scala minima"
    assert [(x.article, x.choice) for x in r.readings] == [("8.2", "wrap")]


def test_no_reading_named_when_neither_passage_decides() -> None:
    r = showdown({"Ada": WRAP, "Bea": TEN_HIGH}, mode="italiana")
    assert r.readings == () and r.winners == ("Bea",)
    assert showdown({"Ada": "AsKd", "Bea": "AcQh"}, "Ah9c7d4s2h").readings == ()


def test_cli_names_the_reading_and_follows_the_event_setting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hands = ["Ada=" + SPADES_ACE.replace(" ", ""), "Bea=" + HEARTS_KING.replace(" ", "")]
    argv = ["--lang", "en", "calc", "showdown", *hands, "--mode", "italiana"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Bea wins" in out and "reading suit (Art. 7.2, italiana_flush)" in out
    assert main([*argv, "--flush", "ace", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["winners"] == ["Ada"] and doc["readings"][0]["choice"] == "ace"
    event = str(tmp_path / "club.tdc")
    assert main(["new", event, "--name", "Circolo"]) == 0
    assert main(["--event", event, "set", "italiana_flush=ace"]) == 0
    capsys.readouterr()
    assert main(["--event", event, *argv]) == 0
    assert "Ada wins" in capsys.readouterr().out
