"""What the calculators share: results as JSON, explanations in every language, seat order."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from tdconsole.i18n import Said


def as_json(obj: Any) -> Any:
    """A result as plain JSON data (dataclasses become dicts, tuples lists); the explanations'
    messages are left out (the English is in), so the JSON keys stay the documented ones."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: as_json(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if f.metadata.get("json", True)
        }
    if isinstance(obj, Mapping):
        return {str(k): as_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [as_json(v) for v in obj]
    return obj


HIDDEN = {"json": False}
"""A field's metadata: left out of ``as_json`` (an explanation's message: the JSON keeps the
English); such fields are also not compared."""


def said_text(said: Said | None, english: str, lang: str) -> str:
    """``said`` in ``lang``; ``english`` for a result built without a message."""
    return said.text(lang) if said is not None else english


def clockwise_from(button: int, seats: Iterable[int]) -> list[int]:
    """Seats in clockwise order starting with the first seat after the button (button last)."""
    return sorted(seats, key=lambda s: (s <= button, s))
