"""The evening's money on the command line: a paid player who withdraws is told his refund and
how the prize pool drops; the log records it; `cash` sums up the evening's money."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.command_line import run_on as run
from tdhelpers.support import played_on_the_command_line

from tdconsole.cli import main


@pytest.fixture
def event(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    path = tmp_path / "e.tdc"
    assert main(["new", str(path), "--name", "Serata"]) == 0
    for argv in (
        ("register", "Ada", "Bea", "Cid"),
        ("pay", "Ada", "Bea"),
        ("pay", "--food", "Bea"),
    ):
        assert run(capsys, path, *argv)[0] == 0
    return path


def test_withdrawing_a_paid_player_says_the_refund(
    capsys: pytest.CaptureFixture[str], event: Path
) -> None:
    code, out, _ = run(capsys, event, "withdraw", "Bea")
    assert code == 0
    assert out.splitlines() == [
        "withdraw Bea",
        "Bea: entry fee of 70 scudi refunded; the prize pool drops by 70 scudi to 70 scudi "
        "(Art. V.1)",
        "Bea: food contribution of 20 scudi refunded (not part of the pool)",
    ]
    log = run(capsys, event, "log")[1]
    assert "Direttore: refunded to Bea: entry fee 70 scudi, food contribution 20 scudi" in log
    events = json.loads(run(capsys, event, "log", "--json")[1])["events"]
    refund = next(e for e in events if e["type"] == "fee_refunded")
    assert refund["data"] == {"name": "Bea", "entry": "70", "food": "20"}
    state = json.loads(run(capsys, event, "state", "--json")[1])
    bea = next(p for p in state["players"] if p["name"] == "Bea")
    assert (bea["entry_refund"], bea["food_refund"]) == ("70", "20")
    assert state["prize_pool"] == "70" and state["cash"]["cash_box"] == "70"
    # Italian too, and undone with the withdrawal.
    assert main(["--lang", "it", "--event", str(event), "log"]) == 0
    assert "rimborsato a Bea: quota d'iscrizione 70 scudi" in capsys.readouterr().out
    assert run(capsys, event, "undo")[0] == 0
    assert json.loads(run(capsys, event, "cash", "--json")[1])["refunds"] == "0"
    # An unpaid player's withdrawal gives nothing back, and says nothing of money.
    assert run(capsys, event, "withdraw", "Cid")[1] == "withdraw Cid\n"


def test_cash_sums_up_the_evening(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    assert run(capsys, event, "withdraw", "Bea")[0] == 0
    code, out, _ = run(capsys, event, "cash")
    assert code == 0
    assert out.splitlines() == [
        "entry fees taken: 140 scudi (2 payments)",
        "food contributions taken: 20 scudi (1 payment)",
        "refunded at withdrawals: 90 scudi (1 player)",
        "prize pool: 70 scudi (Art. V.1)",
        "prizes of the places decided: 0 scudi (0 places, Art. I.7)",
        "  paid, handed over: 0 scudi (0 prizes)",
        "  due, to hand over: 0 scudi (0 prizes)",
        "still due to the places to come: 70 scudi",
        "in the cash box: 70 scudi (of which food money 0 scudi)",
    ]
    document = json.loads(run(capsys, event, "cash", "--json")[1])
    assert (document["entry_fees"], document["refunds"], document["cash_box"]) == (
        "140",
        "90",
        "70",
    )
    assert main(["--lang", "it", "--event", str(event), "cash"]) == 0
    assert "in cassa: 70 scudi" in capsys.readouterr().out


def test_a_prize_handed_over_leaves_the_cash_box(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Six paid: pool 420. The 5th's 21 is due when he is out, paid when `hand-over` records
    it; undo makes it due again. A prize not due is refused with its article, nothing changed."""
    path = tmp_path / "e.tdc"
    played_on_the_command_line(path, ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"], ["Ada", "Bea"])
    capsys.readouterr()
    due = json.loads(run(capsys, path, "cash", "--json")[1])
    assert (due["prizes_paid"], due["prizes_paid_count"], due["prizes_due"]) == ("21", 1, "399")
    assert (due["prizes_to_hand_over"], due["prizes_to_hand_over_count"]) == ("21", 1)
    assert (due["prizes_handed_over"], due["cash_box"]) == ("0", "420")
    code, out, _ = run(capsys, path, "hand-over", "bea")
    assert code == 0
    assert out.startswith("prize handed over: Bea\nBea: prize of 21 scudi handed over at ")
    assert out.rstrip().endswith(
        "(Art. I.7); the receipt to sign: `tdconsole print receipts --player Bea`"
    )
    paid = json.loads(run(capsys, path, "cash", "--json")[1])
    assert (paid["prizes_handed_over"], paid["prizes_handed_over_count"]) == ("21", 1)
    assert (paid["prizes_to_hand_over"], paid["cash_box"]) == ("0", "399")
    bea = next(
        p
        for p in json.loads(run(capsys, path, "state", "--json")[1])["players"]
        if p["name"] == "Bea"
    )
    assert bea["handed_over"] == "21" and bea["handed_over_at"]
    for name, words in (("Bea", "already handed over"), ("Ada", "no prize is due to Ada")):
        code, out, err = run(capsys, path, "hand-over", name)
        assert (code, out) == (2, "")
        assert err.startswith("error: ") and words in err and err.rstrip().endswith("(Art. I.7)")
    assert json.loads(run(capsys, path, "cash", "--json")[1]) == paid  # nothing changed
    assert run(capsys, path, "undo")[0] == 0
    assert json.loads(run(capsys, path, "cash", "--json")[1]) == due
    code, out, _ = run(capsys, path, "hand-over", "Bea", "--json")
    document = json.loads(out)
    assert code == 0 and set(document) == {"name", "place", "prize", "handed_over_at"}
    assert (document["name"], document["place"], document["prize"]) == ("Bea", 5, "21")
    assert main(["--lang", "it", "--event", str(path), "cash"]) == 0
    assert "  pagati, consegnati: 21 scudi (1 premio)" in capsys.readouterr().out
