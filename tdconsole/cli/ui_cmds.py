"""``tdconsole`` (the console), ``tdconsole floor`` and ``tdconsole display``.

Textual is imported only here, inside the functions, so every other command stays fast.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tdconsole.ui.app import Mode


def _service(args: argparse.Namespace, role: str) -> Any:
    from tdconsole.cli.common import event_path
    from tdconsole.service import Tournament
    from tdconsole.store.paths import remember_event

    try:
        path = event_path(args)
    except Exception:
        return None
    if not path.exists():
        return None
    service = Tournament.open(path, actor=getattr(args, "actor", None), role=role)
    remember_event(path)
    return service


def _run(args: argparse.Namespace, mode: Mode) -> int:
    from tdconsole.ui.app import build_app

    role = "floor" if mode == "floor" else "director"
    service = _service(args, role)
    if service is None and mode != "director":
        from tdconsole.domain.errors import RuleError

        raise RuleError("no event chosen: give --event PATH (or open one in the console first)")
    app = build_app(
        service,
        mode=mode,
        lang=getattr(args, "lang", None),
        actor=getattr(args, "actor", None),
    )
    try:
        code = app.run()
    finally:
        if app.service is not None:
            app.service.close()
    return int(code or 0)


def open_console(args: argparse.Namespace) -> int:
    """The Director's console on the chosen event, or the start screen when there is none."""
    return _run(args, "director")


def cmd_floor(args: argparse.Namespace) -> int:
    if not getattr(args, "actor", None):
        args.actor = os.environ.get("USER") or "floor"
    return _run(args, "floor")


def cmd_display(args: argparse.Namespace) -> int:
    return _run(args, "display")


def register(sub: Any) -> None:
    floor = sub.add_parser(
        "floor",
        help="open the floor console: eliminations, counts, second stacks, the clock read-only",
        description="The floor console for staff on another terminal (role: floor).",
    )
    floor.set_defaults(func=cmd_floor)
    display = sub.add_parser(
        "display",
        help="open the room display: the big clock for a TV (read-only; q leaves)",
        description="The room display: the big clock, blinds, players and prizes. Read-only.",
    )
    display.set_defaults(func=cmd_display)
