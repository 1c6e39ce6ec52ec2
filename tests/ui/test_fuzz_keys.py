"""Random keys on the Director's console and on the floor (a subset of the UI's actions under
hypothesis): the console never crashes, a refusal changes nothing, and whatever was recorded
replays to the live state (bad input through Pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tdhelpers.invariants import check

from tdconsole.ui.app import ConsoleApp

MakeApp = Callable[..., ConsoleApp]

# Keys of the console's bindings and of its dialogs, with typing and escapes mixed in.
KEYS = [
    "space",
    "a",
    "n",
    "b",
    "plus",
    "minus",
    "e",
    "d",
    "k",
    "c",
    "f",
    "x",
    "z",
    "l",
    "t",
    "u",
    "r",
    "1",
    "2",
    "3",
    "4",
    "5",
    "question_mark",
    "escape",
    "enter",
    "tab",
    "down",
    "up",
    "left",
    "right",
    "ctrl+s",
    "ctrl+n",
    "ctrl+r",
    "0",
    "9",
    "R",
    "o",
    "s",
    "m",
    "h",
    "B",
]


async def press_all(app: ConsoleApp, keys: list[str]) -> bool:
    """Press the keys; True when the console was still running after the last one (a crash
    inside the app is re-raised by ``run_test``)."""
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        running = app.is_running
    return running


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(keys=st.lists(st.sampled_from(KEYS), min_size=5, max_size=30), floor=st.booleans())
def test_random_keys_never_break_the_console(
    make_app: MakeApp, keys: list[str], floor: bool
) -> None:
    app = make_app(mode="floor" if floor else "director", actor="Mario" if floor else None)
    assert asyncio.run(press_all(app, keys))
    assert app.service is not None
    check(app.service)
