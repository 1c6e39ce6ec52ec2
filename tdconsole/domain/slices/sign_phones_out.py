"""Every phone signed out of the served floor: ``tdconsole sign-out``, the Director's alone.

Each phone signed in to the served floor (``tdconsole serve``) signs in again with the floor
PIN: a phone lost, staff gone home. Changing the floor PIN does the same. Logged; undo lets the
phones' sessions go on. Not on the phone's own form: a phone signing every phone out, itself
with them, is the console's and the command line's to do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import ClassVar

from tdconsole.domain import summaries as said
from tdconsole.domain.described import Description
from tdconsole.domain.events import Command, Context, EventBody
from tdconsole.domain.slices.spec import Slice
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_of
from tdconsole.i18n import Msg, _

AGAIN = _("every phone is signed out of the served floor: each signs in again")


class PhonesSignedOut(EventBody):
    """The Director signed every phone out of the served floor: each signs in again."""

    type: ClassVar[str] = "phones_signed_out"

    def apply(self, state: State, at: datetime) -> None:
        state.phones_signed_out += 1


class SignPhonesOut(Command):
    """``sign-out``: every phone signed in to the served floor must sign in again (a phone
    lost, staff gone home); logged. Changing the floor PIN does the same."""

    def describe(self) -> Summary:
        return summary_of(said.SIGN_OUT)

    def decide(self, state: State, ctx: Context) -> list[EventBody]:
        return [PhonesSignedOut()]


def signed_out(bodies: Sequence[EventBody], state: State) -> list[Msg]:
    """What it means for the phones."""
    return [AGAIN for body in bodies if isinstance(body, PhonesSignedOut)]


def asked(state: State, typed: Mapping[str, str]) -> Msg:
    """The question its dialog asks."""
    return _("Every phone signed in to the served floor signs in again with the floor PIN.")


SLICE = Slice(
    command=SignPhonesOut,
    description=Description(
        command="SignPhonesOut",
        module="slices.sign_phones_out",
        cli="sign-out",
        summaries=(said.SIGN_OUT,),
        director_only=True,
        article="VII.1",
    ),
    fields=(),
    heading=_("Sign every phone out"),
    ok=_("Sign out"),
    after=signed_out,
    note=asked,
)
