"""The second stack ("seconda dote"): the table's average stack, once only (Art. III.2-III.3)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.play import SecondStack, can_take_second_stack, second_stack_amount
from tdconsole.domain.state import Player
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import PlayerDialog, parse_int
from tdconsole.ui.glyphs import SECOND_STACK
from tdconsole.ui.i18n import chips


class SecondStackDialog(PlayerDialog):
    HEADING = _("Second stack")
    ARTICLES = ("III.2", "III.3")

    name_typed = False
    """A name was typed since the dialog opened (letters typed in the stack field go on it)."""

    def reset(self) -> None:
        self.set_name(self.query_one("#name", Input))
        self.query_one("#stack", Input).value = ""

    def as_opened(self) -> None:
        self.name_typed = False
        self.query_one("#name", Input).select_on_focus = True
        super().as_opened()

    def body(self) -> ComposeResult:
        yield self.player_input(self.first)
        yield Input(placeholder=self.tr("Stack now"), id="stack")

    def first_focus(self) -> Widget | None:
        """The stack field when the dialog opens on a player (the seat cursor's): the stack
        typed next must not replace his name; else the name field."""
        if self.first:
            return self.query_one("#stack", Input)
        return super().first_focus()

    @on(Input.Changed, "#name")
    def _name_changed(self, event: Input.Changed) -> None:
        if event.value != self.first:
            self.name_typed = True

    @on(Input.Changed, "#stack")
    def _stack_changed(self, event: Input.Changed) -> None:
        """A stack has no letters: letters typed there are another player's name (``d`` then
        a name, as in every player dialog), moved to the name field, in place of the player
        the dialog opened on."""
        typed = event.value
        first = next((i for i, ch in enumerate(typed) if ch.isalpha()), None)
        if first is None:
            return
        name = self.query_one("#name", Input)
        moved = typed[first:]
        event.input.value = typed[:first]
        name.value = name.value + moved if self.name_typed else moved
        self.name_typed = True
        name.cursor_position = len(name.value)
        name.select_on_focus = False  # the name being typed goes on, not selected away
        name.focus()

    def count_below_big_blind(self, player: Player | None) -> int | None:
        """His last count when it is below the big blind: it stands for his stack now (the
        Decision of III.2); otherwise (no count, or not below) the stack must be given."""
        if player is None or not player.counted or player.chips is None:
            return None
        status = getattr(self.app, "clock_status", lambda: None)()
        big_blind = getattr(status, "big_blind", None)
        if not isinstance(big_blind, int) or player.chips >= big_blind:
            return None
        return player.chips

    def update_note(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        player = self.player_named(name)
        stack = self.query_one("#stack", Input)
        counted = self.count_below_big_blind(player)
        if counted is None:
            stack.placeholder = self.tr("Stack now")
        else:
            stack.placeholder = self.tr(
                "Stack now (empty: his count {chips})", chips=chips(counted)
            )
        if player is None or player.table is None or player.status != "in":
            self.set_note(Text(""))
            return
        table = self.state.tables[player.table]
        amount = second_stack_amount(self.state, table)
        line = Text(
            self.tr(
                "Amount at table {table} now: {amount} chips (C_t {chips} / {n} players)",
                table=table.number,
                amount=chips(amount),
                chips=chips(table.chips),
                n=len(self.state.players_at(table)),
            ),
            style="bold",
        )
        if not can_take_second_stack(self.state, player) and player.second_stack is not None:
            line.append(f"\n{SECOND_STACK} {chips(player.second_stack)}", style="dim")
        self.set_note(line)

    def command(self) -> Command | None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            return None
        # Art. III.2: with no count below the big blind on record, his stack now is asked.
        required = self.count_below_big_blind(self.player_named(name)) is None
        typed = self.query_one("#stack", Input).value
        if required and not typed.strip():
            raise RuleError(
                _(
                    "{what}: give his stack now (no count of his below the big blind is on "
                    "record; his starting stack is no evidence of it)"
                ).format(what=self.tr("Stack now")),
                "III.2",
            )
        stack = parse_int(typed, self.tr("Stack now"), required=required)
        return SecondStack(name=name, stack=stack)
