"""The console's words for a command (its notification after an action): its description's
words where it has its own, else its summary, in the console's language."""

from __future__ import annotations

import pytest

from tdconsole.domain import play
from tdconsole.domain.events import Command
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.close_plan_seats import ClosePlanRaisingSeats
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.ui.i18n import Translator
from tdconsole.ui.words import command_words

WORDS: list[tuple[Command, str, str]] = [
    # no words of their own: their summaries
    (ClockControl(action="pause"), "clock paused", "orologio in pausa"),
    (ClockControl(action="resume"), "clock resumed", "orologio ripreso"),
    (ClockControl(action="add", seconds=60), "clock +60s", "orologio +60 s"),
    (ClockControl(action="set", seconds=75), "clock set to 01:15", "orologio impostato a 01:15"),
    (Register(names=["Anna", "Bruno"]), "register Anna, Bruno", "iscrizione di Anna, Bruno"),
    (Withdraw(name="Anna"), "withdraw Anna", "ritiro di Anna"),
    (Disqualify(name="Anna", reason="x"), "disqualified: Anna", "squalifica: Anna"),
    (Pay(names=["Anna", "Bruno"]), "entry fee: Anna, Bruno", "quota d'iscrizione: Anna, Bruno"),
    (Draw(), "seat draw", "sorteggio dei posti"),
    (play.Count(counts={"Anna": 4000, "Bruno": 3000}), "count Anna=4000, Bruno=3000",
     "conteggio Anna=4000, Bruno=3000"),
    (play.Start(stack=4000, big_blind=100), "start: stack 4000, big blind 100",
     "inizio: dote 4000, grande buio 100"),
    (Pay(names=["Anna"], food=True), "food contribution: Anna", "vettovagliamento: Anna"),
    (play.Bust(names=["Anna"]), "eliminated: Anna", "eliminazione: Anna"),
    (play.ClosePlan(table=3), "move plan for table 3", "piano degli spostamenti del tavolo 3"),
    (play.CloseTable(table=3, counts={}), "close table 3", "chiusura del tavolo 3"),
    (play.Final(counts={}), "final table draw", "sorteggio del tavolo finale"),
    (ClosePlanRaisingSeats(table=3, seats=10),
     "move plan for table 3, table_seats=10",
     "piano degli spostamenti del tavolo 3, posti per tavolo portati a 10"),
]  # fmt: skip


@pytest.mark.parametrize(("command", "english", "italian"), WORDS)
def test_a_command_is_said_in_the_consoles_words(
    command: Command, english: str, italian: str
) -> None:
    assert command_words(command, Translator("en")) == english
    assert command_words(command, Translator("it")) == italian


def test_a_command_nothing_describes_is_said_by_its_class() -> None:
    assert command_words(object(), Translator("en")) == "object"
