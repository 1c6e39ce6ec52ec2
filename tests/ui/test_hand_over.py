"""A prize handed over from the prizes tab (Art. I.7): the key on the highlighted place opens a
confirmation naming the player and the amount; Enter records it (due becomes paid, the cash
box gives it up) and writes the receipt to sign; Escape changes nothing."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest
from tdhelpers.support import pdf_pages, started
from textual.widgets import Static

from tdconsole.domain.cash import cash
from tdconsole.domain.play import Bust
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.widgets.players_view import PlayersView

from .conftest import console, frozen, settle
from .test_actions import messages
from .test_cash import shown

SIX = ["Ada", "Bea", "Cid", "Dan", "[red]Eva", "Fil"]


def evening(path: Path) -> Tournament:
    """Six paid: pool 420 (189 / 105 / 63 / 42 / 21); the first two in out: 6th (no prize)
    and 5th (21 scudi, due)."""
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(1))
    started(service, SIX)
    for player in service.state.in_players()[:2]:
        service.execute(Bust(names=[player.name]))
    return service


async def test_the_key_confirms_then_hands_over_and_writes_the_receipt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    service = evening(tmp_path / "e.tdc")
    fifth = next(p for p in service.state.ordered_players() if p.place == 5)
    async with console(service) as (app, pilot):
        await pilot.press("3", "down", "down", "down", "down", "H")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        words = shown(app.screen.query_one("#dialog-note", Static))
        assert fifth.name in words and "21 scudi" in words and "5°" in words
        last = service.state.last_seq
        await pilot.press("escape")  # not yet: nothing changes
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        assert service.state.last_seq == last and fifth.handed_over_at is None
        await pilot.press("H")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        player = service.state.find(fifth.name)
        assert player is not None and player.handed_over_at == frozen()
        assert cash(service.state).prizes_handed_over == Decimal(21)
        said = messages(app)
        assert any(f"premio consegnato: {fifth.name}" in m for m in said), said
        written = [m for m in said if m.startswith("Scritto:")]
        assert written, said
        assert not list(tmp_path.glob("*.pdf")), "the receipt goes to the print folder"
        receipts = sorted((tmp_path / "prints").glob("*.pdf"))
        assert len(receipts) == 1 and str(receipts[0]) in written[-1]
        assert receipts[0].name == f"ricevuta-5-{fifth.name}.pdf"  # its place and player
        page = " ".join(pdf_pages(receipts[0].read_bytes())[0].split())
        assert page.count("Ricevuta di premio") == 1 and fifth.name in page
        assert "21 scudi" in page and "20:00" in page
        lines = [
            " ".join(line.split())
            for line in shown(app.screen.query_one("#cash-view", Static)).splitlines()
        ]
        assert "Premi pagati (consegnati) 21 scudi 1 premio · Art. I.7" in lines, lines
        assert "Premi dovuti (da consegnare) 0 scudi 0 premi" in lines, lines
        assert lines[-1] == "In cassa 399 scudi di cui per il vitto 0 scudi"  # 420 - 21


async def test_a_place_not_decided_has_no_prize_to_hand_over(tmp_path: Path) -> None:
    service = evening(tmp_path / "e.tdc")
    async with console(service) as (app, pilot):
        last = service.state.last_seq
        await pilot.press("3", "H")  # 1st place: still in play
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        said = "Scegliere prima un posto con un premio da consegnare: scheda 3, Premi"
        assert said in messages(app)
        assert service.state.last_seq == last


async def test_after_a_hand_over_the_cursor_stays_so_the_next_prize_is_a_row_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    service = evening(tmp_path / "e.tdc")
    service.execute(Bust(names=[service.state.in_players()[-1].name]))  # 4th: 42 scudi
    fourth, fifth = (
        next(p for p in service.state.ordered_players() if p.place == place) for place in (4, 5)
    )
    async with console(service) as (app, pilot):
        await pilot.press("3", "down", "down", "down", "H", "enter")
        await settle(pilot)
        assert service.state.find(fourth.name).handed_over_at is not None  # type: ignore[union-attr]
        await pilot.press("down", "H")
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        assert fifth.name in shown(app.screen.query_one("#dialog-note", Static))


async def test_each_receipt_is_named_by_its_place_and_player_and_replaces_none(
    tmp_path: Path,
) -> None:
    path = tmp_path / "e.tdc"
    service = Tournament.create(path, "Prova", load_settings(), clock=frozen, rng=random.Random(1))
    hostile = 'Bo/b: "CON"? *.'
    started(service, ["Ada", "Bea", "Cid", "Dan", "Eva", hostile])
    for name in ("Ada", hostile, "Bea"):  # 6th (no prize), then 5th and 4th: prizes due
        service.execute(Bust(names=[name]))
    async with console(service, lang="en") as (app, pilot):
        for name in (hostile, "Bea", "Bea"):
            if service.state.find(name).handed_over_at is not None:  # type: ignore[union-attr]
                service.undo()  # handed over again: a second receipt, the first kept
                await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            app.screen.query_one(PlayersView).select_player(name)
            await pilot.press("H", "enter")
            await settle(pilot)
        names = sorted(p.name for p in (tmp_path / "prints").iterdir())
        assert names == [
            "receipt-4-Bea-2.pdf",
            "receipt-4-Bea.pdf",
            "receipt-5-Bo_b_ _CON__ _.pdf",
        ], names
