"""Chips put in without a word: a call, a raise, or an action to complete (Art. 5.5, 6.8 A-D)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tdconsole.i18n import _
from tdconsole.rules.calculators import chips_pushed
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome
from tdconsole.ui.widgets.choices import Tick


class ChipsForm(CalcForm):
    HEADING = _("Chips pushed")
    ARTICLES = ("5.5", "6.8")

    def fields(self) -> ComposeResult:
        tr = self.tr
        yield self.entry(_("To call"), "to-call", example=tr("0: no bet open"))
        yield self.entry(_("Chips pushed"), "pushed", example=self.tr("e.g. {x}", x="450"))
        yield self.entry(_("Minimum raise"), "bb", self.value("bb"), tr("the big blind"))
        yield self.entry(_("Stack before"), "stack", example=tr("optional, for an all-in"))
        yield Tick(tr("One chip only (5.5)"), id="single")
        yield Tick(tr("Said 'raise' without an amount (5.5)"), id="declared")

    def outcome(self) -> Outcome:
        to_call, pushed, bb = self.text("to-call"), self.text("pushed"), self.text("bb")
        if not to_call:
            raise self.missing(_("To call"))
        if not pushed:
            raise self.missing(_("Chips pushed"))
        if not bb:
            raise self.missing(_("Minimum raise"))
        stack = self.text("stack")
        result = chips_pushed(
            parse.number(to_call, _("to call")),
            parse.number(pushed, _("chips pushed")),
            parse.number(bb, _("minimum raise")),
            single_chip=self.checked("single"),
            declared_raise=self.checked("declared"),
            stack=parse.number(stack, _("stack")) if stack else None,
        )
        lang = self.tr.lang
        letter = f" (6.8-{result.letter})" if result.letter else ""
        head = f"{result.action_text(lang).upper()}{letter}"
        lines = [Text(head, style="bold"), Text(result.explain(lang))]
        if result.complete_to is not None:
            lines.append(Text(self.tr("Complete to {n}", n=result.complete_to)))
        if result.returned:
            lines.append(Text(self.tr("{n} back to the player", n=result.returned)))
        return Outcome(lines, result.articles, f"{head}: {result.explain(lang)}")
