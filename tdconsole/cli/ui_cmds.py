"""``tdconsole`` (the console), ``tdconsole floor``, ``tdconsole display``, and the console of
``tdconsole demo``.

Textual is imported only here, inside the functions, so every other command stays fast. The
console paints a light opening screen first and opens the event after it (a *loader* run in a
worker thread, which also imports the console's modules): the domain, the log, the demo's build
and the console's own screen never delay the first frame.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.i18n import _

if TYPE_CHECKING:
    from tdconsole.service import Tournament
    from tdconsole.ui.app import Mode

Loader = Callable[[], "Tournament"]


def _event_file(args: argparse.Namespace) -> Path | None:
    """The event to open (``--event``, ``$TDCONSOLE_EVENT``, the last one), if it exists."""
    from tdconsole.cli.common import event_path

    try:
        path = event_path(args)
    except Exception:
        return None
    return path if path.exists() else None


def _opener(path: Path, args: argparse.Namespace, role: str) -> Loader:
    def load() -> Tournament:
        from tdconsole.service import Tournament
        from tdconsole.store.paths import remember_event

        service = Tournament.open(path, actor=getattr(args, "actor", None), role=role)
        remember_event(path)
        return service

    return load


def _demo_builder(args: argparse.Namespace) -> Loader:
    def load() -> Tournament:
        from tdconsole.cli.common import lang
        from tdconsole.demo import build_demo
        from tdconsole.service import Tournament
        from tdconsole.store.paths import remember_event, resolve_event_path

        path = resolve_event_path(args.path) if getattr(args, "path", None) else None
        built = build_demo(path, lang=lang(args))
        remember_event(built)
        args.event = str(built)
        return Tournament.open(built, actor=getattr(args, "actor", None), role="director")

    return load


def _run(
    args: argparse.Namespace, mode: Mode, loader: Loader | None = None, title: str = ""
) -> int:
    from tdconsole.ui.app import build_app

    role = "floor" if mode == "floor" else "director"
    if loader is None:
        path = _event_file(args)
        if path is not None:
            loader = _opener(path, args, role)
            title = path.stem
        elif mode != "director":
            from tdconsole.domain.errors import RuleError

            raise RuleError(
                _("no event chosen: give --event PATH (or open one in the console first)"),
            )
    app = build_app(
        None,
        mode=mode,
        lang=getattr(args, "lang", None),
        actor=getattr(args, "actor", None),
        loader=loader,
        title=title,
    )
    try:
        code = app.run()
    finally:
        if app.service is not None:
            app.service.close()
    if app.crash is not None:
        import sys

        from tdconsole.ui.crash import crash_line

        print(crash_line(app.crash, app.crash_report, app.tr.lang), file=sys.stderr)
        return 1
    return int(code or app.return_code or 0)


def open_console(args: argparse.Namespace) -> int:
    """The Director's console on the chosen event, or the start screen when there is none."""
    return _run(args, "director")


def open_demo(args: argparse.Namespace) -> int:
    """The Director's console on a demo event built after the console's first frame."""
    return _run(args, "director", _demo_builder(args), title="demo")


def cmd_floor(args: argparse.Namespace) -> int:
    if not getattr(args, "actor", None):
        args.actor = os.environ.get("USER") or "floor"
    return _run(args, "floor")


def cmd_display(args: argparse.Namespace) -> int:
    return _run(args, "display")


def register(sub: Any) -> None:
    floor = sub.add_parser(
        "floor",
        help=_("open the floor console: eliminations, counts, second stacks, the clock read-only"),
        description=_("The floor console for staff on another terminal (role: floor)."),
    )
    floor.set_defaults(func=cmd_floor)
    display = sub.add_parser(
        "display",
        help=_("open the room display: the big clock for a TV (read-only; q leaves)"),
        description=_("The room display: the big clock, blinds, players and prizes. Read-only."),
    )
    display.set_defaults(func=cmd_display)
