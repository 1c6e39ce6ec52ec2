"""Importing this module registers every event type of the domain (the log's vocabulary)."""

from tdconsole.domain import clock_events, play, play_tables, registration, rulings, seating

MODULES = (clock_events, play, play_tables, registration, rulings, seating)
