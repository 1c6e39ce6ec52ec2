"""The minimum raise under this regulation: the first at least one big blind over the bet,
later ones no minimum increment, an all-in raise reopens the betting (Art. 7.3-7.4)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tdconsole.i18n import _
from tdconsole.rules.calculators import minimum_raise
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome
from tdconsole.ui.widgets.choices import Tick


class MinRaiseForm(CalcForm):
    HEADING = _("Minimum raise")
    ARTICLES = ("7.3", "7.4")

    def fields(self) -> ComposeResult:
        tr = self.tr
        yield self.entry(_("Big blind"), "bb", self.value("bb"))
        yield self.entry(_("Highest bet now"), "bet", example=tr("empty: the big blind"))
        yield self.entry(_("Proposed raise"), "to", example=tr("a total, optional"))
        yield self.entry(_("Smallest chip"), "unit", self.value("unit", "25"))
        yield Tick(tr("Someone has already raised in this round"), id="raised")
        yield Tick(tr("The raise is all-in"), id="all-in")

    def outcome(self) -> Outcome:
        bb_raw = self.text("bb")
        if not bb_raw:
            raise self.missing(_("Big blind"))
        bb = parse.number(bb_raw, _("big blind"))
        bet_raw, to_raw = self.text("bet"), self.text("to")
        result = minimum_raise(
            bb,
            parse.number(bet_raw, _("bet")) if bet_raw else bb,
            self.checked("raised"),
            parse.number(to_raw, _("raise")) if to_raw else None,
            all_in=self.checked("all-in"),
            chip_unit=parse.number(self.text("unit") or "1", _("chip unit")),
        )
        head = self.tr("Minimum: to {n}", n=result.minimum_to)
        lines = [Text(head, style="bold"), Text(result.explain(self.tr.lang))]
        if result.valid is True:
            lines.append(Text(self.tr("valid"), style="green"))
        elif result.valid is False:
            lines.append(
                Text(self.tr("not valid: complete to {n}", n=result.complete_to), style="red")
            )
        return Outcome(lines, result.articles, f"{head}. {result.explain(self.tr.lang)}")
