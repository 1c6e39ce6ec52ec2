"""The club's rulebooks, as events like any other (a ruling: ``slices.record_ruling``; a
sanction: ``slices.sanction``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field

from tdconsole.domain import summaries as said
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg

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


def _message(replaced: bool) -> Msg:
    return said.RULEBOOK_REPLACED if replaced else said.RULEBOOK_IMPORTED


class ImportRulebook(Command):
    """Importing or replacing a rulebook's text changes what every ruling cites: the
    Director's (VII.1), and recorded in the log."""

    book: str
    source: str
    articles: int = Field(ge=0)
    replaced: bool = False

    named: ClassVar[dict[str, tuple[str, ...]]] = {
        "book": ("rulebook_imported.book",),
        "source": ("rulebook_imported.source",),
    }

    def describe(self) -> Summary:
        return summary_of(_message(self.replaced), book=self.book, source=self.source)

    @classmethod
    def message_of(cls, bodies: Sequence[EventBody]) -> Msg | None:
        return _message(any(isinstance(b, RulebookImported) and b.replaced for b in bodies))

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        return [
            RulebookImported(
                book=self.book, source=self.source, articles=self.articles, replaced=self.replaced
            )
        ]
