"""Imports live at the top of each module. An import inside a function is kept only where it
pays for start-up, and then says why on the line above it (or at its end):

    # lazy: fpdf2 is heavy, and only a PDF needs it
    from tdconsole.reports.pdf import render

A comment starting ``lazy:`` with its reason (a few words: what waits for the import, or who
does without it) covers the imports right below it; the figures are the bench's. The modules'
imports without one are listed here exactly, so the list can only shrink: a new one fails, a
fixed one must go from the list.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tdconsole"
REASON = re.compile(r"#\s*lazy:(\s+\S+){3}")

KNOWN_UNEXPLAINED: dict[str, int] = {}


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
    """The import at ``lineno`` (1-based) carries a ``lazy:`` comment with its reason, at its
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


def test_a_lazy_import_is_explained_only_with_its_reason() -> None:
    source = (
        "def f():\n"
        "    # lazy: reportlab, which only the PDF needs\n"
        "    from a import b\n"
        "    import c\n"
        "    x = 1\n"
        "    import d\n"
        "    import e  # lazy: only Windows asks it\n"
        "    # lazy: because\n"
        "    import g\n"
    )
    lines = source.splitlines()
    assert inner_imports(source) == [3, 4, 6, 7, 9]
    assert [explained(lines, n) for n in inner_imports(source)] == [True, True, False, True, False]


def test_imports_inside_functions_say_what_they_save() -> None:
    found = unexplained()
    new = {k: v for k, v in found.items() if v > KNOWN_UNEXPLAINED.get(k, 0)}
    assert new == {}, "move these imports to the top, or say in a lazy: comment why they wait"
    fixed = {k: v for k, v in KNOWN_UNEXPLAINED.items() if found.get(k, 0) < v}
    assert fixed == {}, "fewer now: lower or drop them in KNOWN_UNEXPLAINED"
