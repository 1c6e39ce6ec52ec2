"""The core never imports the UI (house style, after harlequin): each core package is imported
in a fresh interpreter and neither textual nor rich may appear in sys.modules."""

from __future__ import annotations

import pytest
from tdhelpers.support import printed_by_python


@pytest.mark.parametrize(
    "module",
    [
        "tdconsole.domain",
        "tdconsole.store",
        "tdconsole.rules",
        "tdconsole.service",
        "tdconsole.cli.core_cmds",
        "tdconsole.cli.read_cmds",
        "tdconsole.season",
        "tdconsole.season.formulas",
        "tdconsole.season.seasonfile",
        "tdconsole.season.results",
        "tdconsole.season.standings",
        "tdconsole.season.load",
        "tdconsole.cli.season_cmds",
        "tdconsole.cli.season_show",
        "tdconsole.cli.season_edit",
        "tdconsole.cli.season_people",
        "tdconsole.reports.season",
    ],
)
def test_core_imports_no_ui(module: str) -> None:
    code = (
        f"import importlib, sys\nimportlib.import_module({module!r})\n"
        "print(','.join(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    out = printed_by_python(code)
    assert out.strip() == "", f"{module} pulls in {out.strip()}"


def test_importing_the_package_opens_nothing(tmp_path: object) -> None:
    """No files, folders or connections at import time."""
    code = (
        "import os, sqlite3\nopened = []\nreal = sqlite3.connect\n"
        "sqlite3.connect = lambda *a, **k: opened.append(a) or real(*a, **k)\n"
        "import tdconsole.domain, tdconsole.store, tdconsole.service, tdconsole.cli\n"
        "import tdconsole.season.load, tdconsole.cli.season_cmds\n"
        "print(len(opened))"
    )
    out = printed_by_python(code)
    assert out.strip() == "0"
