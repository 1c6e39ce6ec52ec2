"""The blind clock from the command line (Art. III.5): status, control, plan (a level edited,
a break called: ``domain.slices``)."""

from __future__ import annotations

import argparse
from datetime import date, datetime, time
from typing import Any

from tdconsole.cli.common import chips_text, emit_json, lang
from tdconsole.cli.opened import open_service
from tdconsole.cli.parsing import Parser, cli_name, sub_commands
from tdconsole.cli.slice_cmds import help_words
from tdconsole.domain import clock
from tdconsole.domain.clock import format_mmss
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.clock_control import SLICE
from tdconsole.domain.view import clock_json
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.now import utc_now
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.glyphs import WARNING


def status_text(document: dict[str, Any], language: str = "en") -> str:
    def said(message: Msg) -> str:
        return message.text(language)

    blinds = f"{chips_text(document['small_blind'])} / {chips_text(document['big_blind'])}"
    ante = said(_(", ante {ante}").format(ante=chips_text(document["ante"])))
    left = format_mmss(document["remaining_seconds"])
    if document.get("finished"):
        return said(
            _("the event is over: the clock stopped at level {level} (Art. IV.7)").format(
                level=document["level"]
            )
        )
    state = pgettext("clock", "running") if document["running"] else pgettext("clock", "paused")
    nxt = document["next"]
    if document.get("is_break"):
        # A break is said as one, with the blinds play resumes at (not the last level's).
        if nxt:
            coming = f"{chips_text(nxt['small_blind'])} / {chips_text(nxt['big_blind'])}"
            head = _("break: play resumes at level {level}, blinds {coming}").format(
                level=nxt["level"], coming=coming
            )
        else:
            head = pgettext("break", "break")
        lines = [
            said(head),
            said(_("{left} of break left ({state})").format(left=left, state=state)),
        ]
    else:
        lines = [
            said(
                _("level {level}: blinds {blinds}{ante}").format(
                    level=document["level"], blinds=blinds, ante=ante if document["ante"] else ""
                )
            ),
            said(_("{left} left ({state})").format(left=left, state=state)),
        ]
    if document["pending_announcement"]:
        coming = f"{chips_text(nxt['small_blind'])} / {chips_text(nxt['big_blind'])}"
        overtime = format_mmss(document["overtime_seconds"])
        lines.append(
            said(
                _(
                    "time is up: announce {coming} (`clock announce`, Art. III.5); "
                    "overtime {overtime}"
                ).format(coming=coming, overtime=overtime)
            )
        )
    elif nxt and not document.get("is_break"):
        coming = f"{chips_text(nxt['small_blind'])} / {chips_text(nxt['big_blind'])}"
        lines.append(said(_("next {coming}").format(coming=coming)))
    lines.extend(f"{WARNING} {warning}" for warning in document.get("warnings", []))
    behind = document.get("wall_clock_behind_seconds", 0)
    if behind:
        lines.append(
            f"{WARNING} "
            + said(
                _(
                    "the computer's clock moved back {behind} since the clock's last change: "
                    "the time left is held at what it was then; check the computer's clock"
                ).format(behind=format_mmss(behind))
            )
        )
    return "\n".join(lines)


def cmd_clock(args: argparse.Namespace) -> int:
    """The clock's status, after the action typed if one was (``slices.clock_control``: the
    command built from its fields, ``VALUE`` read after its action)."""
    action = args.action
    if action == "plan":
        return _plan(args)
    service = open_service(args)
    try:
        if action is not None:
            typed = {"action": action, "value": args.value}
            service.execute(SLICE.build(typed, service.state))
        document = clock_json(service.state, service.now())
    finally:
        service.close()
    if document is None:
        raise RuleError(
            _("the clock exists once the tournament has started (`start`)"),
            "III.5",
        )
    if args.json:
        emit_json(document)
    else:
        print(status_text(document, lang(args)))
    return 0


def _plan(args: argparse.Namespace) -> int:
    structure_flags = (args.stack, args.bb, args.first_minutes, args.second_bb, args.minutes)
    service = None
    try:
        service = open_service(args)
    except RuleError:
        if args.bb is None or args.stack is None:
            raise
    try:
        now = service.now() if service else utc_now()
        state = service.state if service else None
        settings = state.settings if state else load_settings()
        local_now = now.astimezone()
        start_at = local_now
        if args.at:
            try:
                hour = time.fromisoformat(args.at)
            except ValueError:
                raise RuleError(
                    _("{at!r} is not a time of day: write HH:MM").format(at=args.at),
                ) from None
            start_at = local_time(local_now.date(), hour)
        players = args.players or (state.in_play if state and state.in_play else None)
        if players is None:
            players = (state.entrants if state else 0) or settings.registration.max_players
        if (
            state is not None
            and state.structure is not None
            and not any(v is not None for v in structure_flags)
        ):
            rows = clock.plan_live(
                state.clock,
                state.structure,
                now,
                players=players,
                chips_in_play=state.chips_in_play,
                count=args.levels,
                auto_announce=settings.clock.auto_announce,
            )
        else:
            if args.bb is None or args.stack is None:
                raise RuleError(
                    _("before `start`, give the structure: --stack S --bb B"),
                    "III.1",
                )
            structure = clock.Structure.build(
                first_bb=args.bb,
                first_minutes=args.first_minutes or settings.clock.first_minutes,
                second_bb=args.second_bb or args.bb * settings.clock.second_bb_factor,
                minutes=args.minutes or settings.clock.minutes,
                stack=args.stack,
                chip_unit=settings.stacks.chip_unit,
                min_stack_bb=settings.stacks.min_stack_bb,
            )
            rows = clock.plan(
                structure,
                start_at=start_at,
                players=players,
                stack=args.stack,
                count=args.levels,
            )
    finally:
        if service:
            service.close()
    documents = [row.to_json() for row in rows]
    if args.json:
        emit_json({"levels": documents})
        return 0
    print(_plan_table(documents, lang(args)))
    return 0


def local_time(day: date, hour: time) -> datetime:
    """``hour`` on ``day`` in the local zone, with the offset in force at that moment (a DST
    change day included), not the offset in force now."""
    return datetime.combine(day, hour).astimezone()


def _plan_table(documents: list[dict[str, Any]], language: str) -> str:
    """The plan as aligned columns, each as wide as its widest cell (large blinds included)."""
    pause = pgettext("break", "break").text(language)
    header = [
        heading.text(language)
        for heading in (
            pgettext("plan column", "level"),
            pgettext("plan column", "blinds"),
            pgettext("plan column", "ante"),
            pgettext("plan column", "min"),
            pgettext("plan column", "from–to"),
            pgettext("plan column", "avg BB"),
        )
    ]
    rows = []
    for row in documents:
        starts = datetime.fromisoformat(row["starts_at"]).astimezone().strftime("%H:%M")
        ends = datetime.fromisoformat(row["ends_at"]).astimezone().strftime("%H:%M")
        rows.append(
            [
                pause if row.get("break") else str(row["level"]),
                f"{chips_text(row['small_blind'])} / {chips_text(row['big_blind'])}",
                chips_text(row["ante"]) if row["ante"] else "–",
                str(row["minutes"]),
                f"{starts}–{ends}",
                str(row["average_stack_bb"]),
            ]
        )
    widths = [max(len(cells[i]) for cells in [header, *rows]) for i in range(len(header))]
    lines = []
    for cells in [header, *rows]:
        padded = [cell.rjust(width) for cell, width in zip(cells[:-1], widths, strict=False)]
        lines.append("  ".join([*padded, cells[-1]]))
    return "\n".join(lines)


def register(sub: Any) -> None:
    """``clock``: its status, its actions (the fields of ``slices.clock_control``), ``plan``,
    and the sub-commands written in one module each (``clock break``, ``clock edit``)."""
    action, value = SLICE.fields
    p: Parser = sub.add_parser(
        cli_name("ClockControl"),
        help=_(
            "the blind clock (Art. III.5): status, start|pause|resume|announce|next|prev, "
            "add|sub SECONDS, set MM:SS, plan, edit LEVEL, break MINUTES"
        ),
        description=help_words(SLICE),
    )
    p.set_defaults(func=cmd_clock)
    p.add_argument(
        action.name,
        nargs="?",
        help=action.label,
        # its sub-commands written in one module each (``clock break``) are read by their own
        # parsers; listed here, its help names them
        choices=(*action.typed_words, "plan", *sub_commands("clock")),
    )
    p.add_argument(value.name, nargs="?", metavar=value.metavar, help=value.label)
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    p.add_argument("--players", type=int, metavar="N", help=_("plan: players in play"))
    p.add_argument("--stack", type=int, metavar="S", help=_("plan: starting stack"))
    p.add_argument("--bb", type=int, metavar="B", help=_("plan: first big blind; edit: new BB"))
    p.add_argument("--first-minutes", type=int, metavar="T1", help=_("plan: length of level 1"))
    p.add_argument("--second-bb", type=int, metavar="B2", help=_("plan: big blind of level 2"))
    p.add_argument("--minutes", type=int, metavar="T2", help=_("plan: later levels; edit: length"))
    p.add_argument("--at", metavar=_("HH:MM"), help=_("plan: start time of day"))
    p.add_argument("--levels", type=int, default=24, metavar="N", help=_("plan: how many levels"))
