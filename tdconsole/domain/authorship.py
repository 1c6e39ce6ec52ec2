"""What an imported log proves of each command beyond the State (``invariants.replay``): that
its summary names the command whose events follow, that whoever gave it could, and that its
times are those of a log written by the wall clock.

- **The summary matches the events.** Each command records only certain events (``RECORDS``,
  held to every command by a test): a command whose events no command records together, or
  whose summary says another command ("seat draw" over a count), is refused. Its summary says
  what its events record (``check_summary``): the message they tell ("clock paused" over a
  start is refused: ``Command.message_of``), and in each field its command's events hold
  (``Command.named``) what they hold ("eliminated: Anna" over Bea's elimination is refused),
  a name as typed meaning the player recorded, a text's beginning the text (an older log's
  ruling kept its first 40 characters); and its English text is what its data say.
- **Who may give it.** A Director-only command (``commands``) given on the floor is refused
  with its article, as a live command is (``Command.check_role``): the role is the one the
  entry records, or, for an older log's entry without one, the one its label tells against the
  Director as the log stood then and every Director it named before (``acting.role_of``).
- **Times.** Every entry carries its offset, none falls before this console existed
  (``EARLIEST``) or after the importing machine's clock (``AHEAD`` of slack between two
  machines), and none goes back more than ``BACK`` before the entry before it (the system
  clock set right during an evening).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta

from tdconsole.domain.acting import role_of, who_of
from tdconsole.domain.commands import DESCRIPTIONS, Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, CommandNoted, EventBody, Record
from tdconsole.domain.identity import typed_key
from tdconsole.domain.slices.manifest import SLICE_RECORDS
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, fields_of, summary_msg
from tdconsole.domain.texts import MULTILINE, one_line
from tdconsole.i18n import SOURCE, _

RECORDS: dict[str, frozenset[str]] = {
    **{command: frozenset(kinds) for command, kinds in SLICE_RECORDS.items()},
    # (a sanction that disqualifies records the disqualification)
    "Sanction": frozenset({*SLICE_RECORDS["Sanction"], "player_disqualified"}),
}
"""The events each command (its class's name) may record after its ``command`` event."""

_BY_MESSAGE: dict[str, Description] = {m.msgid: d for d in DESCRIPTIONS for m in d.summaries}

EARLIEST = datetime(2025, 1, 1, tzinfo=UTC)
"""No tdconsole wrote a log before this."""
AHEAD = timedelta(days=1)
"""How far past the importing machine's clock an entry may be (the two clocks may differ)."""
BACK = timedelta(minutes=5)
"""How far an entry may go back from the one before it (a system clock set right)."""


def described(record: Record) -> Description | None:
    """The command ``record`` (a ``command`` event) says it was, by its summary's message (a
    newer log's data, an older log's English text recognised by its shape); None when its
    summary is none of the commands'."""
    body = record.body
    if not isinstance(body, CommandNoted):
        return None
    said = summary_msg(body.said())
    return None if isinstance(said, str) else _BY_MESSAGE.get(said.msgid)


def check_command(group: Sequence[Record], director: str, former: Iterable[str] = ()) -> None:
    """Refuse (``RuleError``) the command ``group`` (its events, the ``command`` event first)
    whose events are not its summary's command's, or that the floor gave when only the
    Director may: ``director`` as the settings name him before it, ``former`` every Director
    the log named before (for an older log's labels)."""
    first = group[0]
    if not isinstance(first.body, CommandNoted):
        raise RuleError(_("it records a command without saying what was asked and by whom"))
    kinds = {r.type for r in group[1:]}
    if not kinds:
        raise RuleError(_("its command records nothing"))
    able = [d for d in DESCRIPTIONS if kinds <= RECORDS.get(d.command, frozenset())]
    said = described(first)
    summary = first.body.said()
    if said is not None and said not in able:
        raise RuleError(
            _("its summary {summary!r} is not the command that records {kinds}").format(
                summary=summary[:60], kinds=", ".join(sorted(kinds))
            )
        )
    if not able:
        raise RuleError(
            _("no command records {kinds} together").format(kinds=", ".join(sorted(kinds)))
        )
    given = [said] if said is not None else able
    if role_of(who_of(first), director, former) == "floor" and all(d.director_only for d in given):
        raise RuleError(
            _("{person} on the floor gives {summary!r}: only the Director may").format(
                person=who_of(first).person, summary=summary[:60]
            ),
            given[0].article or "VII.1",
        )


def command_class(described: Description) -> type[Command]:
    """The class of the command ``described``."""
    module = importlib.import_module(f"tdconsole.domain.{described.module}")
    found: type[Command] = getattr(module, described.command)
    return found


def recorded_as(bodies: Sequence[EventBody], paths: Iterable[str]) -> list[str]:
    """What ``bodies`` record where ``paths`` say (``Command.named``), each value once, as a
    summary says it (on one line; a dict's items as ``key=value``)."""
    found: list[str] = []
    for path in paths:
        kind, *attributes = path.split(".")
        for body in bodies:
            if body.type != kind:
                continue
            items: list[object] = [body]
            for attribute in attributes:
                values = [getattr(item, attribute, None) for item in items]
                items = [
                    v for value in values for v in (value if isinstance(value, list) else [value])
                ]
            for item in items:
                pairs = item.items() if isinstance(item, dict) else [(None, item)]
                for key, value in pairs:
                    if value is None:
                        continue
                    said = one_line(str(value) if key is None else f"{key}={value}")
                    if said not in found:
                        found.append(said)
    return found


def _means(state: State, said: str, told: str) -> bool:
    """Whether ``said`` (a summary's, as typed) means ``told`` (as its events record it): the
    same, the same letters (a name before it was registered), the one player it means, or for
    ``name=value`` the same value of the player it means."""
    if said == told or typed_key(said) == typed_key(told):
        return True
    if "=" in said and "=" in told:
        name, _sep, value = said.rpartition("=")
        held, _sep, chips = told.rpartition("=")
        return value == chips and _means(state, name, held)
    found = state.match(said)
    return len(found) == 1 and found[0].name == told


def _says(state: State, said: str, told: list[str]) -> bool:
    """Whether a summary's field ``said`` names exactly ``told``, in any order."""
    if said == ", ".join(told):
        return True
    left = list(told)
    for part in said.split(", ") if said else []:
        match = next((t for t in left if _means(state, part, t)), None)
        if match is None:
            return False
        left.remove(match)
    return not left


def check_summary(group: Sequence[Record], state: State) -> None:
    """Refuse (``RuleError``) the command ``group`` (its events, the ``command`` event first;
    ``state``, the State after it, tells the players a name as typed means) whose summary does
    not say what its events record: its English text is not what its data say, its message is
    not the one they tell (``Command.message_of``), or a field its command's events hold
    (``Command.named``) names other things than they do. A summary none of the commands' has
    is not checked (``check_command`` is)."""
    first = group[0].body
    if not isinstance(first, CommandNoted):
        return
    said = first.said()
    if isinstance(said, Summary):
        data = one_line(said.said.text(SOURCE))
        if str(said) != data:
            raise RuleError(
                _("its summary {summary!r} is not what its data say ({data!r})").format(
                    summary=str(said)[:60], data=data[:60]
                )
            )
    description = described(group[0])
    message = summary_msg(said)
    if description is None or isinstance(message, str):
        return
    bodies = [record.body for record in group[1:]]
    command = command_class(description)
    told = command.message_of(bodies)
    if told is not None and told.msgid != message.msgid:
        raise _not_said(said, told.msgid)
    for field, value in told.args.items() if told is not None else ():
        if not _says(state, str(message.args.get(field, "")), [str(value)]):
            raise _not_said(said, str(value))
    for field, paths in command.named.items():
        if not paths or field not in fields_of(message):
            continue
        values = recorded_as(bodies, paths)
        given = str(message.args.get(field, ""))
        cut = field in MULTILINE and len(values) == 1 and values[0].startswith(given)
        if not (cut or _says(state, given, values)):
            raise _not_said(said, ", ".join(values))


def _not_said(summary: str, told: str) -> RuleError:
    return RuleError(
        _("its summary {summary!r} does not say what its events record ({told})").format(
            summary=summary[:60], told=told[:60]
        )
    )


def check_times(records: Sequence[Record], now: datetime) -> None:
    """Refuse (``RuleError`` naming the entry) a log whose times no wall clock wrote: before
    ``EARLIEST``, past ``now`` by more than ``AHEAD``, or back by more than ``BACK`` from the
    entry before."""
    before: Record | None = None
    for record in records:
        at = record.at
        if at < EARLIEST or at > now + AHEAD:
            raise at_event(
                record,
                RuleError(
                    _("its time {at} is not between {earliest} and now").format(
                        at=at.isoformat(), earliest=EARLIEST.date().isoformat()
                    )
                ),
            )
        if before is not None and at < before.at - BACK:
            raise at_event(
                record,
                RuleError(
                    _("its time {at} is before the entry before it ({previous})").format(
                        at=at.isoformat(), previous=before.at.isoformat()
                    )
                ),
            )
        before = record


def at_event(record: Record, exc: RuleError) -> RuleError:
    """``exc`` said of the event ``record`` that could not be replayed (its article kept)."""
    return RuleError(
        _("event {seq} ({type}): {exc}").format(
            seq=record.seq, type=record.body.type, exc=exc.said
        ),
        exc.article,
    )
