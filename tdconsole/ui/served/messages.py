"""Messages up from the phone screen to the served App (which alone calls the service)."""

from __future__ import annotations

from textual.message import Message


class ClockToggleRequested(Message):
    """Pause the clock, or start it again (the Director's, Art. III.5)."""


class FloorUndoRequested(Message):
    """Undo the last action: the floor's own, or another's with the Director's PIN."""
