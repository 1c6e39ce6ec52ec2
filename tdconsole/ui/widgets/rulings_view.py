"""The rulebooks at hand: search on top, results on the left, the article on the right, and
the rulings recorded so far below (Art. VII.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.domain.phases import still_to_serve
from tdconsole.ui.i18n import Translator
from tdconsole.ui.rulebook import ArticleHit, Found, available, search
from tdconsole.ui.widgets.players_view import SearchBox
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView
    from tdconsole.domain.read_model import RulingView


def article_text(hit: ArticleHit, tr: Translator) -> Group:
    title = Text(f"{hit.book} · Art. {hit.number} — ", style="bold")
    title.append(hit.title)
    parts: list[Text] = [title, Text(""), Text(hit.summary)]
    if hit.text:
        parts += [Text(""), Text(hit.text, style="italic")]
    if hit.related:
        related = tr("Related: {articles}", articles=", ".join(hit.related))
        parts += [Text(""), Text(related, style="dim")]
    return Group(*parts)


class RulingsView(Vertical):
    """Search the rulebooks; ``show(event)`` lists the rulings log."""

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.hits: list[ArticleHit] = []
        self.silent: tuple[str, ...] = ()
        """The articles to cite when the event's regulation has nothing for the words."""
        self.note = ""
        """Then what the view says above the article."""
        self._query = ""
        """What a look-up asked before the view was built: the search box starts with it."""

    def compose(self) -> ComposeResult:
        placeholder = self.tr("Search the rulebooks (number or words)")
        if not available():
            placeholder = self.tr("The rulebook search is not installed")
        # Its key shown while the article list has the keys: a word typed on the tab is a
        # player's search, as on every tab; ``/`` searches the rulebooks.
        yield SearchBox("/", placeholder, value=self._query, id="rule-search")
        keys = self.tr(
            "Calculators: F2 side pots · F3 chips pushed · F4 minimum raise · F5 button · "
            "F6 showdown · F7 clock call · ctrl+l cite in log"
        )
        yield Static(Text(keys), id="calc-keys", classes="legend")
        with Horizontal(id="rule-panes"):
            yield OptionList(id="rule-results")
            with VerticalScroll(id="rule-article-box"):
                yield Static(id="rule-article")
        yield Static(id="rulings-log")

    def on_mount(self) -> None:
        follow(self, lambda shown: self.show(shown.event))
        if self._query:
            self._search(self._query)

    def lookup(self, query: str) -> None:
        """Open the tab at an article (``F1`` from a dialog, or a refusal's article)."""
        try:
            box = self.query_one("#rule-search", Input)
        except NoMatches:
            # The view not built yet (its tab never shown): it starts at the article.
            self._query = query
            return
        box.value = query
        self._search(query)

    def current_article(self) -> str | None:
        """The article highlighted in the results (cited by a ruling recorded now)."""
        try:
            index = self.query_one("#rule-results", OptionList).highlighted
        except NoMatches:  # the view still being built: no article highlighted yet
            return None
        if index is None or index >= len(self.hits):
            return self.silent[0] if self.silent else None
        hit = self.hits[index]
        return hit.number if hit.book == "ordine" else f"{hit.book} {hit.number}"

    @on(Input.Changed, "#rule-search")
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        self._search(event.value)

    @work(thread=True, exclusive=True, group="rule-search")
    def _search(self, query: str) -> None:
        # The first search builds the index from the books on disk: a worker thread.
        found = search(query, self.tr.lang)
        self.app.call_from_thread(self._show_hits, query, found)

    def _article(self, hit: ArticleHit | None) -> Group:
        """The article in view, under the word that the regulation is silent when it is."""
        parts: list[Group | Text] = []
        if self.note:
            parts.append(Text(self.note, style="bold"))
        if hit is not None:
            parts += [Text("")] * bool(parts) + [article_text(hit, self.tr)]
        elif not parts:
            parts.append(Text(self.tr("No article found")))
        return Group(*parts)

    def _show_hits(self, query: str, found: Found) -> None:
        try:
            box = self.query_one("#rule-search", Input)
            results = self.query_one("#rule-results", OptionList)
            article = self.query_one("#rule-article", Static)
        except NoMatches:
            # The tab still being built (a refusal's article looked up as the console opens):
            # these hits are dropped, never a crash; the next search shows its own.
            return
        # A thread cannot be stopped: the search for an older text may end after the newer one.
        if query != box.value:
            return
        self.hits = hits = found.hits
        self.silent, self.note = found.silent, found.note
        other = " · " + self.tr("another rulebook")
        results.clear_options()
        results.add_options(
            [
                Option(Text(f"{h.book} · {h.number} · {h.title}{other * h.other_book}"), id=str(i))
                for i, h in enumerate(hits)
            ]
        )
        if hits:
            results.highlighted = 0
        article.update(self._article(hits[0] if hits else None))

    @on(OptionList.OptionHighlighted, "#rule-results")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index < len(self.hits):
            hit = self.hits[event.option_index]
            self.query_one("#rule-article", Static).update(self._article(hit))

    def show(self, event: ConsoleView) -> None:
        lines = [Text(self.tr("Rulings"), style="bold")]
        status_of = {p.name: p.status for p in event.view.players}
        for r in event.view.rulings[-6:]:
            line = Text(f"{r.at:%H:%M} ")
            if r.table is not None:
                line.append(f"T{r.table} ")
            line.append(", ".join(r.players))
            line.append(f"  Art. {', '.join(r.articles)}  ", style="bold")
            line.append(r.text)
            if r.kind == "sanction" and r.sanction:
                line.append(
                    f"  [{r.sanction}{'' if r.orbits is None else f' {r.orbits}'}]", style="italic"
                )
                if r.sanction == "suspend":
                    line.append(*self._suspension(r, status_of))
            lines.append(line)
        self.query_one("#rulings-log", Static).update(Group(*lines))

    def _suspension(self, ruling: RulingView, status_of: Mapping[str, str]) -> tuple[str, str]:
        """A suspension's state and its style: served, to serve (``m`` marks it), or lapsed
        when its players are no longer in the tournament (as the printed rulings log)."""
        if ruling.served:
            return " " + self.tr("served"), "dim"
        if not still_to_serve(ruling.players, status_of):
            return " " + self.tr("lapsed: no longer playing"), "dim"
        return " " + self.tr("to serve (m)"), "bold"
