"""The rulings log (Art. VII.1-VII.5), as events like any other (a sanction:
``slices.sanction``)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import ClassVar

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.registration import require_player
from tdconsole.domain.state import Ruling, State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import _

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
    players: list[str] = Field(default_factory=list)
    articles: list[str] = Field(default_factory=list)
    text: str

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
