"""Rows of chip counts, one per player, with a live sum against a target (C_t, chips in play)."""

from __future__ import annotations

import contextlib
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_change, chips_typed
from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, chips


def count_id(index: int) -> str:
    return f"count-{index}"


class CountRows(Vertical):
    """``names`` with a count input each, prefilled with ``values``; with ``hints``, every
    count must be taken afresh (a closing's movers, IV.4; the finalists, IV.5): the fields
    start empty, each value only said greyed as "last 4 000" (``hints``: the dialog's words),
    and the sum line counts the fields still to type."""

    def __init__(
        self,
        names: list[str],
        values: dict[str, int | None],
        labels: dict[str, str],
        id: str | None = None,
        *,
        hints: Translator | None = None,
    ) -> None:
        super().__init__(id=id, classes="count-rows")
        self.names = names
        self.values = values
        self.labels = labels
        self.tr = hints
        """The dialog's words, with hints; None: the values are in the fields."""

    def compose(self) -> ComposeResult:
        for i, name in enumerate(self.names):
            value = self.values.get(name)
            with Horizontal(classes="row"):
                yield Label(Text(self.labels.get(name, name)), classes="who")
                # One line a player: a final of ten fits at 120×40 without scrolling.
                shown = "" if value is None else str(value)
                hint = ""
                if self.tr is not None and value is not None:
                    hint = self.tr("last {chips}", chips=chips(value))
                yield Input(
                    "" if self.tr is not None else shown,
                    placeholder=hint,
                    id=count_id(i),
                    classes="stack",
                    compact=True,
                )

    BINDINGS: ClassVar[list[BindingType]] = [
        # Read as the App reads the key (priority): the digits typed right after Enter land
        # in the next count, never in the one it left.
        Binding("enter", "next_count", show=False, priority=True),
    ]

    def _fields(self) -> list[Input]:
        return list(self.query(".stack").results(Input))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_count":
            fields = self._fields()
            return self.screen.focused in fields[:-1]
        return True

    def action_next_count(self) -> None:
        """Enter in a count moves to the next one; in the last, it records (the dialog)."""
        fields = self._fields()
        focused = self.screen.focused
        if isinstance(focused, Input) and focused in fields[:-1]:
            self.screen.set_focus(fields[fields.index(focused) + 1])

    def complete(self) -> bool:
        """Every player's count is typed, as a whole number."""
        return len(self.counts(partial=True)) == len(self.names)

    def to_type(self) -> int:
        """The fields still without a whole number."""
        return len(self.names) - len(self.counts(partial=True))

    def counts(self, *, partial: bool = False) -> dict[str, int]:
        out: dict[str, int] = {}
        for i, name in enumerate(self.names):
            raw = self.query_one(f"#{count_id(i)}", Input).value
            if self.tr is not None and not partial and not raw.strip():
                raise RuleError(
                    _("{name}: type his count now (in grey, his last count)").format(name=name)
                )
            if partial:
                with contextlib.suppress(RuleError):
                    out[name] = chips_typed(raw, name)
            elif not raw:
                raise RuleError(_("{what}: give a number").format(what=name))
            else:
                out[name] = chips_typed(raw, name)
        return out


def sum_line(tr: Translator, total: int, target: int, to_type: int = 0) -> Text:
    """The typed counts against ``target``; ``to_type``: the fields still empty, said so that
    a sum of greyed last counts is never read as the sum (``CountRows`` with hints)."""
    if total == target and not to_type:
        return Text(tr("Counts add up to {target}", target=chips(target)), style="bold green")
    line = Text(
        tr(
            "Counts must add up to {target}: now {total} ({diff})",
            target=chips(target),
            total=chips(total),
            diff=chips_change(total - target),
        ),
        style="bold red",
    )
    if to_type:
        line.append("\n" + tr("Counts still to type: {n} (in grey, the last count)", n=to_type))
    return line
