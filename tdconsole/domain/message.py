"""The Director's message to the room, as every screen shows it (``slices.show_message``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Message:
    """The Director's message to the room (``slices.show_message``): on every screen until cleared,
    or until ``until`` (its minutes counted from the command's time in the log)."""

    text: str
    until: datetime | None = None

    def shown_at(self, now: datetime) -> bool:
        return self.until is None or now < self.until

    def to_json(self) -> dict[str, str | None]:
        """As every page reads it: ``{"text", "until"}``, the time in ISO 8601 UTC or null."""
        return {"text": self.text, "until": None if self.until is None else self.until.isoformat()}
