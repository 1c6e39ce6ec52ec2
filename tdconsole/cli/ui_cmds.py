"""``tdconsole`` (the console), ``tdconsole floor``, ``tdconsole display``, and ``tdconsole
demo`` (the demo event, opened in the console).

The console paints a light opening screen first and opens the event after it (a *loader* run
in a worker thread, which also imports the console's modules): the domain, the log, the demo's
build and the console's own screen never delay the first frame, so this module imports none of
them at its top.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import event_path, given_event, lang, say
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.store.paths import remember_event, resolve_event_path
from tdconsole.store.system import login_name

if TYPE_CHECKING:
    from tdconsole.service import Tournament
    from tdconsole.ui.app import Mode

Loader = Callable[[], "Tournament"]


def _event_file(args: argparse.Namespace) -> Path | None:
    """The event to open (``--event``, ``$TDCONSOLE_EVENT``, the last one), if it exists."""
    try:
        path = event_path(args)
    except RuleError:
        if given_event(args):
            raise  # the event given is refused (a file here meant?): said before the console
        return None
    except Exception:
        return None
    return path if path.exists() else None


def opener(path: Path, args: argparse.Namespace, role: str) -> Loader:
    """What opens the event at ``path`` for the console, as ``--as`` and ``role`` say; the
    console calls it in a worker, after its first frame."""

    def load() -> Tournament:
        # lazy: the service, which the console's first frame does not wait for
        from tdconsole.service import Tournament

        service = Tournament.open(path, actor=getattr(args, "actor", None), role=role)
        remember_event(path)
        return service

    return load


def _demo_builder(args: argparse.Namespace) -> Loader:
    def load() -> Tournament:
        return opener(build_demo_event(args), args, "director")()

    return load


def build_demo_event(args: argparse.Namespace) -> Path:
    """The demo event built at ``PATH`` (else a fresh file in the data folder), remembered as
    the last event used and chosen as ``args.event``."""
    # lazy: the demo's build (the service, the domain's moves) would delay the console's first
    # frame, which it follows
    from tdconsole.demo import build_demo

    path = resolve_event_path(args.path) if getattr(args, "path", None) else None
    built = build_demo(path, lang=lang(args))
    remember_event(built)
    args.event = str(built)
    return built


def run_console(
    args: argparse.Namespace, mode: Mode, loader: Loader | None = None, title: str = ""
) -> int:
    """Run the console in ``mode`` on the event of ``args`` (or what ``loader`` opens); the exit
    code, 1 with one line on stderr if the console crashed."""
    # lazy: textual and the console's app, which `demo --no-open` does without (it paints nothing)
    from tdconsole.ui.app import build_app

    role = "floor" if mode == "floor" else "director"
    if loader is None:
        path = _event_file(args)
        if path is not None:
            loader = opener(path, args, role)
            title = path.stem
        elif mode != "director":
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
        settle_heap=True,
    )
    # The terminal's own size, always: a COLUMNS or LINES in the environment (a detached tmux
    # session's command is given 80x24) would hold the console at that size through every resize.
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
    try:
        code = app.run()
    finally:
        if app.service is not None:
            app.service.close()
    if app.crash is not None:
        # lazy: the crash report (the store's backup, the event's models) would delay the
        # console's first frame; it is needed only when the console has crashed
        from tdconsole.ui.crash import crash_line

        print(crash_line(app.crash, app.crash_report, app.tr.lang), file=sys.stderr)
        return 1
    return int(code or app.return_code or 0)


def open_console(args: argparse.Namespace) -> int:
    """The Director's console on the chosen event, or the start screen when there is none."""
    return run_console(args, "director")


def open_demo(args: argparse.Namespace) -> int:
    """The Director's console on a demo event built after the console's first frame."""
    return run_console(args, "director", _demo_builder(args), title="demo")


def cmd_demo(args: argparse.Namespace) -> int:
    """Build the demo event; on a terminal, open the console at once and build it behind the
    console's first frame (``--no-open`` or no terminal: build it and say where it is)."""
    if not args.no_open and sys.stdin.isatty() and sys.stdout.isatty():
        return open_demo(args)
    built = build_demo_event(args)
    say(args, _("demo event ready at {path}").format(path=built))
    return 0


def cmd_floor(args: argparse.Namespace) -> int:
    if not getattr(args, "actor", None):
        args.actor = login_name("floor")
    return run_console(args, "floor")


def cmd_display(args: argparse.Namespace) -> int:
    return run_console(args, "display")


def register(sub: Any) -> None:
    demo_help = _("build a demo event (24 players, paid, drawn, started) and open it")
    demo = sub.add_parser("demo", help=demo_help, description=demo_help)
    demo.add_argument("path", metavar=_("PATH"), nargs="?")
    demo.add_argument("--no-open", action="store_true", help=_("build it, do not open the console"))
    demo.set_defaults(func=cmd_demo)
    floor = sub.add_parser(
        "floor",
        help=_("open the floor console: eliminations, counts, second stacks, the clock read-only"),
        description=_("The floor console for staff on another terminal (role: floor)."),
    )
    floor.set_defaults(func=cmd_floor)
    display = sub.add_parser(
        "display",
        help=_("open the room display: the big clock for a TV (read-only; q leaves)"),
        description=_(
            "The room display: the big clock, blinds, players and prizes. Read-only. The bell "
            "rings at a level change, a break and one minute left; espeak-ng, where it is "
            "installed, says them aloud (the setting voice)."
        ),
    )
    display.set_defaults(func=cmd_display)
