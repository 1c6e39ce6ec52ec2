"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way. A
player's field completes the players' names and opens on the player given (the one under the
cursor); the title names him with his seat. A choice's field lists its entries, a word's its
words translated; Enter on one records it."""

from __future__ import annotations

from datetime import datetime

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.i18n import Msg
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator

NAMED = ("registered", "waitlisted", "in")
"""The players a command may still name (those withdrawn or out are left to be typed)."""


class SliceDialog(Dialog):
    def __init__(
        self, tr: Translator, state: State, declared: Slice, player: str | None = None
    ) -> None:
        self.declared = declared
        self.first = player or ""
        super().__init__(tr, state)

    def heading_words(self) -> Msg:
        return self.declared.heading

    def articles(self) -> tuple[str, ...]:
        return self.declared.articles

    def now(self) -> datetime:
        """The console's time (a test's frozen one)."""
        clock = getattr(self.app, "clock", None) or datetime.now
        now: datetime = clock()
        return now

    def context(self) -> str:
        """The lines the slice shows above its fields, in the console's language."""
        lines = self.declared.context(self.state, self.now()) if self.declared.context else []
        return "\n".join(self.said(parts) for parts in lines)

    def said(self, parts: tuple[str | Msg, ...], between: str = " ") -> str:
        """Words and messages side by side, in the console's language."""
        return between.join(p if isinstance(p, str) else self.tr.say(p) for p in parts)

    def body(self) -> ComposeResult:
        if self.declared.context is not None:
            yield Static(Content(self.context()), id="context", classes="dialog-context")
        for field in self.declared.fields:
            placeholder = self.tr.say(field.label)
            if field.kind == "player":
                players = [p for p in self.state.ordered_players() if p.status in NAMED]
                yield self.player_input(
                    self.first, players=players, placeholder=placeholder, id=field.name
                )
            elif field.kind == "choice":
                yield OptionList(*self.options(field), id=field.name)
            elif field.kind == "word":
                words = OptionList(
                    *(Option(self.tr.say(w), id=w.msgid) for w in field.words), id=field.name
                )
                words.highlighted = 0  # the first word chosen until the arrows move
                yield words
            else:
                value = field.default(self.state, self.now()) if field.default else ""
                yield Input(value, placeholder=placeholder, id=field.name)

    def options(self, field: Field) -> list[Option]:
        """A choice's entries now, each with its number and its words."""
        entries = field.choices(self.state) if field.choices is not None else []
        return [
            Option(f"{number}. " + self.said(words, "  "), id=str(number))
            for number, words in entries
        ]

    def first_focus(self) -> Widget | None:
        if self.declared.opened_at is not None and (self.first or self.declared.player is None):
            return self.query_one(f"#{self.declared.opened_at}")
        chosen = [f for f in self.declared.fields if f.kind == "choice"]
        if chosen and self.declared.player is None:
            return self.query_one(f"#{chosen[0].name}", OptionList)
        return super().first_focus()

    def show(self, state: State) -> None:
        super().show(state)
        if self.declared.context is not None:
            self.query_one("#context", Static).update(Content(self.context()))
        for field in self.declared.fields:
            if field.kind != "choice":
                continue
            entries = self.query_one(f"#{field.name}", OptionList)
            highlighted = entries.highlighted
            entries.clear_options()
            entries.add_options(self.options(field))
            if entries.option_count:
                entries.highlighted = min(highlighted or 0, entries.option_count - 1)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    def typed(self, field: Field) -> str:
        """What the field holds: its text, or the entry highlighted (its number, its word)."""
        if field.kind not in ("choice", "word"):
            return self.query_one(f"#{field.name}", Input).value
        entries = self.query_one(f"#{field.name}", OptionList)
        index = entries.highlighted
        return "" if index is None else entries.get_option_at_index(index).id or ""

    def command(self) -> Command | None:
        typed = {field.name: self.typed(field) for field in self.declared.fields}
        return self.declared.build(typed, self.state)

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
