"""The result at the end (IV.7, V.1) as the console's clock panel and the room display show it:
every paid player with his own prize, players tied in one hand each with their share (they were
shown as one player with the whole place's prize, the other left out)."""

from __future__ import annotations

from pathlib import Path

from tdconsole.domain.console_view import console_view
from tdconsole.domain.play import Bust
from tdconsole.ui.i18n import Translator
from tdconsole.ui.results import places, places_text

from .conftest import console, six_started, tab_rows


def test_tied_players_each_show_their_own_share(tmp_path: Path) -> None:
    service = six_started(tmp_path / "e.tdc")
    try:
        service.execute(Bust(names=["Ada"]))  # 6th
        service.execute(Bust(names=["Bea", "Cid"], stacks=[100, 100]))  # 4th and 5th, tied
        service.execute(Bust(names=["Dan"]))
        service.execute(Bust(names=["Eva"]))
        state = service.state
        assert state.phase == "finished"
        shown = places(console_view(state, service.now()))
        prize = {p.name: f"{p.prize} scudi" for p in state.players.values() if p.prize}
        assert [(r.place, r.name, r.tied) for r in shown] == [
            (1, "Fil", False), (2, "Eva", False), (3, "Dan", False),
            (4, "Bea", True), (4, "Cid", True),
        ]  # fmt: skip
        assert {r.name: r.prize for r in shown} == prize
        assert sum(int(p.prize or 0) for p in state.players.values()) == state.prize_pool
        lines = places_text(shown, Translator("en")).plain.splitlines()
        assert lines[3].startswith("4th= Bea") and lines[4].startswith("4th= Cid")
        assert lines[0].startswith("1st  Fil")
        assert len({len(line) for line in lines}) == 1  # in columns
    finally:
        service.close()


async def test_the_prizes_tab_lists_a_tie_reaching_past_the_paid_places(tmp_path: Path) -> None:
    service = six_started(tmp_path / "e.tdc")
    service.execute(Bust(names=["Ada", "Bea"], stacks=[300, 300]))  # 5th and 6th, tied
    async with console(service) as (_, pilot):
        rows = await tab_rows(pilot, "3", "#payouts-view")
        assert [(r[0], r[3]) for r in rows[4:]] == [("5°=", "Ada"), ("5°=", "Bea")]
        assert rows[5][1:3] == ["", ""]
        # Six entrants play a final from the draw: its table is called so (IV.1).
        first = (await tab_rows(pilot, "4", "#standings-view"))[0]
        assert first[2:4] == ["in gioco", "finale"]


async def test_the_prizes_tab_shows_each_tied_player_his_share_at_the_shared_place(
    tmp_path: Path,
) -> None:
    """The cash desk's table: Bea and Cid tied at 4th and 5th were listed "4°= 42 Bea /
    5°= 21 Cid", the places' own amounts, so a cashier paid 42 and 21 where each is owed his
    share of 63 (32 and 31). Now the place shown is the shared one and the prize column says
    what each receives; a third player's row past the table says his share too."""
    service = six_started(tmp_path / "e.tdc")
    service.execute(Bust(names=["Ada"]))  # 6th
    service.execute(Bust(names=["Bea", "Cid"], stacks=[500, 500]))  # 4th and 5th, tied
    async with console(service) as (_, pilot):
        rows = await tab_rows(pilot, "3", "#payouts-view")
        assert [r[:5] for r in rows[3:5]] == [
            ["4°=", "10 %", "42 scudi", "Bea", "32 scudi"],
            ["4°=", "5 %", "21 scudi", "Cid", "31 scudi"],
        ]
        assert rows[0][3:5] == ["–", ""]  # no holder yet: no prize beside a name
