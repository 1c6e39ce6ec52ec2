"""A ruling's decision is kept whole in ``tdconsole log`` (and in its summary, in any
language), not cut after its first words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main

DECISION = "Chip race at table 2: the odd chips go to seat 3, then the lowest card decides the rest"


@pytest.mark.parametrize(("lang", "word"), [("en", "ruling"), ("it", "decisione")])
def test_the_log_keeps_a_ruling_s_decision_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, word: str
) -> None:
    event = str(tmp_path / "e.tdc")
    assert main(["new", event, "--name", "Serata"]) == 0
    assert main(["--event", event, "ruling", "--text", DECISION]) == 0
    capsys.readouterr()
    assert main(["--lang", lang, "--event", event, "log"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n").splitlines()[-1].endswith(f": {word}: {DECISION}")
