"""Registration: names typed in, past the cap onto the waiting list (Art. I.1-I.2).

The players the club already knows (its seasons' and earlier events', ``Tournament.
known_players``) are taken by a few letters: Enter on letters that name one of them writes his
name in the field and waits for the next; a new name is typed in full; Enter on a new name, or
on nothing more, registers the names in the field; ``ctrl+s`` registers them as typed. ``ctrl+l``
offers the last event's players, all ticked (``RegisterAgainDialog``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple, Self

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.suggester import Suggester
from textual.widgets import Input

from tdconsole.domain.events import Command
from tdconsole.domain.identity import match_players, typed_key
from tdconsole.domain.slices.register import Register
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog
from tdconsole.ui.dialogs.register_again import RegisterAgainDialog

SHOWN = 5
"""How many known players the note names for the letters typed."""


def split_names(raw: str) -> list[str]:
    """Names separated by commas or semicolons; a name may contain spaces."""
    parts = raw.replace(";", ",").split(",")
    return [p.strip() for p in parts if p.strip()]


def last_piece(raw: str) -> tuple[str, str]:
    """The field's text split before the name being typed: (the names before, the letters)."""
    cut = max(raw.rfind(","), raw.rfind(";")) + 1
    return raw[:cut], raw[cut:]


class KnownPlayer(NamedTuple):
    """A player the club knows, in the order it lists them."""

    name: str
    order: int


class Known:
    """The known players the letters typed may mean, those already in the field aside."""

    def __init__(self, names: Sequence[str]) -> None:
        self.players = [KnownPlayer(name, i) for i, name in enumerate(names)]

    def named(self, raw: str) -> list[str]:
        before, letters = last_piece(raw)
        if not letters.strip():
            return []
        taken = {typed_key(name) for name in split_names(before)}
        free = [p for p in self.players if typed_key(p.name) not in taken]
        return [p.name for p in match_players(free, letters)]


class KnownSuggester(Suggester):
    """Completes the name being typed when its letters begin one known player's name."""

    def __init__(self, known: Known) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.known = known

    async def get_suggestion(self, value: str) -> str | None:
        found = self.known.named(value)
        before, letters = last_piece(value)
        if len(found) != 1 or not typed_key(found[0]).startswith(typed_key(letters)):
            return None
        return before + letters[: len(letters) - len(letters.lstrip())] + found[0]


class RegisterDialog(Dialog):
    HEADING = _("Register")
    ARTICLES = ("I.1", "I.2")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+l", "like_last", str(_("Like the last one")), priority=True),
    ]

    known = Known(())
    """The players the club knows (``offering``)."""
    last: Sequence[str] = ()
    """The last event's players not registered here ("like the last one")."""

    def offering(self, known: Sequence[str], last: Sequence[str]) -> Self:
        """The dialog offering ``known`` players by a few letters, and ``last``, the last
        event's (the service's, handed over as it is built)."""
        self.known = Known(known)
        self.last = list(last)
        return self

    def body(self) -> ComposeResult:
        yield Input(
            placeholder=self.tr("Names, one per line or separated by commas"),
            id="names",
            suggester=KnownSuggester(self.known),
        )

    def field(self) -> Input:
        return self.query_one("#names", Input)

    def update_note(self) -> None:
        raw = self.field().value
        found = self.known.named(raw)
        if len(found) == 1:
            self.set_note(self.tr("Enter takes {name}", name=found[0]))
        elif found:
            shown = " · ".join(found[:SHOWN]) + (" …" if len(found) > SHOWN else "")
            self.set_note(self.tr("Known: {names}: type more letters", names=shown))
        elif names := split_names(raw):
            self.set_note(self.tr("Enter registers them ({count})", count=len(names)))
        elif self.known.players or self.last:
            self.set_note(self.tr("A known player: a few letters; a new one: the name in full"))
        else:
            self.set_note("")

    @on(Input.Submitted, "#names")
    def take(self, event: Input.Submitted) -> None:
        """Enter on letters naming one known player takes him and waits for the next name;
        on letters naming several, asks for more (``ctrl+s`` registers them as typed)."""
        found = self.known.named(event.value)
        if not found:
            return  # a new name, or nothing more: the dialog records (``Dialog._submitted``)
        event.prevent_default()
        event.stop()
        if len(found) > 1:
            _before, letters = last_piece(event.value)
            self.notify(
                self.tr(
                    "{typed}: {names}? Type more letters, or ctrl+s to register it as typed",
                    typed=letters.strip(),
                    names=", ".join(found[:SHOWN]),
                ),
                severity="warning",
                markup=False,
            )
            return
        before, _letters = last_piece(event.value)
        field = self.field()
        field.value = f"{before.rstrip()} {found[0]}, ".lstrip()
        field.cursor_position = len(field.value)

    def action_like_last(self) -> None:
        """The last event's players offered, all ticked (those registered here aside)."""
        if not self.last:
            self.notify(self.tr("No earlier event in the data folder"), severity="warning")
            return
        self.app.switch_screen(RegisterAgainDialog(self.tr).offering(self.last))

    def command(self) -> Command | None:
        names = split_names(self.field().value)
        return Register(names=names) if names else None
