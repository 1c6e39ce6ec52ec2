"""A regulation text imported as a rulebook (Art. VII.1): ``tdconsole rules import FILE --name
NAME [--json]``.

Importing or replacing a rulebook's text changes what every ruling cites: the Director's, and
recorded in the log. The text is read, checked (the file may be hostile) and stored by the
rulebooks' importer (``rules.importer``), which the command line runs (``cli.rules_cmds``):
the command it records says which book, from which file, how many articles, and whether it
replaced a text imported before.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _


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
    articles: int = Bounded(ge=0)
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


SLICE = Slice(
    command=ImportRulebook,
    description=Description(
        command="ImportRulebook",
        module="slices.import_rulebook",
        cli="rules import",
        summaries=(said.RULEBOOK_IMPORTED, said.RULEBOOK_REPLACED),
        director_only=True,
        article="VII.1",
    ),
    fields=(
        Field("file", "text", _("the text file (UTF-8)"), _("FILE")),
        Field(
            "name",
            "text",
            _("book name: lowercase letters, digits, '-'"),
            _("NAME"),
            option=True,
        ),
        Field("json", "flag", _("one JSON document on stdout"), _("yes/no")),
    ),
    heading=_("import a regulation text (its verbatim articles)"),
    help=_(
        "Parse a regulation text (formats: 'I.1.', '1.1.', '3.1 -', '6.8-A.', "
        "'Art. VII - Title', 'Art. 4 — Title' + '1.' paragraphs) and store its articles. With "
        "the name of a shipped book (ordine, italiana-2, italiana-3, santelia) its verbatim "
        "text is shown next to that book's summaries; with a new name it becomes a searchable "
        "book of its own."
    ),
    ok=_("Record"),
    made_apart=True,
)
