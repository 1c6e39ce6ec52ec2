"""The table calculators as forms (Art. 1.1-1.3, 2.4-2.5, 5.4-5.5, 6.8, 7.3-7.8).

Each form is one small file over a pure function of ``tdconsole.rules.calculators``; the
result is recomputed at every keystroke and names the articles it applies.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tdconsole.ui.calculators.base import CalcForm

# (name, key, module, class); each form's title is its ``HEADING``
CALCULATORS: tuple[tuple[str, str, str, str], ...] = (
    ("sidepots", "f2", "side_pots", "SidePotsForm"),
    ("chips", "f3", "chips", "ChipsForm"),
    ("raise", "f4", "min_raise", "MinRaiseForm"),
    ("button", "f5", "button", "ButtonForm"),
    ("showdown", "f6", "showdown", "ShowdownForm"),
    ("clock", "f7", "clock_call", "ClockCallForm"),
)


def form_class(name: str) -> type[CalcForm]:
    """The form of calculator ``name`` (imported when first opened)."""
    for calc, _key, module, cls in CALCULATORS:
        if calc == name:
            found: type[CalcForm] = getattr(
                importlib.import_module(f"tdconsole.ui.calculators.{module}"), cls
            )
            return found
    raise KeyError(name)
