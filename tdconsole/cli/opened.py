"""Opening the event for a command: the service (``Tournament``), a command run on it, its
players named as recorded. The commands that open an event
import this module; the console's command line and ``season`` never do (``common``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Union

from tdconsole.cli.common import OPENED, event_path
from tdconsole.domain.events import Command
from tdconsole.service import Tournament
from tdconsole.store.paths import remember_event

Build = Callable[[Tournament], Command]
"""A command built on the event as opened (to name its players as recorded: ``named``)."""


def open_service(args: argparse.Namespace) -> Tournament:
    path = event_path(args)
    actor = getattr(args, "actor", None)
    # `--as NAME` other than the event's Director acts as floor staff (the service decides:
    # Director-only commands are refused, and only one's own actions can be undone).
    service = Tournament.open(path, actor=actor)
    args.event_lang = service.state.settings.language
    remember_event(path)
    OPENED.append(service)
    return service


def act(args: argparse.Namespace, command: Union[Command, Build]) -> Tournament:  # noqa: UP007
    """Run one command on the chosen event; the closed service keeps its final State (and the
    command's records in ``last_records``) for printing what happened. ``command`` may be
    built on the event as opened (``lambda event: Bust(names=named(event, args.names))``)."""
    service = open_service(args)
    try:
        if callable(command):
            command = command(service)
        service.last_records = service.execute(command)
    finally:
        service.close()
    return service


def named(event: Tournament, typed: list[str]) -> list[str]:
    """The players' names as recorded, from names as typed (``Tournament.named``); an unknown
    or ambiguous name is refused."""
    return event.named(typed)


def named_counts(event: Tournament, counts: dict[str, int]) -> dict[str, int]:
    """``NAME=N`` counts keyed by the players' recorded names (``named``)."""
    return dict(zip(named(event, list(counts)), counts.values(), strict=True))
