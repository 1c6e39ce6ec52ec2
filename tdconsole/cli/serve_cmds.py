"""``tdconsole serve``: the room display and the floor console in a browser.

One server process (``tdconsole.serve.app``) serves the room's page and the floor's page, over
the same event file and the same service as every other terminal. Reached beyond this machine
(``--host`` or ``--public-url`` not loopback) the floor needs a floor PIN of at least 6 digits;
``--cert``/``--key`` serve HTTPS. The room's page needs no PIN and can change nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tdconsole import serve
from tdconsole.cli.common import event_path, lang
from tdconsole.domain.errors import RuleError
from tdconsole.domain.pin_strength import pin_problems
from tdconsole.i18n import Msg, _
from tdconsole.serve import qr_text, url_host
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament
from tdconsole.store.local_folders import folder_notices

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def _event(args: argparse.Namespace) -> Path:
    path = event_path(args)
    if not path.exists():
        raise RuleError(
            _("no event file at {path}: give --event PATH").format(path=path),
        )
    return path


def _pins(args: argparse.Namespace, path: Path) -> tuple[dict[str, str], list[tuple[str, Msg]]]:
    """The event's PINs (hashes) and what makes them too weak beyond this machine, read
    through the service: the file is checked on the way, and a folder it names that this
    machine passes over is said before serving (the floor's actions take backups)."""
    service = Tournament.open(path, role="floor")
    try:
        for notice in folder_notices(service.state.settings):
            sys.stderr.write(f"warning: {notice.text(lang(args, service.state))}\n")
        return dict(service.state.pins), pin_problems(service.state)
    finally:
        service.close()


def cmd_serve(args: argparse.Namespace) -> int:
    path = _event(args)
    host = args.host or DEFAULT_HOST
    try:
        public_host = urlsplit(args.public_url).hostname if args.public_url else None
    except ValueError:
        public_host = "?"
    # Reached beyond this machine: by listening there, or through the address phones are given.
    public = not serve.is_loopback(host) or (
        public_host is not None and not serve.is_loopback(public_host)
    )
    pins, problems = _pins(args, path)
    shown_host = public_host if serve.is_loopback(host) else host
    if public and "floor" not in pins:
        raise RuleError(
            _(
                "serving beyond this machine ({host}) needs a floor PIN first: the Director "
                "sets it with `tdconsole set floor_pin=NNNNNN` (at least 6 digits); "
                "without --host and --public-url the views stay on this machine"
            ).format(host=shown_host),
            "VII.1",
        )
    if public and problems:
        key, problem = problems[0]
        raise RuleError(
            _(
                "serving beyond this machine ({host}) needs PINs hard to guess: {problem}; the "
                "Director sets another with `tdconsole set {key}=NNNNNN`; without --host and "
                "--public-url the views stay on this machine"
            ).format(host=shown_host, problem=problem, key=key),
            "VII.1",
        )
    if (args.cert is None) != (args.key is None):
        raise RuleError(_("--cert and --key go together: give both files, or neither"))
    if args.per_address is not None and args.per_address < 1:
        raise RuleError(_("--per-address: give 1 or more connections at once"))
    for given in (args.cert, args.key):
        if given is not None and not Path(given).is_file():
            raise RuleError(
                _("no file at {path}: give the certificate's files (docs/floor.md)").format(
                    path=given
                )
            )
    if not 0 < args.port < 65536:
        raise RuleError(
            _("--port {port}: give a port from 1 to 65535").format(port=args.port),
        )
    return _run_server(args, path, host, public, pins)


def _run_server(
    args: argparse.Namespace, path: Path, host: str, public: bool, pins: dict[str, str]
) -> int:
    # lazy: aiohttp, the server, which `tdconsole --help` and `serve --help` (they build this
    # module's parser) do without
    from tdconsole.serve.app import serve

    language = lang(args)

    def said(message: Msg) -> str:
        return message.text(language)

    scheme = "https" if args.cert else "http"
    base = (args.public_url or f"{scheme}://{url_host(host)}:{args.port}").rstrip("/")
    # (behind a proxy whose address is https, the proxy encrypts what crosses the Wi-Fi)
    in_clear = public and not args.cert and not base.lower().startswith("https:")
    config = ServeConfig(
        event=path,
        host=host,
        port=args.port,
        public_url=base,
        lang=language,
        session_lang=getattr(args, "lang", None),
        public=public,
        cert=Path(args.cert) if args.cert else None,
        key=Path(args.key) if args.key else None,
        **({} if args.per_address is None else {"per_address": args.per_address}),
    )

    def ready() -> None:
        room, players, floor = said(_("Room (TV):")), said(_("Players:")), said(_("Floor:"))
        width = max(len(room), len(players), len(floor)) + 3
        lines = [
            f"{room:<{width}}{base}/display",
            f"{players:<{width}}{base}/players",
            f"{floor:<{width}}{base}/floor",
            said(_("floor PIN: set") if "floor" in pins else _("floor PIN: none")),
            said(
                _("Director PIN: set")
                if "director" in pins
                else _("Director PIN: none (Director's actions refused from a browser)")
            ),
            *(
                [
                    said(
                        _("copy on a second computer: tdconsole follow {url} --to FILE").format(
                            url=base
                        )
                    )
                ]
                if "director" in pins
                else []
            ),
            *(
                [said(_("without --cert the PIN crosses the Wi-Fi in clear: see docs/floor.md"))]
                if in_clear
                else []
            ),
            "",
            qr_text(f"{base}/floor").rstrip("\n"),
            "",
            said(_("Ctrl+C to stop")),
        ]
        print("\n".join(lines), flush=True)

    try:
        serve(config, on_ready=ready)
    except OSError as exc:
        raise RuleError(
            _("cannot listen on {host}:{port} ({value}): choose another --port or --host").format(
                host=host, port=args.port, value=exc.strerror or exc
            ),
        ) from None
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help=_("put the room display and the floor console in a browser (PINs: set floor_pin=…)"),
        description=_(
            "Serve the room display (/display, no PIN, read-only) and the floor console "
            "(/floor: the floor PIN and the staff member's name first) to browsers. Loopback "
            "only unless --host; listening on the network needs a floor PIN "
            "(`tdconsole set floor_pin=NNNNNN`, at least 6 digits). A Director PIN "
            "(`set director_pin=NNNNNN`) lets the Director's actions be done from a phone."
        ),
    )
    p.add_argument(
        "--host",
        metavar=_("HOST"),
        help=_("address to listen on (default {host}; 0.0.0.0: every network)").format(
            host=DEFAULT_HOST
        ),
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("default {port}").format(port=DEFAULT_PORT),
    )
    p.add_argument(
        "--public-url",
        metavar=_("URL"),
        help=_("the address phones and the TV use, if not http://HOST:PORT (a proxy's)"),
    )
    p.add_argument(
        "--cert",
        metavar=_("FILE"),
        help=_("serve HTTPS with this certificate (PEM; with --key; see docs/floor.md)"),
    )
    p.add_argument("--key", metavar=_("FILE"), help=_("the certificate's private key (PEM)"))
    p.add_argument(
        "--per-address",
        type=int,
        metavar=_("N"),
        help=_(
            "connections at once from one address (default 32); behind a reverse proxy "
            "every screen and phone shares the proxy's: raise it"
        ),
    )
    p.set_defaults(func=cmd_serve)
