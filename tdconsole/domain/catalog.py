"""Importing this module registers every event type of the domain (the log's vocabulary): the
modules' below, and every command module's of ``domain.slices`` (its manifest's)."""

from importlib import import_module

from tdconsole.domain import (
    access,
    play,
    seating,
)
from tdconsole.domain.slices.manifest import SLICE_MODULES

MODULES = (
    access,
    play,
    seating,
    *(import_module(f"tdconsole.domain.{module}") for module in SLICE_MODULES.values()),
)
