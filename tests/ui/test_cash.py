"""The evening's money in the console: a paid player's withdrawal says his refund and the pool's
drop; the prizes tab shows the cash summary (fees, food, refunds, prizes, the cash box)."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Static

from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import build_app
from tdconsole.ui.textual_reach import notifications

from .conftest import frozen, settle


def shown(widget: Static) -> str:
    from rich.console import Console

    console = Console(width=120, record=True, color_system=None)
    console.print(widget.content)
    return console.export_text()


async def test_a_refund_is_said_and_the_prizes_tab_sums_up_the_cash(tmp_path: Path) -> None:
    service = Tournament.create(
        tmp_path / "e.tdc", "Prova", load_settings(), clock=frozen, rng=random.Random(1)
    )
    service.execute(Register(names=["Anna", "Bruno", "Carla"]))
    service.execute(Pay(names=["Anna", "Bruno", "Carla"]))
    service.execute(Pay(names=["Bruno", "Carla"], food=True))
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            await pilot.press("slash", *"bru", "enter")
            await pilot.press("w", "enter")  # asked first, naming him
            await settle(pilot)
            said = [n.message for n in notifications(app)]
            assert any(
                "Ritirato: Bruno" in m
                and "quota d'iscrizione di 70 scudi rimborsata: il montepremi cala di 70 scudi" in m
                and "contributo per il vitto di 20 scudi rimborsato" in m
                for m in said
            ), said
            await pilot.press("3")
            await settle(pilot)
            lines = [
                " ".join(line.split())
                for line in shown(app.screen.query_one("#cash-view", Static)).splitlines()
            ]
            assert "Quote d'iscrizione incassate 210 scudi 3 pagamenti" in lines
            assert "Contributi per il vitto incassati 40 scudi 2 pagamenti" in lines
            assert "Rimborsato ai ritiri 90 scudi 1 giocatore" in lines
            assert "Montepremi 140 scudi Art. V.1" in lines
            assert "In cassa 160 scudi di cui per il vitto 20 scudi" in lines
    finally:
        service.close()


def test_the_print_dialog_offers_every_report() -> None:
    """The console's print dialog lists the cash summary and the receipts with the others."""
    from tdconsole.reports import REPORTS
    from tdconsole.ui.dialogs.print_report import REPORTS as OFFERED

    assert [key for key, _ in OFFERED] == list(REPORTS)
    assert "cash" in REPORTS and "receipts" in REPORTS
