"""A sanction (Art. VI.2): ``tdconsole sanction NAME warning|suspend|disqualify [--orbits 1|2]
--reason TEXT``, the console's ``z``, the Director's alone.

A warning or a suspension of one or two orbits goes in the rulings log, the suspension shown
until marked served (``mark_served``); a disqualification is the disqualification's
(``disqualify``), his last count leaving play.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar, Literal

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.play_common import SanctionKind, add_sanction
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _, ngettext, pgettext


class SanctionRecorded(EventBody):
    """A warning or a suspension of one or two orbits (VI.2); shown until marked served."""

    type: ClassVar[str] = "sanction_recorded"
    name: str
    kind: Literal["warning", "suspend"]
    orbits: int | None
    reason: str
    table: int | None
    director: str

    def apply(self, state: State, at: datetime) -> None:
        player = state.players[name_key(self.name)]
        if self.kind == "suspend":
            player.suspended_orbits = self.orbits
        add_sanction(
            state,
            at,
            name=self.name,
            kind=self.kind,
            reason=self.reason,
            table=self.table,
            director=self.director,
            orbits=self.orbits,
        )


class Sanction(Command):
    """``sanction NAME warning|suspend|disqualify`` (VI.2)."""

    name: str
    kind: SanctionKind
    orbits: int | None = None
    reason: str

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "name": ("sanction_recorded.name", "player_disqualified.name")
    }

    def describe(self) -> Summary:
        return summary_of(said.SANCTIONS[self.kind], name=self.name.strip())

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        kinds = [b.kind if isinstance(b, SanctionRecorded) else "disqualify" for b in bodies]
        return said.SANCTIONS[kinds[0]] if kinds else None

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not self.reason.strip():
            raise RuleError(
                _("a sanction needs a reason: give --reason TEXT"),
                "VI.2",
            )
        orbits = self.orbits
        if self.kind != "suspend" and orbits is not None:
            raise RuleError(
                _("--orbits goes with a suspension only"),
                "VI.2",
            )
        if self.kind == "disqualify":
            return Disqualify(name=self.name, reason=self.reason).decide(state, ctx)
        player = require_player(state, self.name)
        if player.status != "in":
            raise RuleError(_("{name} is not in play").format(name=player.name), "VI.2")
        if self.kind == "suspend":
            if orbits not in (1, 2):
                raise RuleError(
                    _("a suspension lasts one or two orbits: give --orbits 1 or 2"),
                    "VI.2",
                )
            if player.suspended_orbits is not None:
                raise RuleError(
                    _("{name} is already suspended: mark it served first").format(name=player.name),
                    "VI.2",
                )
        return [
            SanctionRecorded(
                name=player.name,
                kind=self.kind,
                orbits=orbits,
                reason=self.reason.strip(),
                table=player.table,
                director=ctx.actor,
            )
        ]


def entry(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The rulings log's entry the sanction is."""
    ruling = state.rulings[-1]
    name, number = ruling.players[0], ruling.id
    if ruling.sanction == "warning":
        line = _("{name}: warning recorded as entry {entry} (Art. VI.2)")
    elif ruling.sanction == "suspend":
        line = ngettext(
            "{name}: suspension for {n} orbit recorded as entry {entry} (Art. VI.2)",
            "{name}: suspension for {n} orbits recorded as entry {entry} (Art. VI.2)",
            ruling.orbits or 1,
        )
    else:
        line = _("{name}: disqualification recorded as entry {entry} (Art. VI.2)")
    return [line.format(name=name, entry=number)]


SLICE = Slice(
    command=Sanction,
    description=Description(
        command="Sanction",
        module="slices.sanction",
        cli="sanction",
        summaries=tuple(said.SANCTIONS.values()),
        keys=(Key("z", "command('Sanction')", _("Sanction")),),
        when="in play",
        director_only=True,
        article="VI.2",
    ),
    fields=(
        Field("name", "player", _("Player"), _("NAME")),
        Field("reason", "text", _("Reason"), _("TEXT"), option=True),
        Field(
            "kind",
            "word",
            _("Sanction"),
            _("KIND"),
            words=(
                pgettext("sanction", "warning"),
                pgettext("sanction", "suspend"),
                pgettext("sanction", "disqualify"),
            ),
        ),
        Field(
            "orbits",
            "whole",
            _("Orbits of a suspension (1 or 2)"),
            _("N"),
            required=False,
            low=1,
            high=2,
        ),
    ),
    heading=_("Sanction"),
    ok=_("Record"),
    after=entry,
    opened_at="reason",
)
