"""The files a release and the hosted runners read say what the README says: the workflow runs
the README's test command as written for each system, and the README's install lines name the
wheel of this version."""

from __future__ import annotations

import re
from pathlib import Path

import tdconsole

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def block_lines(language: str) -> list[str]:
    """The lines of the README's code blocks in ``language``, each without its comment."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", README, re.MULTILINE | re.DOTALL)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()]


def test_the_workflow_runs_the_readmes_test_command_for_each_system() -> None:
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8")
    runs = re.findall(r"^\s*run: (.+)$", workflow, re.MULTILINE)
    for language in ("sh", "powershell"):
        tests = [line for line in block_lines(language) if line.endswith("pytest")]
        assert len(tests) == 1, language
        assert tests[0] in runs, f"the workflow does not run {tests[0]!r}"


def test_the_readmes_install_lines_name_this_versions_wheel() -> None:
    wheel = f"tdconsole-{tdconsole.__version__}-py3-none-any.whl"
    named = set(re.findall(r"tdconsole-[^\s`]+\.whl", README))
    assert named == {wheel}
    for language in ("sh", "powershell"):
        assert f"uv tool install {wheel}" in block_lines(language)
