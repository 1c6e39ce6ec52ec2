"""What an imported log proves of each command beyond the State (``invariants.replay``): that
its summary names the command whose events follow, that whoever gave it could, and that its
times are those of a log written by the wall clock.

- **The summary matches the events.** Each command records only certain events (``RECORDS``,
  held to every command by a test): a command whose events no command records together, or
  whose summary says another command ("seat draw" over a count), is refused.
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

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta

from tdconsole.domain.acting import role_of, who_of
from tdconsole.domain.commands import DESCRIPTIONS, Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import CommandNoted, Record
from tdconsole.domain.slices.manifest import SLICE_RECORDS
from tdconsole.domain.summaries import summary_msg
from tdconsole.i18n import _

RECORDS: dict[str, frozenset[str]] = {
    "ClockControl": frozenset({"clock_changed"}),
    "Count": frozenset({"chips_counted"}),
    "CloseTable": frozenset({"close_plan_drawn", "table_closed"}),
    "ClosePlan": frozenset({"close_plan_drawn"}),
    "ClosePlanRaisingSeats": frozenset({"setting_changed", "close_plan_drawn"}),
    "Final": frozenset({"final_drawn"}),
    "ColourUp": frozenset({"chips_coloured_up"}),
    "Start": frozenset({"started"}),
    **{command: frozenset(kinds) for command, kinds in SLICE_RECORDS.items()},
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
