"""Opening the event for a command: the service (``Tournament``), a command run on it. The
commands that open an event import this module; the console's command line and ``season``
never do (``common``)."""

from __future__ import annotations

import argparse

from tdconsole.cli.common import OPENED, event_path
from tdconsole.domain.events import Command
from tdconsole.service import Tournament
from tdconsole.store.paths import remember_event


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


def act(args: argparse.Namespace, command: Command) -> Tournament:
    """Run one command on the chosen event; the closed service keeps its final State (and the
    command's records in ``last_records``) for printing what happened."""
    service = open_service(args)
    try:
        service.last_records = service.execute(command)
    finally:
        service.close()
    return service
