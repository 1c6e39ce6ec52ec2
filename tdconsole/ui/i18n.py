"""The console's words in the console's language: a ``Translator`` bound to one language.

The words live in the gettext catalogues (``tdconsole/locale``, see ``tdconsole.i18n``); the
code writes them in English, and ``tr("Level {level}", level=3)`` says them in the console's
language. A word missing from a catalogue shows in English, so a new label never breaks a screen
(and the catalogue test names it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tdconsole.domain.numbers import chips_text
from tdconsole.i18n import Said, translation
from tdconsole.ui.textual_reach import rewrite_bindings

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.dom import DOMNode

    from tdconsole.domain.console_view import ConsoleView

Lang = str
"""A language of the console (``tdconsole.i18n.languages()``, or the test language)."""


class Translator:
    """``tr("Level {level}", level=3)`` in the chosen language."""

    def __init__(self, lang: Lang = "it") -> None:
        self.lang: Lang = lang

    def __call__(self, key: str, **values: object) -> str:
        text = translation(self.lang).gettext(key)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """A count of something: ``{n}`` is filled with ``n``."""
        return translation(self.lang).ngettext(singular, plural, n).format(n=n, **values)

    def cite(self, title: str, articles: Iterable[str]) -> str:
        """A title and the articles it applies: "Structure — Art. III.1, III.5"."""
        text = translation(self.lang).gettext("{title} — Art. {articles}")
        return text.format(title=title, articles=", ".join(articles))

    def articles(self, articles: Iterable[str]) -> str:
        """The articles cited: "Art. III.1, III.5"."""
        text = translation(self.lang).gettext("Art. {articles}")
        return text.format(articles=", ".join(articles))

    def say(self, message: Said) -> str:
        """A message marked elsewhere (``_("Phase")`` kept in a list) in the console's language."""
        return message.text(self.lang)

    def pgettext(self, context: str, key: str, **values: object) -> str:
        """A word that means different things in different places (``context`` tells which)."""
        text = translation(self.lang).pgettext(context, key)
        return text.format(**values) if values else text


def say_bindings(node: DOMNode, tr: Translator) -> None:
    """The footer's and the help's words for ``node``'s keys in the console's language.

    Bindings are written with their description (and tooltip) marked,
    ``Binding("q", "quit", str(_("Quit")))``: the English is the catalogue's key, and this says
    each one in ``tr``'s language.
    """
    catalogue = translation(tr.lang)

    def said(text: str) -> str:
        return catalogue.gettext(text) if text else text

    # A key that the footer names by a word ("space") is named in the console's language.
    named = {"space": catalogue.pgettext("key", "space")}
    rewrite_bindings(
        node,
        lambda b: replace(
            b,
            description=said(b.description),
            tooltip=said(b.tooltip),
            key_display=b.key_display or named.get(b.key),
        ),
    )


def table_name(tr: Translator, number: int | None, final: bool = False) -> str:
    """A table as the room calls it: "Tavolo 2", and the final one "Tavolo finale" (IV.1)."""
    return tr("Final table") if final else tr("Table {table}", table=number)


def table_cell(tr: Translator, event: ConsoleView, number: int) -> str:
    """A table in a column headed "Table": its number, or "final" for the final one (IV.1)."""
    return tr.pgettext("table column", "final") if number in event.final_tables else str(number)


chips = chips_text
"""Chips with a space between thousands (4 000); '–' when unknown (``domain.numbers``)."""
