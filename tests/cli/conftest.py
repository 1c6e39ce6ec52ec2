"""Command-line fixtures: events made through the command line itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.command_line import run_typed


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """24 players, paid, drawn and started (shipped settings: Italian)."""
    path = str(tmp_path / "demo.tdc")
    assert run_typed(capsys, "demo", path, "--no-open")[0] == 0
    return path
