"""Calling the clock on a player: 30-60 seconds granted, then ten counted aloud; no action by
then is a fold (Art. 5.4). The live countdown is ``t`` on the console."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tdconsole.i18n import _
from tdconsole.rules.calculators import clock_call
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome


class ClockCallForm(CalcForm):
    HEADING = _("Clock call")
    ARTICLES = ("5.4",)

    def fields(self) -> ComposeResult:
        yield self.entry(_("Seconds granted"), "granted", "60", "30-60")
        yield self.entry(_("Seconds since the call"), "elapsed", "0")

    def outcome(self) -> Outcome:
        granted = self.text("granted")
        if not granted:
            raise self.missing(_("Seconds granted"))
        elapsed = parse.number(self.text("elapsed") or "0", _("seconds"))
        result = clock_call(parse.number(granted, _("seconds")), 0.0, elapsed)
        left = f"{result.seconds_left:.0f}"
        if result.phase == "thinking":
            head = self.tr("Thinking: {n} s left before the 10-second countdown", n=left)
        elif result.phase == "countdown":
            head = self.tr("Countdown: {n} s, said aloud by the Director", n=left)
        else:
            head = self.tr("Time is up: the hand is folded")
        return Outcome([Text(head, style="bold")], result.articles, head)
