"""The start (Art. III.1, III.5): ``tdconsole start --stack S --bb B [--first-minutes T1]
[--second-bb B2] [--minutes T2] [--break LEVEL=MINUTES ...]``, the console's ``g``.

Every seated player gets the starting stack (S ≥ 40·B, III.1); the structure is built from the
first big blind and the levels' lengths, the settings giving what is not typed (the shipped:
T1 = 40, B2 = 2·B, T2 = 20). The clock is left stopped at level 1 with its full time; the phase
becomes the elimination, or the final when nine or fewer are seated. The structure screen
(``S``) gives the same command with every level edited and its breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from pydantic import Field as Bounded

from tdconsole.domain import clock
from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description, Key
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.numbers import CHIPS_MAX, chips_text
from tdconsole.domain.play_common import MAX_STACK
from tdconsole.domain.slices.spec import Field, Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.domain.words import phase_word
from tdconsole.i18n import Msg, _, ngettext


class Started(EventBody):
    """The Director's stack and blind structure; every seated player gets the stack."""

    type: ClassVar[str] = "started"
    stack: int
    structure: dict[str, Any]

    def apply(self, state: State, at: datetime) -> None:
        state.stack = self.stack
        for table in state.tables.values():
            players = state.players_at(table)
            for player in players:
                player.chips = self.stack
            table.chips = self.stack * len(players)
            state.issued += table.chips
        state.structure = clock.Structure.model_validate(self.structure)
        state.clock = clock.initial(state.structure)
        final = any(t.final for t in state.tables.values())
        state.phase = "final" if final else "elimination"


class Start(Command):
    stack: int = Bounded(gt=0)
    big_blind: int = Bounded(gt=0)
    first_minutes: int | None = None
    second_big_blind: int | None = None
    minutes: int | None = None
    breaks: dict[int, int] = Bounded(default_factory=dict)
    """Level k -> minutes of a break after it (the structure screen's, ``--break K=M``)."""
    levels: dict[int, dict[str, int]] = Bounded(default_factory=dict)
    """Level k -> its edits before the start (``big_blind``/``bb``, ``ante``, ``minutes``)."""

    named: ClassVar[dict[str, tuple[str, ...]]] = {"stack": ("started.stack",), "bb": ()}

    def describe(self) -> Summary:
        return summary_of(said.START, stack=self.stack, bb=self.big_blind)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        if state.phase == "registration":
            raise RuleError(
                _("draw the seats first (`draw`), then start"),
                "II.2",
            )
        if state.phase != "seated":
            raise RuleError(_("the tournament has already started"), "III.1")
        unit = state.settings.stacks.chip_unit
        if self.stack > MAX_STACK:
            raise RuleError(
                _(
                    "a starting stack of {stack} chips is not a real stack: give "
                    "at most {MAX_STACK}"
                ).format(stack=chips_text(self.stack), MAX_STACK=chips_text(MAX_STACK)),
                "III.1",
            )
        if self.stack % unit:
            raise RuleError(
                _("stack {stack} is not a multiple of the chip unit {unit}: adjust it").format(
                    stack=chips_text(self.stack), unit=unit
                ),
                "III.1",
            )
        settings = state.settings.clock
        structure = clock.Structure.build(
            first_bb=self.big_blind,
            first_minutes=self.first_minutes or settings.first_minutes,
            second_bb=self.second_big_blind or self.big_blind * settings.second_bb_factor,
            minutes=self.minutes or settings.minutes,
            stack=self.stack,
            chip_unit=unit,
            min_stack_bb=state.settings.stacks.min_stack_bb,
        )
        for level, minutes in sorted(self.breaks.items()):
            structure = structure.with_break(level, minutes, current_index=-1)
        for level, edit in sorted(self.levels.items()):
            structure = structure.with_edit(
                level,
                current_index=-1,
                big_blind=edit.get("big_blind", edit.get("bb")),
                ante=edit.get("ante"),
                minutes=edit.get("minutes"),
            )
        return [Started(stack=self.stack, structure=structure.model_dump(mode="json"))]


def proposed_big_blind(state: State) -> int:
    """The first big blind the settings' stack allows (III.1: S ≥ ``min_stack_bb``·B), in
    steps of two chips."""
    stacks = state.settings.stacks
    step = 2 * stacks.chip_unit
    return max(step, stacks.starting_stack // stacks.min_stack_bb // step * step)


def aftermath(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """Who got the stack, the phase, and the clock left stopped."""
    return [
        ngettext(
            "started: {n} player, stack {stack}, phase {phase}; "
            "the clock is stopped at level 1 (`clock start`)",
            "started: {n} players, stack {stack}, phase {phase}; "
            "the clock is stopped at level 1 (`clock start`)",
            state.in_play,
        ).format(stack=chips_text(state.stack), phase=phase_word(state.phase))
    ]


def _whole(
    name: str, label: Msg, metavar: Msg, flag: str, default: Any, *, required: bool = False
) -> Field:
    """A whole number of the start, 1 or more, given as ``--flag``; the dialog opens on the
    settings' (``default``)."""
    return Field(
        name,
        "whole",
        label,
        metavar,
        required=required,
        option=True,
        low=1,
        high=CHIPS_MAX,
        flag=flag,
        default=lambda state, now: str(default(state)),
    )


SLICE = Slice(
    command=Start,
    description=Description(
        command="Start",
        module="slices.start",
        cli="start",
        summaries=(said.START,),
        keys=(Key("g", "command('Start')", _("Start tournament"), True),),
        when="before the start",
        director_only=True,
        article="III.1",
    ),
    fields=(
        _whole(
            "stack",
            _("Starting stack"),
            _("S"),
            "stack",
            lambda state: state.settings.stacks.starting_stack,
            required=True,
        ),
        _whole("big_blind", _("First big blind"), _("B"), "bb", proposed_big_blind, required=True),
        _whole(
            "first_minutes",
            _("First level, minutes"),
            _("T1"),
            "first-minutes",
            lambda state: state.settings.clock.first_minutes,
        ),
        _whole(
            "second_big_blind",
            _("Second big blind"),
            _("B2"),
            "second-bb",
            lambda state: proposed_big_blind(state) * state.settings.clock.second_bb_factor,
        ),
        _whole(
            "minutes",
            _("Later levels, minutes"),
            _("T2"),
            "minutes",
            lambda state: state.settings.clock.minutes,
        ),
        Field(
            "breaks",
            "pairs",
            _("Breaks after levels, LEVEL=MINUTES (e.g. 2=15; optional)"),
            _("LEVEL=MINUTES"),
            required=False,
            option=True,
            low=1,
            high=CHIPS_MAX,
            flag="break",
            keyed="whole",
        ),
    ),
    heading=_("Start tournament"),
    ok=_("Start tournament"),
    after=aftermath,
    cites=("III.5",),
    note=lambda state, typed: _("S: the whole structure, level by level, with its breaks"),
)
