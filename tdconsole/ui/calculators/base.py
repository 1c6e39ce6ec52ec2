"""What every calculator form shares: fields on top, the live result below with its articles,
F1 for the rulebook at the first article, ctrl+l to cite the result in the rulings log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, RadioSet, Static

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import CiteRequested, RulesRequested
from tdconsole.ui.refusals import console_text
from tdconsole.ui.screens.backdrop import Backdrop


@dataclass
class Outcome:
    """A calculator's answer: lines to show, the articles applied, one line for the log."""

    lines: list[Text]
    articles: tuple[str, ...]
    summary: str = ""
    extra: list[RenderableType] = field(default_factory=list)


class MissingInput(Exception):
    """A field still empty: the form says what to fill in, not an error."""


class CalcForm(Backdrop):
    """Subclasses set ``HEADING`` and ``ARTICLES``, compose ``fields`` and ``outcome``."""

    HEADING: ClassVar[Msg] = _("Calculator")
    ARTICLES: ClassVar[tuple[str, ...]] = ()
    HINT: ClassVar[Msg | None] = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", str(_("Close"))),
        Binding("f1", "rules", str(_("Rules"))),
        Binding("ctrl+l", "cite", str(_("Cite in log"))),
    ]

    def __init__(self, tr: Translator, defaults: dict[str, str] | None = None) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.defaults = defaults or {}
        self.last: Outcome | None = None

    def value(self, key: str, fallback: str = "") -> str:
        return self.defaults.get(key, fallback)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog calc") as box:
            box.border_title = self.tr.cite(self.tr.say(self.HEADING), self.ARTICLES)
            box.border_subtitle = self.tr("F1 Art. · ctrl+l Cite in log · Esc Close")
            with VerticalScroll(classes="dialog-body"):
                if self.HINT is not None:
                    yield Static(self.tr.say(self.HINT), classes="hint")
                yield from self.fields()
            yield Static(id="calc-result", classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.tr("Cite in log"), id="cite")
                yield Button(self.tr("Close"), id="close")

    def fields(self) -> ComposeResult:
        yield from ()

    def entry(self, label: Msg, widget_id: str, value: str = "", example: str = "") -> Horizontal:
        """One field on one line: its label on the left, a borderless input on the right."""
        return Horizontal(
            Label(self.tr.say(label), classes="calc-label"),
            Input(value, placeholder=example, id=widget_id, compact=True),
            classes="calc-field",
        )

    def outcome(self) -> Outcome:
        """The result for the fields as they are; may raise RuleError or MissingInput."""
        raise NotImplementedError

    def on_mount(self) -> None:
        inputs = list(self.query(Input))
        if inputs:
            inputs[0].focus()
        self.recompute()

    def text(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value.strip()

    def checked(self, widget_id: str) -> bool:
        return self.query_one(f"#{widget_id}", Checkbox).value

    def recompute(self) -> None:
        result = self.query_one("#calc-result", Static)
        try:
            found = self.outcome()
        except MissingInput as missing:
            self.last = None
            result.update(Text(str(missing), style="italic"))
            return
        except RuleError as exc:
            self.last = None
            result.update(Text(console_text(exc, self.tr.lang), style="bold red"))
            return
        self.last = found
        arts = Text(self.tr.articles(found.articles), style="bold")
        result.update(Group(*found.lines, *found.extra, arts))

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(RadioSet.Changed)
    def _changed(self) -> None:
        self.recompute()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#cite")
    def action_cite(self) -> None:
        if self.last is None:
            self.notify(self.tr("Nothing to cite yet"), severity="warning")
            return
        self.post_message(CiteRequested(", ".join(self.last.articles), self.last.summary))
        self.dismiss(None)

    def action_rules(self) -> None:
        articles = self.last.articles if self.last else self.ARTICLES
        self.post_message(RulesRequested(articles[0]))
        self.dismiss(None)

    def missing(self, what: Msg) -> MissingInput:
        return MissingInput(self.tr("Fill in: {what}", what=self.tr.say(what)))
