"""The clock's command built from its fields as typed (``slices.clock_control``): the action,
and the time after it read as the command line reads it, refused in the same words."""

from __future__ import annotations

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.clock_control import SLICE, ClockControl


@pytest.mark.parametrize(
    ("action", "value", "seconds"),
    [("start", None, None), ("next", "", None), ("add", "90", 90), ("set", "12:00", 720)],
)
def test_the_time_typed_after_an_action_is_its_seconds(
    action: str, value: str | None, seconds: int | None
) -> None:
    built = SLICE.build({"action": action, "value": value})
    assert isinstance(built, ClockControl)
    assert (built.action, built.seconds) == (action, seconds)


@pytest.mark.parametrize(
    ("action", "value", "said"),
    [
        ("pause", "10", "clock pause takes no value"),
        ("add", None, "write clock add SECONDS"),
        ("set", " ", "write clock set MM:SS"),
        ("sub", "0", "give a positive number of seconds"),
        ("sub", "-5", "give a positive number of seconds"),
        ("set", "9x:00", "MM:SS"),
        ("stop", None, "give one of start, pause"),
    ],
)
def test_a_time_that_is_not_one_is_refused_in_one_line(
    action: str, value: str | None, said: str
) -> None:
    with pytest.raises(RuleError) as refused:
        SLICE.build({"action": action, "value": value})
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_the_command_as_recorded_holds_its_seconds_not_the_typing() -> None:
    built = ClockControl.model_validate({"action": "sub", "value": "60"})
    assert built.model_dump(include={"action", "seconds"}) == {"action": "sub", "seconds": 60}
    assert "value" not in built.model_dump()
