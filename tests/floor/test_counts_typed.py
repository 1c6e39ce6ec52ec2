"""A count of chips is ASCII digits exactly, without a sign, a space around it or a leading
zero (thousands may be set apart as the console writes them), by the one parser the command
line, the console and the phone share: ``count Rossi=-0`` and ``" 4100 "`` are refused."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from tdhelpers.floor_pins import FLOOR_PIN
from textual.app import App, ComposeResult

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_typed
from tdconsole.serve.floor import actions
from tdconsole.serve.floor.core import Floor
from tdconsole.service import Tournament
from tdconsole.ui.dialogs.counts import CountRows, count_id

REFUSED = ["-0", " 4100 ", "4100 ", " 4100", "+5", "04100", "00", "4 1000", "4  100", "٤", "4_100"]
ACCEPTED = {"0": 0, "4100": 4100, "4 100": 4100, "4\u00a0100": 4100, "1 000 000": 10**6}


@pytest.mark.parametrize("typed", REFUSED)
def test_a_count_with_a_sign_padding_or_another_digit_is_refused(typed: str) -> None:
    with pytest.raises(RuleError, match="is not a count of chips: write it with the digits"):
        chips_typed(typed, "Rossi")


@pytest.mark.parametrize(("typed", "chips"), ACCEPTED.items())
def test_a_count_as_the_console_writes_it_is_read(typed: str, chips: int) -> None:
    assert chips_typed(typed, "Rossi") == chips


def test_a_negative_count_is_said_as_a_decision() -> None:
    with pytest.raises(RuleError, match="cannot be negative") as refused:
        chips_typed("-100", "Rossi")
    assert refused.value.article == "VII.1"


def player(event: Path) -> tuple[str, int | None]:
    service = Tournament.open(event)
    try:
        first = service.state.in_players()[0]
        return first.name, first.chips
    finally:
        service.close()


@pytest.mark.parametrize("typed", ["-0", " 4100 "])
def test_the_command_line_refuses_them(event: Path, typed: str) -> None:
    name, chips = player(event)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(["--event", str(event), "--lang", "en", "count", f"{name}={typed}"])
    assert code == 2 and "is not a count of chips" in err.getvalue(), err.getvalue()
    assert player(event) == (name, chips)


@pytest.mark.parametrize("typed", ["-0", " 4100 ", 4100.0])
def test_the_phone_refuses_them(floor: Floor, event: Path, typed: object) -> None:
    name, chips = player(event)
    session, _cookie = floor.sign_in(FLOOR_PIN, "Anna", "10.0.0.2")
    with pytest.raises(RuleError, match="is not a count of chips"):
        actions.count(floor, session, {"name": name, "chips": typed}, "en", "10.0.0.2")
    assert player(event) == (name, chips)


class _Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield CountRows(["Rossi"], {"Rossi": None}, {}, id="counts")


@pytest.mark.parametrize("typed", ["-0", " 4100 "])
async def test_the_consoles_count_field_refuses_them(typed: str) -> None:
    app = _Rows()
    async with app.run_test() as pilot:
        rows = app.query_one("#counts", CountRows)
        field = app.query_one(f"#{count_id(0)}")
        field.value = typed  # type: ignore[attr-defined]
        await pilot.pause()
        with pytest.raises(RuleError, match="is not a count of chips"):
            rows.counts()
        assert rows.counts(partial=True) == {}
        field.value = "4 100"  # type: ignore[attr-defined]
        assert rows.counts() == {"Rossi": 4100}
