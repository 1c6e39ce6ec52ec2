"""What differs between systems is decided in ``ALLOWED`` alone: nowhere else does the package
read the system's name (``sys.platform``, ``os.name``, ``platform.system()``), import a module
one system alone has, or call ``os.startfile``. The faces ask those modules a question ("does
this system print through the document's program?", "the descriptor limit")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGE = ROOT / "tdconsole"

ALLOWED = ("tdconsole/store/system.py", "tdconsole/drives.py")
"""The modules that hold the package's branches by system (``drives``: the domain's one
question, as the domain may not import the store)."""

ONE_SYSTEM_MODULES = frozenset(
    {"resource", "fcntl", "pwd", "grp", "termios", "msvcrt", "winreg", "_winapi", "nt", "posix"}
)
NAMES = {("sys", "platform"), ("os", "name"), ("platform", "system"), ("os", "startfile")}


def branches(source: str) -> list[str]:
    """Each place in ``source`` that decides by system: ``line: what``. The system's name
    shown inside an f-string (a crash report's) decides nothing and is not one."""
    tree = ast.parse(source)
    shown = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue)
        for inner in ast.walk(node)
    }
    found: list[str] = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in NAMES and id(node) not in shown:
                what = f"{node.value.id}.{node.attr}"
        elif isinstance(node, ast.Import):
            what = next((a.name for a in node.names if a.name in ONE_SYSTEM_MODULES), None)
        elif isinstance(node, ast.ImportFrom):
            names = {(node.module, alias.name) for alias in node.names}
            if node.module in ONE_SYSTEM_MODULES or names & NAMES:
                what = f"from {node.module} import ..."
        elif isinstance(node, ast.Call) and node.args:
            first = node.args[0]
            called = node.func.attr if isinstance(node.func, ast.Attribute) else None
            if called == "import_module" and isinstance(first, ast.Constant):
                what = first.value if first.value in ONE_SYSTEM_MODULES else None
        if what is not None:
            found.append(f"{node.lineno}: {what}")
    return found


def test_no_branch_by_system_outside_the_allowed_modules() -> None:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name not in ALLOWED:
            where = branches(path.read_text(encoding="utf-8"))
            if where:
                found[name] = where
    assert found == {}, "ask store/system.py (or drives.py) instead"


def test_each_allowed_module_holds_a_branch() -> None:
    for name in ALLOWED:
        assert branches((ROOT / name).read_text(encoding="utf-8")), name


@pytest.mark.parametrize(
    "source",
    [
        "import sys\nWINDOWS = sys.platform == 'win32'\n",
        "import os\nif os.name == 'nt':\n    pass\n",
        "import platform\nMAC = platform.system() == 'Darwin'\n",
        "import os\nos.startfile('a.pdf', 'print')\n",
        "import resource\n",
        "from fcntl import flock\n",
        "from sys import platform\n",
        "import importlib\nimportlib.import_module('resource')\n",
    ],
)
def test_each_kind_of_branch_is_seen(source: str) -> None:
    assert branches(source)


def test_the_system_named_in_a_report_is_no_branch() -> None:
    assert branches("import sys\nline = f'Python on {sys.platform}'\n") == []
