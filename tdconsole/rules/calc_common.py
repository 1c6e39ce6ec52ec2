"""What the calculators share: results as JSON, Italian fields, seat order."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import field
from typing import Any


def as_json(obj: Any) -> Any:
    """A result as plain JSON data (dataclasses become dicts, tuples lists); the Italian
    explanations are left out, so the JSON keys stay the documented ones."""
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


def _italian() -> Any:
    """A field holding the Italian of an explanation: not compared, not in ``as_json``."""
    return field(default="", compare=False, repr=False, metadata={"json": False})


def _in(lang: str, en: str, it: str) -> str:
    """``it`` when ``lang`` is Italian and there is one, else ``en``."""
    return it if lang == "it" and it else en


def clockwise_from(button: int, seats: Iterable[int]) -> list[int]:
    """Seats in clockwise order starting with the first seat after the button (button last)."""
    return sorted(seats, key=lambda s: (s <= button, s))
