"""Eliminations in one hand (places by stacks at the start of the hand), with the second stack
asked first for whoever may still take it (Art. III.2-III.3, IV.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label

from tdconsole.domain.events import Command
from tdconsole.domain.play import Bust
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, PlayerDialog, PlayerSuggester, parse_int
from tdconsole.ui.i18n import Translator, chips
from tdconsole.ui.widgets.choices import Tick

if TYPE_CHECKING:
    from tdconsole.domain.roster import Roster
    from tdconsole.service import Tournament


class EliminateDialog(PlayerDialog["Roster"]):
    HEADING = _("Eliminate")
    ARTICLES = ("III.2", "III.3", "IV.7")
    BINDINGS: ClassVar[list[BindingType]] = [
        *Dialog.BINDINGS,
        Binding("ctrl+n", "add_row", str(_("Add a player")), priority=True),
        Binding("ctrl+r", "toggle_declined", str(_("declined")), priority=True),
    ]

    def __init__(self, tr: Translator, roster: Roster, name: str | None = None) -> None:
        super().__init__(tr, roster, name)
        self.rows: list[int] = []
        """The numbers of the rows shown (their fields' ids: ``name-1``, ``stack-1``, …)."""
        self._made = 0

    def reset(self) -> None:
        for n in self.rows[1:]:
            self.query_one(f"#row-{n}", Horizontal).remove()
        self.rows = self.rows[:1]
        self.set_name(self.query_one("#name-1", Input))
        self.query_one("#stack-1", Input).value = ""
        self.query_one("#declined", Checkbox).value = False

    def _row(self, name: str = "") -> Horizontal:
        self._made += 1
        n = self._made
        self.rows.append(n)
        return Horizontal(
            Input(
                name,
                placeholder=self.tr("Player"),
                id=f"name-{n}",
                classes="name",
                suggester=PlayerSuggester(self.roster.listed()),
            ),
            Input(
                placeholder=self.tr("Stack at the start of the hand"),
                id=f"stack-{n}",
                classes="stack",
            ),
            classes="row",
            id=f"row-{n}",
        )

    def body(self) -> ComposeResult:
        with Vertical(id="rows"):
            yield self._row(self.first)
        yield Label(self._hint(), classes="hint")
        yield Tick(self.tr("declined the second stack"), id="declined")

    def second_stacks(self) -> bool:
        """Whether second stacks are still given (III.2; not once the final is due, III.4): the
        dialog asks whether one was declined only then."""
        return self.roster.second_stacks_given()

    def _hint(self) -> Text:
        hint = "ctrl+n " + self.tr("Add a player")
        if self.second_stacks():
            hint += "   ctrl+r " + self.tr("declined the second stack")
        return Text(hint)

    def articles(self) -> tuple[str, ...]:
        return self.ARTICLES if self.second_stacks() else ("IV.7",)

    def _ask_declined(self) -> None:
        """The toggle for a declined second stack shown while second stacks are given (a
        kept dialog opens again on a later state, and the state may change while it is open)."""
        self.query_one(".hint", Label).update(self._hint())
        self.query_one("#declined", Checkbox).display = self.second_stacks()

    def as_opened(self) -> None:
        self._ask_declined()
        super().as_opened()

    def show_event(self, event: Tournament[Any]) -> None:
        self.show(event.roster())

    def show(self, roster: Roster) -> None:
        super().show(roster)
        self._ask_declined()
        self.retitle()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_declined":
            return self.second_stacks()
        return super().check_action(action, parameters)

    async def action_add_row(self) -> None:
        row = self._row()
        await self.query_one("#rows", Vertical).mount(row)
        self.label_fields()
        self.query_one(f"#name-{self.rows[-1]}", Input).focus()

    def action_toggle_declined(self) -> None:
        box = self.query_one("#declined", Checkbox)
        box.value = not box.value

    def entries(self) -> list[tuple[str, str]]:
        out = []
        for i in self.rows:
            name = self.query_one(f"#name-{i}", Input).value.strip()
            stack = self.query_one(f"#stack-{i}", Input).value
            if name:
                out.append((name, stack))
        return out

    def update_note(self) -> None:
        lines = []
        for name, _stack in self.entries():
            player = self.player_named(name)
            amount = self.roster.second_stack_for(player.name) if player is not None else None
            if player is not None and amount is not None:
                lines.append(
                    self.tr(
                        "{name} may still take the second stack: {amount} chips",
                        name=player.name,
                        amount=chips(amount),
                    )
                )
        note = Text("\n".join(lines), style="bold") if lines else Text("")
        self.set_note(note)

    def command(self) -> Command | None:
        entries = self.entries()
        if not entries:
            return None
        names = [self.registered(name) for name, _stack in entries]
        stacks: list[int] | None = None
        if len(entries) > 1 or any(s.strip() for _name, s in entries):
            stacks = [
                parse_int(s, f"{n}: {self.tr('Stack at the start of the hand')}") or 0
                for n, s in entries
            ]
        declined = self.second_stacks() and self.query_one("#declined", Checkbox).value
        return Bust(names=names, stacks=stacks, declined=declined)
