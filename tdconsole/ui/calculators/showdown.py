"""Who wins at showdown: best five of seven, equal hands split (Art. 1.1-1.3), or the Poker
all'Italiana order (Circolo Santelia, Art. 7-9: flush above full, never a split)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import RadioSet

from tdconsole.i18n import _
from tdconsole.rules.calc_showdown import holdem_evaluator
from tdconsole.rules.calculators import showdown
from tdconsole.ui.calculators import parse
from tdconsole.ui.calculators.base import CalcForm, Outcome
from tdconsole.ui.widgets.choices import Choice, Choices


def load_evaluator() -> None:
    """The hand evaluator loaded (``holdem_evaluator``): in a worker, never on the UI thread
    that opens the form."""
    holdem_evaluator()


class ShowdownForm(CalcForm):
    HEADING = _("Showdown")
    ARTICLES = ("1.1", "1.2", "1.3")

    def fields(self) -> ComposeResult:
        tr = self.tr
        yield self.entry(_("Hands"), "hands", example=self.tr("e.g. {x}", x="Ada=AsKd Bea=AcQh"))
        yield self.entry(_("Board"), "board", example=self.tr("e.g. {x}", x="Ah9c7d4s2h"))
        with Choices(id="mode"):
            yield Choice("Texas Hold'em", value=True, id="mode-holdem")
            yield Choice(tr("Poker all'Italiana (5 cards, no board)"), id="mode-italiana")
        yield self.entry(_("Players at the table"), "players", "5", tr("Italiana"))

    def on_mount(self) -> None:
        super().on_mount()
        # The hand evaluator (pokerkit builds its lookup tables on import, seconds on a busy
        # machine) is loaded off the UI thread while the hands are typed, not on the
        # keystroke that first completes a board.
        self.run_worker(load_evaluator, thread=True, group="showdown-evaluator")

    def outcome(self) -> Outcome:
        hands = parse.hands(self.text("hands"))
        if len(hands) < 2:
            raise self.missing(_("Hands"))
        italiana = self.query_one("#mode", RadioSet).pressed_index == 1
        board = self.text("board").replace(" ", "")
        if not italiana and not board:
            raise self.missing(_("Board"))
        result = showdown(
            hands,
            "" if italiana else board,
            mode="italiana" if italiana else "holdem",
            players_at_table=parse.number(self.text("players") or "5", _("players")),
        )
        lines = []
        for h in result.hands:
            label = h.name(self.tr.lang)
            line = Text(f"  {h.place}. ")
            line.append(h.player, style="bold" if h.player in result.winners else "")
            line.append(f"  {label}  {' '.join(h.cards)}")
            lines.append(line)
        winners = list(result.winners)
        if result.split:
            verdict = self.tr(
                "{names} and {last} split", names=", ".join(winners[:-1]), last=winners[-1]
            )
        else:
            verdict = self.tr("{name} wins", name=", ".join(winners))
        lines.append(Text(verdict, style="bold"))
        if result.split_possible and not result.split:
            may = self.tr("Two straight flushes: the players may agree to split (Art. 9.2)")
            lines.append(Text(may))
        return Outcome(lines, result.articles, verdict)
