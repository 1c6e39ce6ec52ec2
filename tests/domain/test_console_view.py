"""The console's model (``console_view``): built from the read model's view, each open table as
its card shows it, and the colour-up's break as the structure marks it. And what its dialogs
read of the players (``domain.roster``) and of their command (``domain.form``), as the service
gives them: never the State itself."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from tdhelpers.support import terminal

from tdconsole.demo import demo_in_memory
from tdconsole.domain.console_view import console_view
from tdconsole.domain.play import Bust
from tdconsole.domain.play_common import second_stack_amount
from tdconsole.domain.slices.edit_level import EditLevel
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


def test_a_card_shows_the_players_in_play_in_their_seats(demo: Tournament[Any]) -> None:
    state = demo.state
    player = state.players_at(state.tables[2])[-1]
    demo.execute(Bust(names=[player.name], declined=True))
    shown = console_view(demo.state, NOW)
    assert [t.number for t in shown.tables] == [t.number for t in demo.state.open_tables()]
    card = next(t for t in shown.tables if t.number == 2)
    table = demo.state.tables[2]
    assert player.name not in [s.name for s in card.seats]
    assert card.players_in == len(demo.state.players_at(table))
    assert [s.seat for s in card.seats if s.button] == [table.button]
    assert shown.view.in_play == demo.state.in_play


def test_the_colour_up_break_follows_the_structure(demo: Tournament[Any]) -> None:
    # The demo's level 1 is 50/100 (25-chips needed), level 2 100/200: a break after level 1
    # is the colour-up's; before it there is none to prompt.
    before = console_view(demo.state, NOW)
    assert before.colour_up_after != 1
    demo.execute(EditLevel(level=1, break_minutes=15))
    assert console_view(demo.state, NOW).colour_up_after == 1
    demo.undo()
    assert console_view(demo.state, NOW).colour_up_after == before.colour_up_after


def test_a_keys_command_is_checked_once_per_model(
    demo: Tournament[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console's keys ask the model whether a command applies (``Checks``): each command
    is checked on the State once, however often the keys are drawn."""
    checked: list[object] = []
    real = Bust.check_applies.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Bust], state: object) -> None:
        checked.append(state)
        real(cls, state)

    monkeypatch.setattr(Bust, "check_applies", classmethod(counted))
    shown = demo.console(NOW)
    assert shown.checks.refusal(Bust) is None
    assert shown.checks.refusal(Bust) is None
    assert len(checked) == 1
    demo.execute(Bust(names=[demo.state.in_players()[-1].name], declined=True))
    checked.clear()
    assert demo.console(NOW).checks.refusal(Bust) is None  # a new model: checked again
    assert len(checked) == 1


def test_the_model_says_who_may_still_take_the_second_stack(demo: Tournament[Any]) -> None:
    name = demo.state.in_players()[-1].name
    assert name in demo.console(NOW).second_stack_due
    demo.execute(SecondStack(name=name, stack=0))  # he takes it: no longer offered
    assert name not in demo.console(NOW).second_stack_due


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


def test_the_roster_gives_a_closings_and_the_finals_boards(demo: Tournament[Any]) -> None:
    roster = demo.roster()
    table = demo.state.open_tables()[0]
    shown = roster.closing(table.number)
    assert shown is not None and shown.chips == table.chips
    assert roster.closing(99) is None  # no such table: nothing to show
    assert len(roster.finalists().players) == demo.state.in_play
