"""What a console's dialog reads of the players (``domain.roster``) and of its command
(``domain.form``), as the service gives them: never the State itself."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from tdhelpers.support import terminal

from tdconsole.demo import demo_in_memory
from tdconsole.domain.play_common import second_stack_amount
from tdconsole.domain.slices.second_stack import SecondStack
from tdconsole.domain.slices.show_message import ShowMessage
from tdconsole.domain.slices.spec import declared
from tdconsole.service import Tournament

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


@pytest.fixture
def demo() -> Iterator[Tournament[Any]]:
    service = terminal(demo_in_memory(now=NOW), clock=lambda: NOW, rng=random.Random(7))
    yield service
    service.close()


def test_a_player_is_named_with_his_seat_and_matched_as_typed(demo: Tournament[Any]) -> None:
    player = demo.state.in_players()[0]
    roster = demo.roster()
    found = roster.find(player.name.upper())
    assert found is not None and (found.name, found.table, found.seat) == (
        player.name,
        player.table,
        player.seat,
    )
    assert not found.final
    assert [p.name for p in roster.match(player.name[:-1].lower())][:1] == [player.name]
    assert [p.name for p in roster.listed()] == [p.name for p in demo.state.in_players()]


def test_the_second_stack_he_may_still_take_is_his_tables_average(demo: Tournament[Any]) -> None:
    player = demo.state.in_players()[-1]
    assert player.table is not None
    average = second_stack_amount(demo.state, demo.state.tables[player.table])
    assert demo.roster().second_stack_for(player.name) == average is not None
    demo.execute(SecondStack(name=player.name, stack=0))
    assert demo.roster().second_stack_for(player.name) is None


def test_a_form_builds_its_command_on_the_names_as_recorded(demo: Tournament[Any]) -> None:
    player = demo.state.in_players()[-1]
    form = demo.form(declared("SecondStack"))
    built = form.build({"name": player.name.lower(), "stack": "0"})
    assert built == SecondStack(name=player.name, stack=0)


def test_a_form_opened_on_the_message_shown_takes_it_off_when_emptied(
    demo: Tournament[Any],
) -> None:
    demo.execute(ShowMessage(message="Pausa cena"))
    form = demo.form(declared("ShowMessage"))
    field = next(f for f in form.declared.fields if f.opens_on is not None)
    assert form.opens_on(field) == "Pausa cena"
    assert type(form.taken_off()).__name__ == "ClearMessage"
