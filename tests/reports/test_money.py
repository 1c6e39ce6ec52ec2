"""The cash summary and the prize receipts as printed reports, from an
event played through the service (its `state --json` document), in every format."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.support import FakeClock, pdf_pages, played_on_the_command_line, started

from tdconsole.cli import main
from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.hand_over import HandOverPrize
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.domain.view import state_json
from tdconsole.reports import render
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

BOLD = "[bold]Zoë <b>"
PLAYERS = ["Ada", "Bea", "Cid", "Dan", BOLD, "Fil", "Gio"]
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=UTC)


@pytest.fixture
def evening(tmp_path: Path) -> Iterator[dict[str, Any]]:
    """Seven paid, three food; Gio withdraws (70 + 20 back): six play a final, pool 420
    (189 / 105 / 63 / 42 / 21). Ada 6th (no prize), Bea 5th (21), the bold name 4th (42), whose
    prize the Director hands over a quarter of an hour later; Bea's is still due."""
    clock = FakeClock(NOW)
    service = Tournament.create(
        tmp_path / "e.tdc", "Serata", load_settings(), clock=clock, rng=random.Random(1)
    )
    try:
        service.execute(Register(names=PLAYERS))
        service.execute(Pay(names=PLAYERS))
        service.execute(Pay(names=["Ada", "Bea", "Gio"], food=True))
        service.execute(Withdraw(name="Gio"))
        service.execute(Draw(seed=1))
        service.execute(Start(stack=4000, big_blind=100))
        for name in ("Ada", "Bea", BOLD):
            service.execute(Bust(names=[name]))
        clock.advance(15 * 60)
        service.execute(HandOverPrize(name=BOLD))
        yield state_json(service.state, NOW)
    finally:
        service.close()


def csv_rows(kind: str, state: dict[str, Any]) -> list[list[str]]:
    data = render(kind, state, "csv", lang="en").decode("utf-8-sig")
    return list(csv.reader(io.StringIO(data, newline="")))


def test_the_cash_summary_adds_up_to_the_cash_box(evening: dict[str, Any]) -> None:
    rows = csv_rows("cash", evening)
    assert rows[0] == ["Item", "Player", "Count", "Amount (scudi)"]
    assert rows[1:5] == [
        ["Entry fees taken", "", "7", "490"],
        ["Food contributions taken", "", "3", "60"],
        ["Refunded at withdrawals", "", "1", "-90"],
        ["Prizes paid (handed over)", "", "1", "-42"],
    ]
    assert ["Entry fee refunded", "Gio", "", "-70"] in rows
    assert ["Food contribution refunded", "Gio", "", "-20"] in rows
    assert ["4th place", BOLD, "", "-42"] in rows  # handed over
    assert not [row for row in rows if "Bea" in row]  # due: still in the box
    text = render("cash", evening, "txt", lang="en").decode()
    box = next(line for line in text.splitlines() if line.startswith("In the cash box"))
    assert box.split()[-1] == "418"  # 490 + 60 - 90 - 42
    assert "40 scudi is food money" in " ".join(text.split())
    assert "and 21 scudi the prizes of places decided, due until handed over" in " ".join(
        text.split()
    )
    assert "357 scudi is still due" in " ".join(text.split())
    italian = render("cash", evening, "txt", lang="it").decode()
    assert "RIEPILOGO DI CASSA" in italian and "In cassa" in italian
    html = render("cash", evening, "html", lang="en").decode()
    assert "[bold]Zoë &lt;b&gt;" in html and "<b>" not in html.replace("<body>", "")


def test_a_receipt_to_sign_for_each_paid_place(evening: dict[str, Any]) -> None:
    text = render("receipts", evening, "txt", lang="en").decode()
    assert text.count("| PRIZE RECEIPT ") == 2
    assert f"| 4th place: {BOLD}" in text and "| 5th place: Bea" in text
    assert "Ada" not in text  # 6th: no prize, no receipt
    assert text.count("The player's signature") == 2 and "at the time written" in text
    # The time it was handed over; a prize still due, the time its place was decided.
    assert csv_rows("receipts", evening) == [
        ["Place", "Player", "Prize (scudi)", "Time"],
        ["4", BOLD, "42", "21:45"],
        ["5", "Bea", "21", "21:30"],
    ]
    pages = pdf_pages(render("receipts", evening, "pdf", lang="it"))
    assert len(pages) == 1
    page = " ".join(pages[0].split())
    assert "Ricevuta di premio · 4° posto" in page and "42 scudi" in page
    assert "Firma del giocatore" in page and "Per l'Organizzazione, il Direttore" in page
    assert "Direttore Direttore" not in page  # the shipped settings name the role alone
    html = render("receipts", evening, "html", lang="en").decode()
    assert html.count('class="receipt"') == 2 and "Zoë &lt;b&gt;" in html


def test_before_any_prize_there_is_nothing_to_sign(tmp_path: Path) -> None:
    service = Tournament.create(
        tmp_path / "e.tdc", "Serata", load_settings(), clock=lambda: NOW, rng=random.Random(1)
    )
    try:
        service.execute(Register(names=PLAYERS))
        state = state_json(service.state, NOW)
    finally:
        service.close()
    assert "No paid place decided yet" in render("receipts", state, "txt", lang="en").decode()
    assert pdf_pages(render("receipts", state, "pdf", lang="en"))
    rows = csv_rows("cash", state)
    assert rows[1] == ["Entry fees taken", "", "0", "0"]


def test_the_receipt_of_the_prize_just_handed_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """I.7: `print receipts --player NAME` prints the receipt of the prize just handed over
    alone, not the evening's again."""
    path = tmp_path / "e.tdc"
    played_on_the_command_line(path, PLAYERS[:6], ["Ada", "Bea", "Cid"])
    capsys.readouterr()
    code = main(["--lang", "en", "--event", str(path), "print", "receipts", "--player", "cid"])
    out = capsys.readouterr().out
    assert code == 0 and out.count("| PRIZE RECEIPT ") == 1 and "| 4th place: Cid" in out
    for report, name, article in (("receipts", "Ada", "I.7"), ("payouts", "Cid", None)):
        argv = ["--lang", "en", "--event", str(path), "print", report, "--player", name]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and (article is None or f"(Art. {article})" in err)


def test_the_winners_receipt_has_its_time_and_the_director_his_name(tmp_path: Path) -> None:
    """1st place: due at the end (its time the finish's), paid when handed over (its time
    then). The Director named in the settings signs under his name, the role said once."""
    clock = FakeClock(NOW)
    settings = load_settings().model_copy(update={"director": "Marco Rossi"})
    service = Tournament.create(
        tmp_path / "e.tdc", "Serata", settings, clock=clock, rng=random.Random(1)
    )
    try:
        started(service, PLAYERS[:6])
        for player in service.state.in_players()[:5]:
            service.execute(Bust(names=[player.name]))
        winner = service.state.in_players()[0].name
        due = csv_rows("receipts", state_json(service.state, clock.now))
        clock.advance(20 * 60)
        service.execute(HandOverPrize(name=winner))
        paid = state_json(service.state, clock.now)
    finally:
        service.close()
    assert due[1] == ["1", winner, "189", "21:30"]
    assert csv_rows("receipts", paid)[1] == ["1", winner, "189", "21:50"]
    text = " ".join(render("receipts", paid, "txt", lang="en").decode().split())
    assert "For the organisers, the Director Marco Rossi" in text
    italian = " ".join(render("receipts", paid, "txt", lang="it").decode().split())
    assert "Per l'Organizzazione, il Direttore Marco Rossi" in italian


def test_a_document_from_before_handovers_counts_every_decided_prize_paid(
    evening: dict[str, Any],
) -> None:
    """A ``state --json`` written before handovers were recorded has no such keys: the prizes
    of the places decided left the cash box, as that console counted them."""
    older = dict(evening)
    older["cash"] = {
        key: value
        for key, value in evening["cash"].items()
        if not key.startswith(("prizes_handed_over", "prizes_to_hand_over"))
    }
    older["players"] = [
        {k: v for k, v in p.items() if not k.startswith("handed_over")} for p in evening["players"]
    ]
    rows = csv_rows("cash", older)
    assert ["Prizes paid (handed over)", "", "2", "-63"] in rows
    assert ["5th place", "Bea", "", "-21"] in rows
