"""``python -m bench`` runs every bench script in ``bench/``: its list names each file that has a
``main()`` (the scripts) and nothing else, and the shared modules have none. Read from the
sources: no bench runs here."""

from __future__ import annotations

import ast
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _tuple_of(tree: ast.Module, name: str) -> tuple[str, ...]:
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError(f"bench/__main__.py has no {name}")


def _has_main(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(n, ast.FunctionDef) and n.name == "main" for n in tree.body)


def test_the_runner_lists_every_bench_script_present() -> None:
    runner = ast.parse((BENCH / "__main__.py").read_text(encoding="utf-8"))
    scripts, helpers = _tuple_of(runner, "SCRIPTS"), _tuple_of(runner, "HELPERS")
    present = {p.stem for p in BENCH.glob("*.py") if p.name not in ("__main__.py", "__init__.py")}
    assert len(set(scripts)) == len(scripts)
    assert set(scripts) | set(helpers) == present
    assert {name for name in present if _has_main(BENCH / f"{name}.py")} == set(scripts)
