"""A failed automatic backup is said after the command, which itself still succeeds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.cli import main


def test_failed_backup_is_reported_not_fatal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    event = str(tmp_path / "e.tdc")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the backup folder should be", encoding="utf-8")
    assert main(["--lang", "en", "new", event]) == 0
    assert main(["--lang", "en", "--event", event, "set", "every=1", f"folder={blocker}"]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "--event", event, "register", "Anna"]) == 0
    out, err = capsys.readouterr()
    assert out == "register Anna\n"
    assert err.startswith("warning: the automatic backup failed: ")
    assert main(["--event", event, "register", "Bruno"]) == 0
    assert "il backup automatico non è riuscito" in capsys.readouterr().err
