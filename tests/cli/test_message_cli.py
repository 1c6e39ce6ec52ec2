"""`tdconsole message TEXT [--minutes N]`, `message --clear`, `--json`; `state --json` adds
the message shown; refusals in one line, nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import jrun, run


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "m.tdc")
    assert run(capsys, "new", path, "--name", "Serata")[0] == 0
    return path


def test_a_message_until_cleared(capsys: pytest.CaptureFixture[str], event: str) -> None:
    code, out, err = run(capsys, "--event", event, "message", "  Dinner is served ")
    assert code == 0, err
    assert out == (
        "message to the room: Dinner is served\n"  # the summary, then until when
        "on every screen of the room until cleared: Dinner is served\n"
    )
    assert jrun(capsys, "--event", event, "state")["message"] == {
        "text": "Dinner is served",
        "until": None,
    }
    code, out, err = run(capsys, "--event", event, "message", "--clear")
    assert (code, out) == (0, "message to the room cleared\n"), err
    assert jrun(capsys, "--event", event, "state")["message"] is None
    events = jrun(capsys, "--event", event, "log")["events"]
    assert [e["type"] for e in events[-4:]] == [
        "command",
        "message_shown",
        "command",
        "message_cleared",
    ]


def test_minutes_and_json(capsys: pytest.CaptureFixture[str], event: str) -> None:
    document = jrun(capsys, "--event", event, "message", "Table 3 closes", "--minutes", "15")
    until = document["message"]["until"]
    assert document["message"]["text"] == "Table 3 closes" and until.endswith("+00:00")
    code, out, err = run(capsys, "--event", event, "message", "[red]Bob", "--minutes", "5")
    assert code == 0, err
    assert out.startswith("message to the room: [red]Bob\non every screen of the room until ")
    assert out.endswith(": [red]Bob\n")
    assert jrun(capsys, "--event", event, "message", "--clear") == {"message": None}
    code, _, err = run(capsys, "--event", event, "undo")
    assert code == 0, err
    assert jrun(capsys, "--event", event, "state")["message"]["text"] == "[red]Bob"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["message", "x", "--minutes", "0"], "give 1 to 240 minutes"),
        (["message", "x", "--minutes", "300"], "give 1 to 240 minutes"),
        (["message", "x" * 201], "more than 200: shorten it (Art. VII.1)"),
        (["message", "a\x1b[2Jb"], "retype it on one line (Art. VII.1)"),
        (["message", "   "], "Message: give it (Art. VII.1)"),
        (["message"], "or --clear"),
        (["message", "x", "--clear"], "or --clear"),
        (["message", "--clear"], "nothing to clear"),
    ],
)
def test_refusals_in_one_line_change_nothing(
    capsys: pytest.CaptureFixture[str], event: str, argv: list[str], said: str
) -> None:
    before = len(jrun(capsys, "--event", event, "log")["events"])
    code, out, err = run(capsys, "--event", event, *argv)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and err.count("\n") == 1 and said in err
    assert "\x1b" not in err
    assert len(jrun(capsys, "--event", event, "log")["events"]) == before


def test_the_floor_may_not_speak_to_the_room(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, _, err = run(capsys, "--event", event, "--as", "Anna", "message", "Dinner")
    assert code == 2 and "only the Director" in err and "(Art. VII.1)" in err
