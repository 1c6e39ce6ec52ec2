"""The random Director of the fault tests never fails on a state it can reach."""

from __future__ import annotations

import random

from tdhelpers.driver import split


def test_a_table_left_empty_is_split_among_no_one() -> None:
    """A writer killed between the busts that empty a table and its closing leaves a table to
    close with no one to move: the driver's split had one share for no one (a ValueError)."""
    assert split(32_000, 0, 100, random.Random(1)) == []


def test_the_shares_add_up_to_the_chips_in_units() -> None:
    shares = split(32_000, 5, 100, random.Random(2))
    assert len(shares) == 5 and sum(shares) == 32_000 and all(s % 100 == 0 for s in shares)
