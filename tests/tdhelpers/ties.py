"""An evening's end with a tie and a disqualification, for what lists the places and prizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tdconsole.domain.play import Bust, Start
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def tie_and_disqualified(path: Path, name: str, **create: Any) -> Path:
    """Six players paid, drawn and started; Ada out 6th, Bea and Cid out together (tied at 4th
    and 5th), Dan disqualified in 3rd: the prizes line's hard case. The event file, closed."""
    players = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]
    service = Tournament.create(path, name, load_settings(), **create)
    try:
        for command in (
            Register(names=players),
            Pay(names=players),
            Draw(seed=1),
            Start(stack=4000, big_blind=100),
            Bust(names=["Ada"]),
            Bust(names=["Bea", "Cid"], stacks=[500, 500]),
            Disqualify(name="Dan", reason="collusione"),
        ):
            service.execute(command)  # type: ignore[arg-type]
    finally:
        service.close()
    return path
