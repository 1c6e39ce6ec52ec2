"""The start: the starting stack and the structure, S >= 40·B (Art. III.1, III.5).

Every field is labelled and prefilled from the settings; the whole structure, level by level
and with its breaks, is on the structure screen (S).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Label

from tdconsole.domain.events import Command
from tdconsole.domain.play import Start
from tdconsole.i18n import _
from tdconsole.ui.dialogs.base import Dialog, parse_int

FIELDS = (
    ("stack", _("Starting stack")),
    ("bb", _("First big blind")),
    ("first", _("First level, minutes")),
    ("second", _("Second big blind")),
    ("minutes", _("Later levels, minutes")),
)


class StartDialog(Dialog):
    HEADING = _("Start tournament")
    ARTICLES = ("III.1", "III.5")

    def defaults(self) -> dict[str, str]:
        settings = self.state.settings
        stack = settings.stacks.starting_stack
        step = 2 * settings.stacks.chip_unit
        bb = max(step, stack // settings.stacks.min_stack_bb // step * step)
        return {
            "stack": str(stack),
            "bb": str(bb),
            "first": str(settings.clock.first_minutes),
            "second": str(bb * settings.clock.second_bb_factor),
            "minutes": str(settings.clock.minutes),
        }

    def body(self) -> ComposeResult:
        values = self.defaults()
        for key, label in FIELDS:
            with Horizontal(classes="calc-field"):
                yield Label(self.tr.say(label), classes="calc-label")
                yield Input(values[key], id=key, compact=True)
        hint = self.tr("S: the whole structure, level by level, with its breaks")
        yield Label(hint, classes="hint")

    def command(self) -> Command | None:
        def number(key: str) -> int:
            value = parse_int(
                self.query_one(f"#{key}", Input).value, self.tr.say(dict(FIELDS)[key])
            )
            assert value is not None
            return value

        return Start(
            stack=number("stack"),
            big_blind=number("bb"),
            first_minutes=number("first"),
            second_big_blind=number("second"),
            minutes=number("minutes"),
        )
