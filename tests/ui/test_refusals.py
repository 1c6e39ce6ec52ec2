"""Refusals in the console name its keys and fields, never the command line's syntax; the
command line's own text is left as it is."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _, translation
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.refusals import console_text, console_words

from .test_actions import SIZE, messages, svc

PACKAGE = Path(__file__).resolve().parents[2] / "tdconsole"
COMMAND_LINE = re.compile(r"`|--[a-z]|\bclock (?:next|add|sub|set|announce)\b")


def marked(node: ast.expr) -> str | None:
    """The English of a message marked for translation (``_("...")``, maybe ``.format``-ed)."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        node = node.func.value
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext"):
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


def rendered(node: ast.expr) -> str | None:
    """A message as written, each value formatted into it shown as ``X``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = rendered(node.left), rendered(node.right)
        return None if left is None or right is None else left + right
    return "X"


def refusals() -> list[tuple[str, str]]:
    """Every refusal the console may show (the domain, the rules, the reports), in English and
    as the Italian catalogue says it."""
    italian = translation("it")
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name in ("ui", "cli") or "ui" in path.parts[len(PACKAGE.parts) :]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError"):
                continue
            texts: list[str | None] = []
            if node.args and (english := marked(node.args[0])) is not None:
                texts += [english, italian.gettext(english)]
            elif node.args:
                texts.append(rendered(node.args[0]))
            texts += [rendered(k.value) for k in node.keywords if k.arg == "it"]
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            found += [(where, text) for text in texts if text]
    return found


def test_the_scan_finds_the_refusals_that_name_the_command_line() -> None:
    found = [text for _, text in refusals() if COMMAND_LINE.search(text)]
    assert len(found) > 30
    assert any("--declined" in text for text in found)


@pytest.mark.parametrize(("where", "text"), refusals())
def test_no_refusal_keeps_command_line_syntax_in_the_console(where: str, text: str) -> None:
    words = console_words(text)
    assert not COMMAND_LINE.search(words), (where, words)


def test_the_second_stack_refusal_names_the_keys_and_the_command_line_keeps_its_own() -> None:
    refusal = RuleError(
        _(
            "{name} may still take the second stack of {amount} chips (table {table}'s average): "
            "record `dote {name} --stack 0`, or add --declined if he declines it"
        ).format(name="Rossi", amount=4000, table=1),
        "III.2",
    )
    assert "`dote Rossi --stack 0`" in refusal.text("it") and "--declined" in str(refusal)
    assert console_text(refusal, "it").endswith(
        "dagliela con d (Rossi), oppure premi ctrl+r nell'eliminazione se la rifiuta (Art. III.2)"
    )
    assert console_text(refusal, "en").endswith(
        "give it to Rossi with d, or press ctrl+r in the elimination if he declines it (Art. III.2)"
    )


async def test_an_elimination_refused_says_d_or_ctrl_r(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e", "enter")  # Moretti may still take the second stack
        await pilot.pause()
        assert svc(app).state.find("Moretti").status == "in"  # type: ignore[union-attr]
        said = [m for m in messages(app) if "seconda dote" in m]
        assert said, messages(app)
        assert "con d (Moretti), oppure premi ctrl+r" in said[-1]
        assert not COMMAND_LINE.search(said[-1])
