"""Sanctions (Art. VI.2) and the club's rulebooks, as events like any other (a ruling: the
command ``slices.record_ruling``)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.play_common import SanctionKind, add_sanction
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.state import State, name_key
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _


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

    def describe(self) -> Summary:
        return summary_of(said.SANCTIONS[self.kind], name=self.name.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if not self.reason.strip():
            raise RuleError(
                _("a sanction needs a reason: give --reason TEXT"),
                "VI.2",
            )
        if self.kind == "disqualify":
            return Disqualify(name=self.name, reason=self.reason).decide(state, ctx)
        player = require_player(state, self.name)
        if player.status != "in":
            raise RuleError(_("{name} is not in play").format(name=player.name), "VI.2")
        orbits = self.orbits
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
        elif orbits is not None:
            raise RuleError(
                _("--orbits goes with a suspension only"),
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


# -- the club's rulebooks --------------------------------------------------------------------


class RulebookImported(EventBody):
    """A regulation text imported as a rulebook (``rules import``): what the rulings cite."""

    type: ClassVar[str] = "rulebook_imported"
    book: str
    source: str
    articles: int
    replaced: bool = False
    """True when it replaced a text imported before under the same name."""

    def apply(self, state: State, at: datetime) -> None:  # the log keeps it; no State changes
        return None


class ImportRulebook(Command):
    """Importing or replacing a rulebook's text changes what every ruling cites: the
    Director's (VII.1), and recorded in the log."""

    book: str
    source: str
    articles: int = Field(ge=0)
    replaced: bool = False

    def describe(self) -> Summary:
        message = said.RULEBOOK_REPLACED if self.replaced else said.RULEBOOK_IMPORTED
        return summary_of(message, book=self.book, source=self.source)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        return [
            RulebookImported(
                book=self.book, source=self.source, articles=self.articles, replaced=self.replaced
            )
        ]
