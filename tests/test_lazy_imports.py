"""Imports live at the top of each module (issue 26). An import inside a function is kept only
where it measurably pays for start-up, and then says so on the line above it (or at its end):

    # lazy: reportlab is 140 ms of every other command's start-up
    from tdconsole.reports.pdf import write_pdf

A comment starting ``lazy:`` with a figure in ms covers the imports right below it. The
modules' imports without one are listed here exactly, so the list can only shrink: a new one
fails, a fixed one must go from the list.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tdconsole"
REASON = re.compile(r"#\s*lazy:.*\d\s*ms\b")

KNOWN_UNEXPLAINED: dict[str, int] = {
    "tdconsole/serve/__init__.py": 2,
    "tdconsole/serve/app.py": 2,
    "tdconsole/serve/floor/__init__.py": 1,
    "tdconsole/serve/floor/actions.py": 9,
    "tdconsole/serve/floor/core.py": 1,
    "tdconsole/serve/floor/view.py": 3,
    "tdconsole/serve/limits.py": 1,
    "tdconsole/serve/room.py": 6,
    "tdconsole/serve/watch.py": 1,
}


def inner_imports(source: str) -> list[int]:
    """The line numbers of the imports inside functions (at any depth)."""
    found: list[int] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if inside and isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child.lineno)
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(ast.parse(source), False)
    return found


def explained(lines: list[str], lineno: int) -> bool:
    """The import at ``lineno`` (1-based) carries a ``lazy:`` comment with its figure, at its
    end or above it (above a run of imports, which it covers)."""
    if REASON.search(lines[lineno - 1]):
        return True
    index = lineno - 2
    while index >= 0:
        text = lines[index].strip()
        if text.startswith("#"):
            if REASON.search(text):
                return True
            if "lazy:" in text:
                return False
            index -= 1
            continue
        if text.startswith(("import ", "from ")) or text in (")", ""):
            index -= 1
            continue
        if text.endswith(",") or text.endswith("("):  # inside a parenthesised import
            index -= 1
            continue
        return False
    return False


def unexplained() -> dict[str, int]:
    counts: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        missing = sum(1 for n in inner_imports(source) if not explained(lines, n))
        if missing:
            counts[path.relative_to(ROOT).as_posix()] = missing
    return counts


def test_a_lazy_import_is_explained_only_with_its_figure() -> None:
    source = (
        "def f():\n"
        "    # lazy: reportlab, 140 ms of start-up\n"
        "    from a import b\n"
        "    import c\n"
        "    x = 1\n"
        "    import d\n"
        "    import e  # lazy: 12 ms\n"
        "    # lazy: because\n"
        "    import g\n"
    )
    lines = source.splitlines()
    assert inner_imports(source) == [3, 4, 6, 7, 9]
    assert [explained(lines, n) for n in inner_imports(source)] == [True, True, False, True, False]


def test_imports_inside_functions_say_what_they_save() -> None:
    found = unexplained()
    new = {k: v for k, v in found.items() if v > KNOWN_UNEXPLAINED.get(k, 0)}
    assert new == {}, "move these imports to the top, or say with a figure why they wait"
    fixed = {k: v for k, v in KNOWN_UNEXPLAINED.items() if found.get(k, 0) < v}
    assert fixed == {}, "fewer now: lower or drop them in KNOWN_UNEXPLAINED"
