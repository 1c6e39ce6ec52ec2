"""Button and blinds after eliminations: this regulation's own procedure (Art. 2.4), heads-up
(2.5); the button moves clockwise every hand (II.5)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from tdconsole.i18n import _
from tdconsole.rules.calculators import button_plan
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome


class ButtonForm(CalcForm):
    HEADING = _("Button and blinds")
    ARTICLES = ("2.4", "2.5", "II.5")

    def fields(self) -> ComposeResult:
        yield self.entry(_("Occupied seats"), "seats", self.value("seats"), "1,2,3,4,5,6")
        yield self.entry(_("Button seat"), "button", self.value("button"))
        yield self.entry(
            _("Seats eliminated in the hand"), "out", example=self.tr("e.g. {x}", x="3")
        )
        yield self.entry(_("Hands ahead"), "hands", "3")

    def outcome(self) -> Outcome:
        seats = parse.seats(self.text("seats"), _("seats"))
        if not seats:
            raise self.missing(_("Occupied seats"))
        button_raw = self.text("button")
        if not button_raw:
            raise self.missing(_("Button seat"))
        result = button_plan(
            seats,
            parse.number(button_raw, _("button")),
            parse.seats(self.text("out"), _("eliminated")),
            parse.number(self.text("hands") or "3", _("hands")),
        )
        tr = self.tr
        players = ", ".join(map(str, result.players))
        lines = [Text(tr("Players in: seats {seats}", seats=players))]
        summary = []
        for h in result.hands:
            sb = str(h.small_blind) if h.small_blind is not None else "—"
            dead = tr(" (empty seat)") if h.dead_button else ""
            head = tr(
                "hand {n}: button {button}{dead}, SB {sb}, BB {bb}",
                n=h.hand,
                button=h.button,
                dead=dead,
                sb=sb,
                bb=h.big_blind,
            )
            line = Text(f"  {head}", style="bold")
            line.append(f" — {h.explain(tr.lang)} ({tr.articles(h.articles)})", style="")
            lines.append(line)
            summary.append(head)
        return Outcome(lines, result.articles, "; ".join(summary))
