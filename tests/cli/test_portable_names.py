"""An event's name typed to ``new`` (and on the start screen: tests/ui/test_start_screen.py)
is checked as Windows would take it for a file, by ``pathvalidate``'s rules for every system:
``? * < > | " :``, the devices' names (``CON``, ``NUL``, ``COM1``…), a trailing dot or space,
a name too long. One line that says what to do; nothing made."""

from __future__ import annotations

import pytest

from tdconsole.cli import main
from tdconsole.store.paths import events_dir


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Serata?", "'Serata?.tdc' has '?', which Windows refuses in a name: leave it out"),
        ("Finale: sabato", "has ':', which Windows refuses in a name: leave it out"),
        ("C:serata", "'C:serata.tdc' has ':'"),  # Windows: serata in drive C's current folder
        ('Il "Torneo"', "has '\"', which Windows refuses in a name"),
        ("CON", "'CON.tdc' is a name Windows keeps for a device: choose another name"),
        ("nul.tdc", "'nul.tdc' is a name Windows keeps for a device"),
        ("com1", "is a name Windows keeps for a device"),
        ("Serata.", "'Serata.' ends in a dot or a space, which Windows drops from a name"),
        ("x" * 300, "is longer than a file's name can be: shorten it"),
    ],
    ids=["question", "colon", "drive", "quotes", "con", "nul", "com1", "dot", "long"],
)
def test_a_name_windows_refuses_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], typed: str, said: str
) -> None:
    assert main(["--lang", "en", "new", typed]) == 2
    out, err = capsys.readouterr()
    assert out == "" and said in err and err.count("\n") == 1, err
    assert not events_dir().exists() or list(events_dir().iterdir()) == []


def test_a_name_every_system_takes_is_made(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "new", "Serata d'autunno – Łódź 2026"]) == 0
    assert (events_dir() / "Serata d'autunno – Łódź 2026.tdc").is_file()
