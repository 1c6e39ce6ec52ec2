"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way. A
player's field completes the players' names and opens on the player given (the one under the
cursor); the title names him with his seat. A choice's field lists its entries, Enter on one
records it. Several players' names are typed with commas, each completed among the players;
a yes or no is a switch. A command that says what it would do (``Slice.preview``: who is marked
paid) says it under the fields at each key."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Checkbox, Input, OptionList
from textual.widgets.option_list import Option

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Field, Slice, Typed
from tdconsole.domain.state import State
from tdconsole.i18n import Msg
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.register import Known, KnownSuggester
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.choices import Tick

NAMED = ("registered", "waitlisted", "in")
"""The players a command may still name (those withdrawn or out are left to be typed)."""


class SliceDialog(Dialog):
    def __init__(
        self,
        tr: Translator,
        state: State,
        declared: Slice,
        player: str | None = None,
        given: Mapping[str, str] | None = None,
    ) -> None:
        self.declared = declared
        self.first = player or ""
        self.given = dict(given or {})
        """What the fields open with, by name (the table under the cursor, the article in
        view)."""
        super().__init__(tr, state)

    def heading_words(self) -> Msg:
        return self.declared.heading

    def articles(self) -> tuple[str, ...]:
        return self.declared.articles

    def body(self) -> ComposeResult:
        for field in self.declared.fields:
            placeholder = self.tr.say(field.label)
            if field.kind == "player":
                players = [p for p in self.state.ordered_players() if p.status in NAMED]
                yield self.player_input(
                    self.first, players=players, placeholder=placeholder, id=field.name
                )
            elif field.kind == "choice":
                yield OptionList(*self.options(field), id=field.name)
            elif field.kind == "names":
                named = [p.name for p in self.state.ordered_players() if p.status in NAMED]
                suggester = KnownSuggester(Known(named))
                opened = self.given.get(field.name, "")
                yield Input(opened, placeholder=placeholder, id=field.name, suggester=suggester)
            elif field.kind == "flag":
                yield Tick(placeholder, id=field.name)
            else:
                opened = self.given.get(field.name, "")
                yield Input(
                    opened,
                    placeholder=placeholder,
                    id=field.name,
                    select_on_focus=not field.appended,
                )

    def options(self, field: Field) -> list[Option]:
        """A choice's entries now, each with its number and its words."""
        entries = field.choices(self.state) if field.choices is not None else []
        return [
            Option(
                f"{number}. "
                + "  ".join(p if isinstance(p, str) else self.tr.say(p) for p in words),
                id=str(number),
            )
            for number, words in entries
        ]

    def first_focus(self) -> Widget | None:
        chosen = [f for f in self.declared.fields if f.kind == "choice"]
        if chosen and self.declared.player is None:
            return self.query_one(f"#{chosen[0].name}", OptionList)
        return super().first_focus()

    def show(self, state: State) -> None:
        super().show(state)
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

    @on(Checkbox.Changed)
    def _switched(self) -> None:
        self.update_note()

    def update_note(self) -> None:
        """What the command the fields hold now would do (``Slice.preview``), or why it would
        be refused."""
        preview = self.declared.preview
        if preview is None:
            return
        try:
            said = self.tr.say(preview(self.command()))
        except RuleError as refused:
            said = refused.text(self.tr.lang)
        except ValidationError:
            said = ""
        self.set_note(Text(said))  # names, never markup

    def typed(self, field: Field) -> Typed:
        """What the field holds: its text, the switch's state, or the number of the entry
        highlighted."""
        if field.kind == "flag":
            return self.query_one(f"#{field.name}", Tick).value
        if field.kind != "choice":
            return self.query_one(f"#{field.name}", Input).value
        entries = self.query_one(f"#{field.name}", OptionList)
        index = entries.highlighted
        return "" if index is None else entries.get_option_at_index(index).id or ""

    def command(self) -> Command:
        typed = {field.name: self.typed(field) for field in self.declared.fields}
        return self.declared.build(typed, self.state)

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
