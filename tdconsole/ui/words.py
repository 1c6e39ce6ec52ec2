"""What an action did, in the console's language: the notifications after each action, and the
reports by their names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.domain.acting import label_text
from tdconsole.domain.numbers import money_said
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.play import PlayersEliminated
from tdconsole.domain.slices.register import PlayerRegistered
from tdconsole.domain.slices.second_stack import SecondStackIssued
from tdconsole.domain.slices.withdraw import FeeRefunded, PlayerWithdrawn, moved_up_said
from tdconsole.domain.summaries import summary_text
from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, chips

if TYPE_CHECKING:
    from tdconsole.domain.events import Record
    from tdconsole.ui.log_watch import Activity

REPORTS: tuple[tuple[str, Msg], ...] = (
    ("standings", _("Standings")),
    ("seating", _("Seating")),
    ("slips", _("Seat slips")),
    ("payouts", _("Payouts")),
    ("results", _("Results")),
    ("rulings", _("Rulings log")),
    ("moves", _("Moves")),
    ("cash", _("Cash summary")),
    ("receipts", _("Prize receipts")),
)
"""The reports the console prints, by the names it gives them (the print dialog, the notice
that names what ``p`` prints)."""


def where_seated(tr: Translator, final: bool, table: int, seat: int) -> str:
    """ "table 2, seat 3"; at the final table, "final table, seat 3" (IV.1)."""
    if final:
        return tr("final table, seat {seat}", seat=seat)
    return tr("table {table}, seat {seat}", table=table, seat=seat)


def describe(
    command: object, records: list[Record], tr: Translator, currency: str = "scudi"
) -> str:
    """What happened, in the room's words: places and prizes, second-stack amounts."""
    parts = record_words(records, tr, currency)
    if parts:
        return "; ".join(parts)
    return command_words(command, tr)


def activity_text(activity: Activity, tr: Translator) -> str:
    """An action from another terminal: who, and what, in the console's language."""
    what = "; ".join(record_words(list(activity.records), tr))
    if activity.kind != "command" or not what:
        what = summary_text(activity.summary, tr.lang)
    if activity.kind == "undo":
        what = tr("Undone: {what}", what=what)
    elif activity.kind == "redo":
        what = tr("Redone: {what}", what=what)
    return f"{label_text(activity.who, tr.lang)}: {what}"


def record_words(records: list[Record], tr: Translator, currency: str = "scudi") -> list[str]:
    """Places and prizes of eliminations, second-stack amounts, who went on the waiting list,
    who moved up from it, refunds (what a summary does not say)."""
    parts = registered_words(records, tr) + withdrawal_words(records, tr, currency)
    for record in records:
        body = record.body
        if isinstance(body, PlayersEliminated):
            for out in body.players:
                if out.prize:
                    parts.append(
                        tr(
                            "{name}: {place} — prize {prize} {currency}",
                            name=out.name,
                            place=tr.say(ordinal(out.place)),
                            prize=money_said(out.prize),
                            currency=currency,
                        )
                    )
                else:
                    place = tr.say(ordinal(out.place))
                    parts.append(tr("{name}: {place}", name=out.name, place=place))
        elif isinstance(body, SecondStackIssued):
            parts.append(
                tr("{name}: second stack {amount}", name=body.name, amount=chips(body.amount))
            )
    return parts


NAMED = 6
"""A registration of more names than this is said by its count (the Players tab lists them)."""


def registered_words(records: list[Record], tr: Translator) -> list[str]:
    """A registration that filled the places: who is on the waiting list first (I.1), then who
    is in; a long one by its count, so that the notice is whole."""
    bodies = [r.body for r in records if isinstance(r.body, PlayerRegistered)]
    waiting = [b.name for b in bodies if b.waitlisted]
    registered = [b.name for b in bodies if not b.waitlisted]
    if not waiting and len(registered) <= NAMED:
        return []  # the command's own words name them
    parts = [tr("Waiting list (Art. I.1): {names}", names=", ".join(waiting))] if waiting else []
    if len(registered) > NAMED:
        n = len(registered)
        parts.append(tr.ngettext("Registered: {n} player", "Registered: {n} players", n))
    elif registered:
        parts.append(tr("Registered: {names}", names=", ".join(registered)))
    return parts


def warnings_said(warnings: list[Msg], tr: Translator) -> list[str]:
    """What a write warns of (``Tournament.warned``), in the console's language."""
    return [tr.say(warning) for warning in warnings]


def withdrawal_words(records: list[Record], tr: Translator, currency: str) -> list[str]:
    """A withdrawal's refunds (the cash) and who moved up from the waiting list (I.1)."""
    withdrawn = next((r.body for r in records if isinstance(r.body, PlayerWithdrawn)), None)
    refund = next((r.body for r in records if isinstance(r.body, FeeRefunded)), None)
    moved = moved_up_said(withdrawn) if withdrawn is not None else None
    if refund is None and moved is None:
        return []
    name = withdrawn.name if withdrawn is not None else refund.name if refund else ""
    parts = [tr("Withdrawn: {name}", name=name)]
    if refund is not None and refund.entry is not None:
        amount = f"{money_said(refund.entry)} {currency}"
        parts.append(
            tr("entry fee of {amount} refunded: the prize pool drops by {amount}", amount=amount)
        )
    if refund is not None and refund.food is not None:
        amount = f"{money_said(refund.food)} {currency}"
        parts.append(tr("food contribution of {amount} refunded", amount=amount))
    if moved is not None:
        parts.append(tr.say(moved))
    return parts


def command_words(command: object, tr: Translator) -> str:
    """A command in the console's language: its summary (the log keeps the English
    ``describe()``)."""
    describe_command = getattr(command, "describe", None)
    if describe_command is None:
        return type(command).__name__
    return summary_text(describe_command(), tr.lang)
