"""What a recorded command warns of, said by every face after it (the command stands: the
Director decides): a seat draw outside 6-8 players a table (Art. II.1), players registered
whose names read much like another's (Art. I.1), a PIN set too weak for the Wi-Fi."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tdconsole.domain.pin_strength import pin_problems
from tdconsole.domain.registration import accent_twins
from tdconsole.domain.slices.draw import drawn_warning
from tdconsole.domain.slices.register import PlayerRegistered
from tdconsole.i18n import _

if TYPE_CHECKING:
    from tdconsole.domain.events import Record
    from tdconsole.domain.state import State
    from tdconsole.i18n import Msg


def warnings_of(records: list[Record], state: State) -> list[Msg]:
    """The warnings of ``records``, just recorded into ``state``."""
    said: list[Msg] = []
    drawn = drawn_warning([r.body for r in records], state.settings.seating)
    if drawn is not None:
        said.append(drawn)
    for record in records:
        if isinstance(record.body, PlayerRegistered):
            said.extend(accent_twins(state, record.body.name))
    if any(record.body.type == "pin_changed" for record in records):
        said.extend(pins_said(state))
    return said


def pins_said(state: State) -> list[Msg]:
    """The event's PINs too weak beyond this machine: enough for the views here, refused by
    ``serve`` on the Wi-Fi until the Director sets another."""
    return [
        _(
            "{problem}; enough on this machine alone, but `serve` beyond it (--host, "
            "--public-url) refuses it until the Director sets another (docs/floor.md)"
        ).format(problem=problem)
        for _key, problem in pin_problems(state)
    ]
