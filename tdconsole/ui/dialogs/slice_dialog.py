"""The dialog of a command written in one module (``domain.slices``): a field for each of its
fields, in order, with its words; what is typed is read as the command line reads it
(``Slice.build``), so the dialog and ``tdconsole`` refuse the same things the same way. A
player's field completes the players' names and opens on the player given (the one under the
cursor); the title names him with his seat. A table's or a seat's field opens on the one under
the cursor, and the cursor goes to the first field left empty (all filled: the last). A
choice's field lists its entries, a word's its words translated; Enter on one records it. Under
the fields, what the command's ``note`` says of them as they are typed. A field may open on the
State's (the message shown): emptied with the others, the dialog gives the command told apart
by a flag. A command without a field is a question (its note) with OK, Enter records it. One
that writes a receipt (``Slice.receipt``) asks for it once recorded. Several players' names are
typed with commas, each completed among the players; a yes or no is a switch. A command that
says what it would do (``Slice.preview``: who is marked paid) says it under the fields at each
key."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.slices.spec import Field, Slice, Typed
from tdconsole.i18n import Msg
from tdconsole.reports import receipt_filename
from tdconsole.ui.dialogs.base import PlayerDialog
from tdconsole.ui.dialogs.register import Known, KnownSuggester
from tdconsole.ui.i18n import Translator
from tdconsole.ui.messages import PrintRequested
from tdconsole.ui.widgets.changed import update_changed
from tdconsole.ui.widgets.choices import Tick

if TYPE_CHECKING:
    from tdconsole.domain.form import Form
    from tdconsole.domain.roster import Named
    from tdconsole.service import Tournament

NAMED = ("registered", "waitlisted", "in")
"""The players a command may still name (those withdrawn or out are left to be typed)."""


def kind_of(declared: Slice) -> str:
    """Which of the slices' dialogs it is (``PlayerDialog.kind``): its command's."""
    return f"-{declared.command.__name__}"


class SliceDialog(PlayerDialog["Form"]):
    """A command's dialog, reading its form (``Tournament.form``) on the State it opened on."""

    name_typed = False
    """A name was typed since the dialog opened (letters typed in its number go on it)."""

    def __init__(
        self,
        tr: Translator,
        form: Form,
        player: str | None = None,
        cursor: Mapping[str, int] | None = None,
        folder: Path | None = None,
        given: Mapping[str, str] | None = None,
    ) -> None:
        self.declared: Slice = form.declared
        self.given = dict(given or {})
        """What the fields open with, by name (the article in view, a calculation's text)."""
        self.cursor = dict(cursor or {})
        """The table and the seat under the cursor, by name (``Field.under_cursor``)."""
        self.folder = folder
        """Where its receipt is written (``Slice.receipt``): the event's print folder."""
        super().__init__(tr, form, player)

    @classmethod
    def for_key(
        cls,
        app: App[Any],
        tr: Translator,
        form: Form,
        player: str | None,
        cursor: Mapping[str, int] | None = None,
        folder: Path | None = None,
        given: Mapping[str, str] | None = None,
    ) -> SliceDialog:
        """The dialog for the command's key: when its slice keeps it (``Slice.kept``), the one
        kept from the last time, emptied; else a new one."""
        declared = form.declared
        dialog = cls.kept(app, tr, kind_of(declared)) if declared.kept else None
        if dialog is None:
            built = cls(tr, form, player, cursor, folder, given)
            return built.keep() if declared.kept else built
        dialog.first = player or ""
        dialog.cursor, dialog.folder = dict(cursor or {}), folder
        dialog.given = dict(given or {})
        dialog.reopen(form)
        return dialog

    def kind(self) -> str:
        return kind_of(self.declared)

    def reset(self) -> None:
        for field in self.declared.fields:
            if field.kind == "player":
                self.set_name(self.query_one(f"#{field.name}", Input))
            elif field.kind == "word":
                self.query_one(f"#{field.name}", OptionList).highlighted = 0
            elif field.kind == "flag":
                self.query_one(f"#{field.name}", Tick).value = False
            elif field.kind == "names":
                names = self.query_one(f"#{field.name}", Input)
                names.value = self.opening(field)
                if isinstance(names.suggester, KnownSuggester):
                    names.suggester.known = self.known()
            elif field.kind != "choice":  # (a choice's entries: ``show``)
                self.query_one(f"#{field.name}", Input).value = self.opening(field)

    def suggested(self) -> list[Named]:
        return self.roster.listed(NAMED)

    def known(self) -> Known:
        """The names a field of several players' names completes."""
        return Known([p.name for p in self.suggested()])

    def show_event(self, event: Tournament[Any]) -> None:
        self.show(event.form(self.declared))

    def as_opened(self) -> None:
        self.name_typed = False
        if (player := self.declared.player) is not None:
            self.query_one(f"#{player.name}", Input).select_on_focus = True
        super().as_opened()

    def heading_words(self) -> Msg:
        return self.declared.heading

    def articles(self) -> tuple[str, ...]:
        return self.declared.articles

    def now(self) -> datetime:
        """The console's time (a test's frozen one)."""
        clock = getattr(self.app, "clock", None) or datetime.now
        now: datetime = clock()
        return now

    def update_note(self) -> None:
        """The lines the slice shows above its fields (``Slice.context``) and what it says
        under them (``Slice.note``; ``Slice.preview``: what the command they hold would do,
        or why it would be refused), from what they hold now."""
        typed = {f.name: t for f in self.declared.fields if isinstance(t := self.typed(f), str)}
        if self.declared.context is not None:
            lines = self.roster.context(self.now(), typed)
            context = Content("\n".join(self.said(parts) for parts in lines))
            update_changed(self.query_one("#context", Static), context)
        if self.declared.note is not None:
            said = self.roster.note(typed)
            self.set_note("" if said is None else self.tr.say(said))
        elif self.declared.preview is not None:
            try:
                shown = self.tr.say(self.declared.preview(self.command()))
            except RuleError as refused:
                shown = refused.text(self.tr.lang)
            except ValidationError:
                shown = ""
            self.set_note(Text(shown))  # names, never markup

    def said(self, parts: tuple[str | Msg, ...], between: str = " ") -> str:
        """Words and messages side by side, in the console's language."""
        return between.join(p if isinstance(p, str) else self.tr.say(p) for p in parts)

    def body(self) -> ComposeResult:
        if self.declared.context is not None:
            yield Static(id="context", classes="dialog-context")
        for field in self.declared.fields:
            placeholder = self.tr.say(field.label)
            if field.kind == "player":
                players = self.suggested()
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
            elif field.kind == "names":
                suggester = KnownSuggester(self.known())
                opened = self.opening(field)
                yield Input(opened, placeholder=placeholder, id=field.name, suggester=suggester)
            elif field.kind == "flag":
                yield Tick(placeholder, id=field.name)
            else:
                yield Input(
                    self.opening(field),
                    placeholder=placeholder,
                    id=field.name,
                    select_on_focus=not field.appended,
                )

    def opening(self, field: Field) -> str:
        """What a field opens on: what the console gives it (``given``: the article in view),
        the State's (``Field.opens_on``: the message shown), the table or the seat under the
        cursor, or its default (the next level)."""
        if field.name in self.given:
            return self.given[field.name]
        opens_on = self.roster.opens_on(field)
        if opens_on is not None:
            return opens_on
        at = self.cursor.get(field.under_cursor or "")
        if at is not None:
            return str(at)
        return self.roster.default(field, self.now())

    def options(self, field: Field) -> list[Option]:
        """A choice's entries now, each with its number and its words."""
        entries = self.roster.choices(field)
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
        if not self.declared.fields:  # a question: Enter answers it
            return self.query_one("#ok", Button)
        boxes = list(self.query(Input))
        if self.declared.player is None and boxes:
            # the first left empty; all filled (on the cursor), the last: the seat, not the table
            return next((box for box in boxes if not box.value), boxes[-1])
        return super().first_focus()

    def show(self, roster: Form) -> None:
        super().show(roster)
        for field in self.declared.fields:
            if field.kind != "choice":
                continue
            entries = self.query_one(f"#{field.name}", OptionList)
            highlighted = entries.highlighted
            entries.clear_options()
            entries.add_options(self.options(field))
            if entries.option_count:
                entries.highlighted = min(highlighted or 0, entries.option_count - 1)

    @on(Input.Changed)
    def _moved(self, event: Input.Changed) -> None:
        """A number has no letters: letters typed in the number the dialog opened at (the
        second stack's, with the cursor's player) are another player's name, moved to his
        field in place of the player the dialog opened on (``d`` then a name, as in every
        player dialog)."""
        player, at = self.declared.player, self.declared.opened_at
        if player is None:
            return
        if event.input.id == player.name:
            self.name_typed = self.name_typed or event.value != self.first
            return
        number = next((f for f in self.declared.fields if f.name == at), None)
        if number is None or number.kind != "whole" or event.input.id != at:
            return
        typed = event.value
        first = next((i for i, ch in enumerate(typed) if ch.isalpha()), None)
        if first is None:
            return
        name = self.query_one(f"#{player.name}", Input)
        moved = typed[first:]
        event.input.value = typed[:first]
        name.value = name.value + moved if self.name_typed else moved
        self.name_typed = True
        name.cursor_position = len(name.value)
        name.select_on_focus = False  # the name being typed goes on, not selected away
        name.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    @on(Checkbox.Changed)
    def _switched(self) -> None:
        self.update_note()

    def typed(self, field: Field) -> Typed:
        """What the field holds: its text, the switch's state, or the entry highlighted (its
        number, its word)."""
        if field.kind == "flag":
            return self.query_one(f"#{field.name}", Tick).value
        if field.kind not in ("choice", "word"):
            return self.query_one(f"#{field.name}", Input).value
        entries = self.query_one(f"#{field.name}", OptionList)
        index = entries.highlighted
        return "" if index is None else entries.get_option_at_index(index).id or ""

    def command(self) -> Command:
        typed = {field.name: self.typed(field) for field in self.declared.fields}
        opened = [field for field in self.declared.fields if field.opens_on is not None]
        emptied = any(self.opening(field) for field in opened)
        if emptied and not any(v.strip() if isinstance(v, str) else v for v in typed.values()):
            # what it opened on, taken away: the command told apart by a flag (taken off)
            taken_off = self.roster.taken_off()
            if taken_off is not None:
                return taken_off
        return self.roster.build(typed)

    def then(self) -> Message | None:
        """The receipt of the player it names, when its command writes one."""
        named = self.declared.player
        if not self.declared.receipt or named is None:
            return None
        typed = self.typed(named)
        player = self.player_named(typed) if isinstance(typed, str) else None
        if player is None or player.place is None:
            return None
        path = Path(receipt_filename(player.place, player.name, "pdf", self.tr.lang))
        if self.folder is not None:
            path = self.folder / path
        return PrintRequested("receipts", "pdf", path, (player.name,))

    def ok_label(self) -> str:
        return self.tr.say(self.declared.ok)
