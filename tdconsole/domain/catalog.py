"""Importing this module registers every event type of the domain (the log's vocabulary)."""

from tdconsole.domain import (
    access,
    clock_events,
    colour_up,
    director_moves,
    handover,
    play,
    play_tables,
    registration,
    room_message,
    rulings,
    seating,
)
from tdconsole.domain.slices import call_break

MODULES = (
    access,
    clock_events,
    colour_up,
    director_moves,
    handover,
    play,
    play_tables,
    registration,
    room_message,
    rulings,
    seating,
    call_break,
)
