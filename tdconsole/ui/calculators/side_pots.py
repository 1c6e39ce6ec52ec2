"""Side pots from each player's total contribution, paid from the last back to the main pot
(Art. 7.7-7.8); odd chips from the first winner clockwise from the button (1.3)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tdconsole.i18n import _
from tdconsole.rules.calculators import Contribution, side_pots
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome


class SidePotsForm(CalcForm):
    HEADING = _("Side pots")
    ARTICLES = ("7.7", "7.8", "1.3")
    HINT = _("Players as SEAT:NAME=CHIPS put in; ranking best first, ties joined by =")

    def fields(self) -> ComposeResult:
        yield self.entry(
            _("Players"), "players", example=self.tr("e.g. {x}", x="1:Ada=100 2:Bea=300 3:Cid=500")
        )
        yield self.entry(_("Folded"), "folded", example=self.tr("e.g. {x}", x="Cid"))
        yield self.entry(_("Ranking"), "ranking", example=self.tr("e.g. {x}", x="Ada Bea=Cid"))
        yield self.entry(_("Button seat"), "button", self.value("button"))
        yield self.entry(_("Smallest chip"), "unit", self.value("unit", "25"))

    def outcome(self) -> Outcome:
        given = parse.contributions(self.text("players"))
        if not given:
            raise self.missing(_("Players"))
        folded = set(parse.words(self.text("folded")))
        people = [
            Contribution(name, seat or i, chips, name in folded)
            for i, (seat, name, chips) in enumerate(given, start=1)
        ]
        ranking = [[p for p in g.split("=") if p] for g in parse.words(self.text("ranking"))]
        button_raw = self.text("button")
        button = parse.number(button_raw, _("button")) if button_raw else people[-1].seat
        unit_raw = self.text("unit") or "1"
        unit = parse.number(unit_raw, _("chip unit"))
        result = side_pots(people, ranking, button=button, chip_unit=unit)
        lang = self.tr.lang
        lines = [Text(self.tr("Pots, in the order they are awarded (last side pot first):"))]
        summary = []
        for pot in result.pots:
            shares = ", ".join(f"{s.player} {s.amount}" for s in pot.shares)
            arrow = self.tr("returned to") if pot.name == "uncalled" else "→"
            line = Text(f"  {pot.label(lang):<12} {pot.amount:>7}  ", style="")
            line.append(", ".join(pot.eligible), style="dim")
            line.append(f"  {arrow} {shares}", style="bold")
            lines.append(line)
            summary.append(f"{pot.label(lang)} {pot.amount} → {shares}")
        totals = ", ".join(f"{p} {w}" for p, w in result.won.items())
        lines.append(Text(self.tr("Totals: {totals}", totals=totals)))
        return Outcome(lines, result.articles, "; ".join(summary))
