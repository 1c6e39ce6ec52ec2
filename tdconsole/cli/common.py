"""What every command-line command shares: finding the event, opening the service, printing."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.domain.errors import RuleError

if TYPE_CHECKING:
    from tdconsole.service import Tournament


def event_path(args: argparse.Namespace) -> Path:
    """``--event``, else ``TDCONSOLE_EVENT``, else the most recently used event."""
    from tdconsole.store.paths import last_event, resolve_event_path

    raw = getattr(args, "event", None) or os.environ.get("TDCONSOLE_EVENT")
    if raw:
        return resolve_event_path(raw)
    last = last_event()
    if last is None:
        raise RuleError(
            "no event chosen: create one with `tdconsole new NAME`, or give --event PATH"
        )
    return last


def open_service(args: argparse.Namespace) -> Tournament:
    from tdconsole.service import Tournament
    from tdconsole.store.paths import remember_event

    path = event_path(args)
    actor = getattr(args, "actor", None)
    service = Tournament.open(path, actor=actor)
    # `--as NAME` other than the event's Director acts as floor staff (Director-only
    # commands are refused, and only one's own actions can be undone).
    if actor is not None and actor.strip() != service.state.settings.director:
        service.role = "floor"
    remember_event(path)
    return service


def state_json(args: argparse.Namespace) -> dict[str, Any]:
    """The current event's ``state --json`` document (used by reports)."""
    from tdconsole.domain.view import state_json as view

    service = open_service(args)
    try:
        return view(service.state, service.now())
    finally:
        service.close()


def emit_json(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def chips_text(value: int | None) -> str:
    """Chips with a space between thousands (4 000), '–' when unknown."""
    if value is None:
        return "–"
    return f"{value:,}".replace(",", " ")


def parse_assignments(items: list[str], what: str) -> list[tuple[str, str]]:
    """``NAME=N`` or ``KEY=VALUE`` words; a bad one is a one-line error."""
    pairs = []
    for item in items:
        key, sep, value = item.rpartition("=")
        if not sep or not key.strip() or not value.strip():
            raise RuleError(f"{item!r} is not {what}: write it as {what}")
        pairs.append((key.strip(), value.strip()))
    return pairs


def parse_counts(items: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name, value in parse_assignments(items, "NAME=CHIPS"):
        try:
            chips = int(value)
        except ValueError:
            raise RuleError(f"{value!r} is not a number of chips: write NAME=CHIPS") from None
        if chips < 0:
            raise RuleError(f"{name}: a chip count cannot be negative")
        counts[name] = chips
    return counts
