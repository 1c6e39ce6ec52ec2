"""``python -m bench`` runs every bench script in ``bench/``: its list names each file that has a
``main()`` (the scripts) and nothing else, and the shared modules have none. Read from the
sources: no bench runs here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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


FAKE_BENCH = """
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Figure:
    value: float


def main() -> dict[str, object]:
    scratch = Path(tempfile.mkdtemp(prefix="forgotten-"))
    (scratch / "left.txt").write_text("x")
    data = Path(os.environ["TDCONSOLE_DATA_DIR"])
    data.mkdir(parents=True)
    (data / "backup.tdc").write_text("x")
    return {"value": Figure(1.5).value, "scratch": str(scratch), "data": str(data)}
"""


def test_a_bench_runs_under_its_package_name_and_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bench with a dataclass (serve's kind) runs in the runner's fresh process, and what it
    writes, even into a temporary folder it forgets, lands outside the checkout and is removed."""
    import importlib

    runner = importlib.import_module("bench.__main__")
    checkout = tmp_path / "checkout"
    (checkout / "bench").mkdir(parents=True)
    (checkout / "bench" / "fake.py").write_text(FAKE_BENCH, encoding="utf-8")
    monkeypatch.setattr(runner, "ROOT", checkout)
    result = runner.run_script("fake", timeout=120)
    assert result is not None and "error" not in result, result
    assert result["value"] == 1.5
    for written in (Path(result["scratch"]), Path(result["data"])):
        assert checkout not in written.parents
        assert not written.exists()
    assert sorted(p.name for p in checkout.rglob("*") if "__pycache__" not in p.parts) == [
        "bench",
        "fake.py",
    ]
