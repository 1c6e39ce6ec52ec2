"""What an action did, in the console's language: the notifications after each action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.domain.acting import label_text
from tdconsole.domain.clock import format_mmss
from tdconsole.domain.clock_events import ClockControl
from tdconsole.domain.numbers import money_said
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.play import (
    ClosePlan,
    CloseTable,
    Count,
    Disqualify,
    Final,
    PlayersEliminated,
    SecondStackIssued,
    Start,
)
from tdconsole.domain.registration import FeeRefunded, Pay, Register, Withdraw
from tdconsole.domain.seating import Draw
from tdconsole.domain.summaries import summary_text
from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, chips

if TYPE_CHECKING:
    from tdconsole.domain.events import Record
    from tdconsole.ui.log_watch import Activity


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
    """Places and prizes of eliminations, second-stack amounts (what a summary does not say)."""
    parts: list[str] = []
    for record in records:
        body = record.body
        if isinstance(body, FeeRefunded):  # a withdrawal gives back what he paid (the cash)
            parts.append(tr("Withdrawn: {name}", name=body.name))
            if body.entry is not None:
                amount = f"{money_said(body.entry)} {currency}"
                parts.append(
                    tr(
                        "entry fee of {amount} refunded: the prize pool drops by {amount}",
                        amount=amount,
                    )
                )
            if body.food is not None:
                amount = f"{money_said(body.food)} {currency}"
                parts.append(tr("food contribution of {amount} refunded", amount=amount))
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


def command_words(command: object, tr: Translator) -> str:
    """A command in the console's language (the log keeps the English ``describe()``)."""
    if isinstance(command, Register):
        return tr("Registered: {names}", names=", ".join(command.names))
    if isinstance(command, Pay):
        if command.food:
            return tr("Food paid: {names}", names=", ".join(command.names))
        return tr("Paid: {names}", names=", ".join(command.names))
    if isinstance(command, Withdraw):
        return tr("Withdrawn: {name}", name=command.name)
    if isinstance(command, Draw):
        return tr("Seat draw: p prints the seat slips")
    if isinstance(command, Start):
        return tr("Start tournament")
    if isinstance(command, Count):
        counts = ", ".join(f"{n} {c}" for n, c in command.counts.items())
        return tr("Counted: {counts}", counts=counts)
    if isinstance(command, ClosePlan):
        return tr("Table {table}: move plan", table=command.table)
    if isinstance(command, CloseTable):
        return tr("Close table {table}", table=command.table)
    if isinstance(command, Final):
        return tr("Final table draw")
    if isinstance(command, Disqualify):
        return tr("Disqualified: {name}", name=command.name)
    if isinstance(command, ClockControl):
        if command.action == "set":
            return tr("Clock set to {left}", left=format_mmss(command.seconds or 0))
        words = {
            "start": _("Start clock"),
            "pause": _("Clock stopped"),
            "resume": _("RUNNING"),
            "announce": _("Announce"),
            "next": _("Next level"),
            "prev": _("Previous level"),
            "add": _("Add a minute"),
            "sub": _("Remove a minute"),
        }
        return tr.say(words.get(command.action, _("Settings")))
    describe_command = getattr(command, "describe", None)
    if describe_command is None:
        return type(command).__name__
    return summary_text(describe_command(), tr.lang)
