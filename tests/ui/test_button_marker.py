"""The button marker "D" sits at its own seat, in front of its number: never at the end of the
cell before the next seat's, where it read as the next seat's button."""

from __future__ import annotations

from tdconsole.domain.console_view import CardSeat
from tdconsole.ui.widgets.table_card import seat_cell


def test_the_button_marker_is_in_front_of_its_seat() -> None:
    on = CardSeat(seat=1, card="A♠", name="Anna", button=True, second_stack=False)
    off = CardSeat(seat=2, card="K♠", name="Bruno", button=False, second_stack=False)
    row = seat_cell(on, 6, False).plain + seat_cell(off, 6, False).plain
    assert row.startswith("D 1 A♠")
    assert "D" not in row[len(seat_cell(on, 6, False).plain) - 3 :]  # nothing before seat 2
    assert len(seat_cell(on, 6, False)) == len(seat_cell(off, 6, False))
