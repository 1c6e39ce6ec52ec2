"""Rows of chip counts, one per player, with a live sum against a target (C_t, chips in play)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_change
from tdconsole.ui.dialogs.base import parse_int
from tdconsole.ui.i18n import Translator, chips


def count_id(index: int) -> str:
    return f"count-{index}"


class CountRows(Vertical):
    """``names`` with a count input each, prefilled with ``values`` (with ``hints``, each
    value only shown greyed until a count is typed: a count that must be taken afresh)."""

    def __init__(
        self,
        names: list[str],
        values: dict[str, int | None],
        labels: dict[str, str],
        id: str | None = None,
        *,
        hints: bool = False,
    ) -> None:
        super().__init__(id=id, classes="count-rows")
        self.names = names
        self.values = values
        self.labels = labels
        self.hints = hints

    def compose(self) -> ComposeResult:
        for i, name in enumerate(self.names):
            value = self.values.get(name)
            with Horizontal(classes="row"):
                yield Label(Text(self.labels.get(name, name)), classes="who")
                # One line a player: a final of ten fits at 120×40 without scrolling.
                shown = "" if value is None else str(value)
                yield Input(
                    "" if self.hints else shown,
                    placeholder=chips(value) if self.hints and value is not None else "",
                    id=count_id(i),
                    classes="stack",
                    compact=True,
                )

    def complete(self) -> bool:
        """Every player's count is typed, as a whole number."""
        return len(self.counts(partial=True)) == len(self.names)

    def counts(self, *, partial: bool = False) -> dict[str, int]:
        out: dict[str, int] = {}
        for i, name in enumerate(self.names):
            raw = self.query_one(f"#{count_id(i)}", Input).value
            if partial:
                try:
                    value = parse_int(raw, name, required=False)
                except RuleError:
                    value = None
                if value is not None:
                    out[name] = value
            else:
                value = parse_int(raw, name)
                assert value is not None
                out[name] = value
        return out


def sum_line(tr: Translator, total: int, target: int) -> Text:
    if total == target:
        return Text(tr("Counts add up to {target}", target=chips(target)), style="bold green")
    return Text(
        tr(
            "Counts must add up to {target}: now {total} ({diff})",
            target=chips(target),
            total=chips(total),
            diff=chips_change(total - target),
        ),
        style="bold red",
    )
