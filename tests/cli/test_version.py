"""``tdconsole --version`` prints the version the package was built with (pyproject.toml
reads it from ``tdconsole.__version__``)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import tdconsole


def test_version_prints_the_packages_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tdconsole", "--lang", "en", "--version"],
        capture_output=True,
        text=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"tdconsole {version('tdconsole')}\n",
        "",
    )
    assert version("tdconsole") == tdconsole.__version__
