"""The palette's order is stable: a player's entries come in one order
whatever the name, so Down+Enter opens the same kind of entry; "Disqualify NAME" is there."""

from __future__ import annotations

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.palette import ConsoleCommands

from .conftest import settle

KINDS = ("Giocatore ", "Elimina ", "Squalifica ", "Seconda dote a ")


def kind(label: str) -> str:
    return next(k for k in KINDS if label.startswith(k))


async def test_a_players_entries_come_in_one_order_whatever_the_name(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        state = app.service.state  # type: ignore[union-attr]
        provider = ConsoleCommands(app.screen)
        orders = set()
        for player in state.in_players():
            typed = player.name.lower()
            hits = sorted(
                [hit async for hit in provider.search(typed)], key=lambda h: -h.score
            )  # the palette's own sort: stable, best first
            mine = [
                str(h.text)
                for h in hits
                if str(h.text).endswith(player.name) or f" {player.name} — " in str(h.text)
            ]
            first = [str(h.text) for h in hits[: len(mine)]]
            assert first == mine, (player.name, [str(h.text) for h in hits[:6]])
            orders.add(tuple(kind(label) for label in mine))
        # The second stack's entry, last, only while he may still take it.
        assert KINDS in orders and orders <= {KINDS, KINDS[:3]}, orders
