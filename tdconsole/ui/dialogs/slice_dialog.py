"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way. A
player's field completes the players' names and opens on the player given (the one under the
cursor); the title names him with his seat. A table's or a seat's field opens on the one under
the cursor, and the cursor goes to the first field left empty (all filled: the last). A
choice's field lists its entries, Enter on one records it. Under the fields, what the
command's ``note`` says of them as they are typed. A field may open on the State's (the
message shown): emptied with the others, the dialog gives the command told apart by a flag. A
command without a field is a question (its note) with OK, Enter records it. One that writes a
receipt (``Slice.receipt``) asks for it once recorded."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList
from textual.widgets.option_list import Option

from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Field, Slice, told_apart
from tdconsole.domain.slices.spec import declared as declared_as
from tdconsole.domain.state import State
from tdconsole.i18n import Msg
from tdconsole.reports import receipt_filename
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import PrintRequested

NAMED = ("registered", "waitlisted", "in")
"""The players a command may still name (those withdrawn or out are left to be typed)."""


class SliceDialog(Dialog):
    def __init__(
        self,
        tr: Translator,
        state: State,
        declared: Slice,
        player: str | None = None,
        cursor: Mapping[str, int] | None = None,
        folder: Path | None = None,
    ) -> None:
        self.declared = declared
        self.first = player or ""
        self.cursor = cursor or {}
        """The table and the seat under the cursor, by name (``Field.under_cursor``)."""
        self.folder = folder
        """Where its receipt is written (``Slice.receipt``): the event's print folder."""
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
            else:
                yield Input(self.opened(field), placeholder=placeholder, id=field.name)

    def opened(self, field: Field) -> str:
        """What a field opens on: the table or the seat under the cursor, or the State's."""
        if field.opens_on is not None:
            return field.opens_on(self.state)
        at = self.cursor.get(field.under_cursor or "")
        return "" if at is None else str(at)

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
        if not self.declared.fields:  # a question: Enter answers it
            return self.query_one("#ok", Button)
        boxes = list(self.query(Input))
        if self.declared.player is None and boxes:
            # the first left empty; all filled (on the cursor), the last: the seat, not the table
            return next((box for box in boxes if not box.value), boxes[-1])
        return super().first_focus()

    def update_note(self) -> None:
        if self.declared.note is not None:
            typed = {field.name: self.typed(field) for field in self.declared.fields}
            said = self.declared.note(self.state, typed)
            self.set_note("" if said is None else self.tr.say(said))

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

    def typed(self, field: Field) -> str:
        """What the field holds: its text, or the number of the entry highlighted."""
        if field.kind != "choice":
            return self.query_one(f"#{field.name}", Input).value
        entries = self.query_one(f"#{field.name}", OptionList)
        index = entries.highlighted
        return "" if index is None else entries.get_option_at_index(index).id or ""

    def command(self) -> Command | None:
        typed = {field.name: self.typed(field) for field in self.declared.fields}
        opened = [field for field in self.declared.fields if field.opens_on is not None]
        emptied = any(self.opened(field) for field in opened)
        if emptied and not any(value.strip() for value in typed.values()):
            # what it opened on, taken away: the command told apart by a flag (taken off)
            for _flag, other in told_apart(self.declared.description.command):
                return declared_as(other).build({}, self.state)
        return self.declared.build(typed, self.state)

    def then(self) -> Message | None:
        """The receipt of the player it names, when its command writes one."""
        named = self.declared.player
        if not self.declared.receipt or named is None:
            return None
        player = self.player_named(self.typed(named))
        if player is None or player.place is None:
            return None
        path = Path(receipt_filename(player.place, player.name, "pdf", self.tr.lang))
        if self.folder is not None:
            path = self.folder / path
        return PrintRequested("receipts", "pdf", path, (player.name,))

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
