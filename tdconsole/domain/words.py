"""The words for a player's status and the tournament's phase: one vocabulary for refusals, the
console and the command line (the printed reports name them in ``words/reports.py``)."""

from __future__ import annotations

from typing import cast

from tdconsole.domain.state import Phase, Player, State, Status
from tdconsole.i18n import Msg, pgettext

STATUS_WORDS: dict[Status, Msg] = {
    "registered": pgettext("player status", "registered"),
    "waitlisted": pgettext("player status", "on the waiting list"),
    "withdrawn": pgettext("player status", "withdrawn"),
    "in": pgettext("player status", "in play"),
    "out": pgettext("player status", "out"),
    "disqualified": pgettext("player status", "disqualified"),
}

PHASE_WORDS: dict[Phase, Msg] = {
    "registration": pgettext("phase", "registration"),
    "seated": pgettext("phase", "seated"),
    "elimination": pgettext("phase", "elimination"),
    "final": pgettext("phase", "final"),
    "finished": pgettext("phase", "finished"),
}


def status_word(status: Status) -> Msg:
    return STATUS_WORDS[status]


def player_word(state: State, player: Player) -> Msg:
    """A player's status as the lists say it: the last one in when the tournament is over is
    its winner, no longer "in play"."""
    return listed_word(state.phase, player.status)


def listed_word(phase: Phase, status: str) -> Msg:
    """``player_word`` of a player of ``status`` (a read model's) in ``phase``."""
    if status == "in" and phase == "finished":
        return pgettext("player status", "winner")
    return STATUS_WORDS[cast(Status, status)]


def phase_word(phase: Phase) -> Msg:
    return PHASE_WORDS[phase]
