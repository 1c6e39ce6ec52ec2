"""``tdconsole print REPORT [--format F] [-o FILE] [--lp [PRINTER]] [--lang it|en]``.

Without ``-o``: txt and csv go to stdout; html and pdf are written to ``REPORT.FORMAT`` in the
event's print folder (``prints/`` beside the event file, or its ``print_dir`` setting;
``REPORT-2.FORMAT``, … when that name is taken) and the path is printed. An
output never replaces a file: an existing ``-o FILE`` is refused unless ``--force`` is given,
and even then only a regular file that is not an event file is replaced (``store.output``).
``--lp`` sends the report to the system's printer instead (``reports.printer``: ``lp`` where
CUPS is, the print verb on Windows), or as well when ``-o`` is given.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from tdconsole.cli.common import event_path
from tdconsole.cli.data_cmds import follow_event_language
from tdconsole.cli.opened import open_service
from tdconsole.cli.parsing import (
    Parser,
    add_printer_option,
    language_metavar,
    language_option,
)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import match_players
from tdconsole.domain.read_model import StateView, state_view
from tdconsole.i18n import _
from tdconsole.reports import FORMATS, REPORTS, filename
from tdconsole.reports.chosen import receipts_of
from tdconsole.reports.document import as_view
from tdconsole.reports.printer import check_printable, print_folder, printed_format, send
from tdconsole.reports.rendering import render
from tdconsole.store.local_folders import print_dir_here
from tdconsole.store.output import check_target, write_free, write_new

CHOOSE = _("use --format pdf or txt")
"""How to choose a format the printer lays out, on the command line."""
WRITE = _("write it to a file with -o FILE")
WEB_ADDRESS = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+(/[A-Za-z0-9._~/%-]*)?")
"""An address phones can open (``--public-url``): a scheme, a host, a port and a path, nothing
a printed line or a QR code would carry wrongly."""
"""How to get a report on paper without a printer, on the command line."""


def register(subparsers: Any) -> None:
    description = _(
        "print a report: standings, seating, seat slips, payouts (Art. V.1), results, "
        "rulings log, moves of a closing table (Art. IV.4), cash summary, prize receipts "
        "to sign (Art. I.7)"
    )
    parser: Parser = subparsers.add_parser("print", help=description, description=description)
    parser.add_argument("report", choices=REPORTS, metavar=_("REPORT"), help=" | ".join(REPORTS))
    parser.add_argument(
        "--format", dest="report_format", choices=FORMATS, default="txt", help=_("default: txt")
    )
    parser.add_argument(
        "-o", "--output", dest="report_output", metavar=_("FILE"), help=_("write it to FILE")
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=_("replace FILE if it exists (never an event file, a link or a device)"),
    )
    add_printer_option(parser)
    parser.add_argument(
        "--player",
        dest="report_players",
        nargs="+",
        metavar=_("NAME"),
        help=_("receipts: only these players' (the prize just handed over, Art. I.7)"),
    )
    parser.add_argument(
        "--public-url",
        dest="report_public_url",
        metavar=_("URL"),
        help=_(
            "slips: the address phones reach `tdconsole serve` at (as serve's --public-url); "
            "each slip carries the QR code of its players' page"
        ),
    )
    # Its own dest: the global --lang must not be overwritten by this one's default.
    parser.add_argument(
        "--lang",
        dest="report_lang",
        type=language_option,
        metavar=language_metavar(),
        help=_("language of the report (default: the event's)"),
    )
    parser.set_defaults(func=cmd_print)


def load_state(args: argparse.Namespace) -> StateView | Mapping[str, Any]:
    """The event's State as the reports read it (a ``state --json`` document will do too)."""
    service = open_service(args)
    try:
        return state_view(service.state, service.now())
    finally:
        service.close()


def loaded_state(args: argparse.Namespace) -> StateView:
    return as_view(load_state(args))


def printouts_folder(args: argparse.Namespace) -> Path:
    """Where a report written without ``-o`` goes: the event's print folder."""
    service = open_service(args)
    try:
        return print_folder(service.store.path, print_dir_here(service.state.settings))
    finally:
        service.close()


def cmd_print(args: argparse.Namespace) -> int:
    kind: str = args.report
    fmt: str = args.report_format
    printer: str | None = args.report_printer
    if args.report_lang and getattr(args, "lang", None) is None:
        # `print --lang en` is the language of the whole command: its messages too.
        args.lang = args.report_lang
    if printer is not None:
        try:
            check_printable(fmt, CHOOSE)
        except RuleError:
            follow_event_language(args)  # refused before the event is opened: in its language
            raise
    if args.report_players and kind != "receipts":
        follow_event_language(args)
        raise RuleError(_("--player goes with the receipts only: `print receipts --player NAME`"))
    public_url: str | None = args.report_public_url
    if public_url is not None and (kind != "slips" or not WEB_ADDRESS.fullmatch(public_url)):
        follow_event_language(args)
        raise RuleError(
            _(
                "--public-url goes with the slips, as an http:// or https:// address: "
                "`print slips --public-url http://192.168.1.10:8000`"
            )
        )
    lang = args.report_lang or getattr(args, "lang", None)
    output = args.report_output
    force: bool = args.force
    protect = chosen_event_file(args)
    chosen = output is not None
    state = None
    if output is None and printer is None and fmt in ("html", "pdf"):
        state = loaded_state(args)
        name = filename(kind, fmt, lang or state.language or "it")
        output = str(printouts_folder(args) / name)
    if chosen:
        try:  # refused before the work
            check_target(Path(output), force=force, protect=protect)
        except RuleError:
            follow_event_language(args)
            raise
    warnings: list[str] = []
    if state is None:
        state = loaded_state(args)
    if args.report_players:
        state = only_receipts_of(state, args.report_players)
    data = render(kind, state, fmt, lang=lang, warnings=warnings, public_url=public_url)
    warn(warnings)
    if output is not None:
        if chosen or force:
            written = write_new(Path(output), data, force=force, protect=protect)
        else:  # the default name: the next free one, never over a file
            written = write_free(Path(output), data, protect=protect, make_folder=True)
        print(written)
    ready = state

    def render_as(other: str) -> bytes:
        more: list[str] = []
        rendered = render(kind, ready, other, lang=lang, warnings=more, public_url=public_url)
        warn(more)
        return rendered

    deliver(data, fmt, printer, kind, written=output is not None, render_as=render_as)
    return 0


def warn(warnings: list[str]) -> None:
    for warning in warnings:  # a letter the PDF's font lacks, printed as its code
        sys.stderr.write(f"warning: {warning}\n")


def deliver(
    data: bytes,
    fmt: str,
    printer: str | None,
    name: str,
    *,
    written: bool,
    render_as: Callable[[str], bytes],
) -> None:
    """A printout's bytes (``data``, the report ``name`` in ``fmt``) to the printer when one is
    named, else to the standard output unless they were written to a file (CSV as bytes, the
    rest as text). The printer gets the report in its own format (``printed_format``: the PDF on
    Windows), rendered by ``render_as`` when that is not ``fmt``."""
    if printer is not None:
        sent = printed_format(fmt)
        job = send(data if sent == fmt else render_as(sent), f"{name}.{sent}", printer, WRITE)
        if job:
            print(job)
    elif not written:
        if fmt == "csv":
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()


class PaidName(NamedTuple):
    """A paid player as a search finds him (``identity.match_players``)."""

    name: str
    order: int


def only_receipts_of(state: StateView, typed: list[str]) -> StateView:
    """The state with only the paid players ``typed`` names (as people type names): the
    receipts of the prizes just handed over (I.7), not the whole evening's again."""
    paid = [
        PaidName(name=p.name, order=i)
        for i, p in enumerate(state.players)
        if p.prize is not None and p.place is not None
    ]
    chosen: set[str] = set()
    for raw in typed:
        found = match_players(paid, raw)
        if len(found) != 1:
            raise RuleError(
                _(
                    "{name!r} is not one player whose prize is decided: type the name of a "
                    "paid place's player (see `tdconsole payouts`)"
                ).format(name=raw.strip()),
                "I.7",
            )
        chosen.add(found[0].name)
    return receipts_of(state, chosen)


def chosen_event_file(args: argparse.Namespace) -> Path | None:
    """The event's file, which no report may replace (None when no event is chosen yet)."""
    try:
        return event_path(args)
    except RuleError:
        return None
