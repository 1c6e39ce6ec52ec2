"""The command line run in-process, as the tests call it: in English, its exit code and what
it printed."""

from __future__ import annotations

import pytest

from tdconsole.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``tdconsole --lang en ARGV``: its exit code, standard output and standard error."""
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err
