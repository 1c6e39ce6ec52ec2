"""Every side effect of an action said: a registration past the places names who went on the
waiting list, a withdrawal who moved up and that he has not paid, and its refunds; the log says
them too; "food for all" leaves the waiting list out; the players' table shows a refund."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.domain.console_view import console_view
from tdconsole.domain.slices.pay import Pay, unpaid
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.players_view import player_row
from tdconsole.ui.words import describe

from .conftest import frozen

NAMES = [f"P{n:02}" for n in range(1, 27)]


@pytest.fixture
def full(tmp_path: Path) -> Tournament:
    """The Ordine's 24 places (26 are typed in one registration: P25 and P26 wait)."""
    service = Tournament.create(
        tmp_path / "e.tdc", "Serata", load_settings(), clock=frozen, rng=random.Random(1)
    )
    assert service.state.settings.registration.max_players == 24
    return service


def test_a_registration_past_the_places_names_the_waiting_list(full: Tournament) -> None:
    command = Register(names=NAMES)
    records = full.execute(command)
    said = describe(command, records, Translator("en"))
    # The waiting list first, then the places by their count: the notice stays whole.
    assert said == "Waiting list (Art. I.1): P25, P26; Registered: 24 players"
    said = describe(command, records, Translator("it"))
    assert said == "Lista d'attesa (Art. I.1): P25, P26; Iscritti: 24 giocatori"
    # Within the places, the words are the command's own.
    command = Withdraw(name="P26")
    assert describe(command, full.execute(command), Translator("en")) == "withdraw P26"


def test_a_withdrawal_says_who_moves_up_unpaid_and_the_refund(full: Tournament) -> None:
    full.execute(Register(names=NAMES))
    full.execute(Pay(names=["P03"]))
    command = Withdraw(name="P03")
    said = describe(command, full.execute(command), Translator("en"), "scudi")
    assert said == (
        "Withdrawn: P03; entry fee of 70 scudi refunded: the prize pool drops by 70 scudi; "
        "P25: moves up from the waiting list, entry fee not paid yet (Art. I.1)"
    )
    tr = Translator("it")
    shown = console_view(full.state, full.now())
    p03 = shown.player("P03")
    assert p03 is not None
    row = [str(cell) for cell in player_row(shown, p03, tr)]
    assert row[2] == "rimborsato" and row[3] == "–"


def test_food_for_all_leaves_the_waiting_list_out(full: Tournament) -> None:
    full.execute(Register(names=NAMES))
    assert unpaid(full.state, food=True) == NAMES[:24]
    assert unpaid(full.state, food=False) == NAMES[:24]


def test_the_log_says_the_waiting_list_and_who_moved_up(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = str(tmp_path / "e.tdc")
    assert main(["new", event, "--name", "Serata"]) == 0
    assert main(["--event", event, "set", "max_players=2"]) == 0
    assert main(["--event", event, "register", "Ada", "Bea", "Cid"]) == 0
    assert main(["--lang", "en", "--event", event, "withdraw", "Ada"]) == 0
    moved = "Cid: moves up from the waiting list, entry fee not paid yet (Art. I.1)\n"
    assert capsys.readouterr().out.endswith(moved)
    assert main(["--lang", "en", "--event", event, "log"]) == 0
    log = capsys.readouterr().out
    assert ": Cid: waiting list\n" in log and log.endswith(f": {moved}")


def test_a_name_apart_from_anothers_by_accents_alone_is_said_in_a_warning(
    full: Tournament,
) -> None:
    from tdconsole.ui.words import warnings_said

    assert (
        warnings_said(full.warned(full.execute(Register(names=["Rossi"]))), tr := Translator("it"))
        == []
    )
    records = full.execute(Register(names=["Ross\u00ed", "Anna"]))
    assert warnings_said(full.warned(records), tr) == [
        "'Ross\u00ed' differisce da 'Rossi' solo per gli accenti: iscritto come un altro "
        "giocatore; se sono la stessa persona, annulla"
    ]
