"""A Director's ruling in the log (Art. VII.1-VII.3): ``tdconsole ruling [--players NAME [NAME
...]] [--table N] [--articles A,B] --text TEXT``, the console's ``l`` (opened on the table under
the cursor and the article in view) and ``ctrl+l`` (citing the article or the calculation in
view), the Director's alone.

The log keeps the time, the table, the players as registered, the articles cited as the
regulation numbers them, and the decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded
from pydantic import field_validator

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX
from tdconsole.domain.registration import require_player
from tdconsole.domain.slices.spec import Field, Slice, listed
from tdconsole.domain.state import Ruling, State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _

_ARTICLE = re.compile(r"^[0-9IVX]+(\.[0-9]+)?(-[A-Z])?$|^irr\.[0-9]+(-[A-Z])?$", re.IGNORECASE)


def clean_articles(raw: list[str]) -> list[str]:
    """``["Art. III.2", " 7.7"]`` → ``["III.2", "7.7"]``; nonsense is refused."""
    articles = []
    for item in raw:
        text = re.sub(r"^\s*art\.?\s*", "", item.strip(), flags=re.IGNORECASE).strip()
        if not text:
            continue
        if not _ARTICLE.match(text):
            raise RuleError(
                _("{item!r} is not an article number: write e.g. III.2 or 7.7").format(item=item),
            )
        articles.append(text.upper() if not text.lower().startswith("irr.") else text.lower())
    return articles


class RulingRecorded(EventBody):
    type: ClassVar[str] = "ruling_recorded"
    table: int | None
    players: list[str]
    articles: list[str]
    text: str
    director: str

    def apply(self, state: State, at: datetime) -> None:
        state.rulings.append(
            Ruling(
                id=len(state.rulings) + 1,
                at=at,
                kind="ruling",
                table=self.table,
                players=self.players,
                articles=self.articles,
                text=self.text,
                director=self.director,
            )
        )


class RecordRuling(Command):
    """A Director's decision: time, table, players, articles, text (VII.1-VII.3)."""

    table: int | None = None
    players: list[str] = Bounded(default_factory=list)
    articles: list[str] = Bounded(default_factory=list)
    text: str

    @field_validator("articles", mode="before")
    @classmethod
    def _one_text(cls, value: object) -> object:
        """The articles as typed in one field: ``7.7, 7.8`` (commas or semicolons)."""
        return listed(value) if isinstance(value, str) else value

    named: ClassVar[dict[str, tuple[str, ...]]] = {"text": ("ruling_recorded.text",)}

    def describe(self) -> Summary:
        return summary_of(said.RULING, text=self.text.strip())

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        text = self.text.strip()
        if not text:
            raise RuleError(
                _("a ruling needs its decision: give --text TEXT"),
                "VII.3",
            )
        if self.table is not None and self.table not in state.tables:
            raise RuleError(_("there is no table {table}").format(table=self.table))
        players = [require_player(state, name).name for name in self.players]
        return [
            RulingRecorded(
                table=self.table,
                players=players,
                articles=clean_articles(self.articles),
                text=text,
                director=ctx.actor,
            )
        ]


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """The ruling's entry in the log, with the articles it cites."""
    return [
        _("ruling {entry} recorded ({cited})").format(
            entry=len(state.rulings),
            cited=", ".join(f"Art. {a}" for a in body.articles) or _("no article cited"),
        )
        for body in bodies
        if isinstance(body, RulingRecorded)
    ]


SLICE = Slice(
    command=RecordRuling,
    description=Description(
        command="RecordRuling",
        module="slices.record_ruling",
        cli="ruling",
        summaries=(said.RULING,),
        keys=(Key("l", "ruling", _("Record ruling")),),
        director_only=True,
        article="VII.2",
    ),
    fields=(
        Field("players", "names", _("Players"), _("NAME"), required=False, option=True),
        Field("table", "whole", _("Table"), _("N"), required=False, low=1, high=CHIPS_MAX),
        Field(
            "articles",
            "text",
            _("articles cited, e.g. 7.7,7.8"),
            _("A,B"),
            required=False,
            appended=True,
        ),
        Field("text", "text", _("Decision"), _("TEXT"), option=True),
    ),
    heading=_("Record ruling"),
    ok=_("Record ruling"),
    after=aftermath,
    cites=("VII.1", "VII.3"),
)
