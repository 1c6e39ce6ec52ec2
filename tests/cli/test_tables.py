"""`tables`: what a player may ask before acting, for every table (Art. VII.7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tdconsole.cli import main


def test_tables_show_second_stacks_and_amounts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = str(tmp_path / "demo.tdc")
    assert main(["demo", event, "--no-open"]) == 0
    assert main(["--event", event, "dote", "Moretti", "--stack", "0"]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "--event", event, "tables"]) == 0
    out = capsys.readouterr().out
    assert "chips 36 000 · second stack now 4 500" in out  # 36 000 / 8 (III.3)
    line = next(row for row in out.splitlines() if "Moretti" in row)
    assert "second stack 4 000" in line
    assert main(["--event", event, "tables", "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)["tables"]
    assert [t["second_stack_now"] for t in tables] == [4500, 4000, 4000]
    assert main(["--event", event, "tables"]) == 0
    assert "seconda dote ora 4 500" in capsys.readouterr().out
