"""Every refusal of the core, the store, the rulebooks, the reports and the command line is a
message marked for translation (``_()``, ``ngettext()``...), so the catalogues say it in every
language (``tests/i18n`` checks they do), and so are the calculators' explanations."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tdconsole
from tdconsole.domain import clock
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _

PACKAGE = Path(tdconsole.__file__).parent

# Files whose refusals are still English only; each is named, so a new file is checked from
# the start.
ENGLISH_ONLY: set[str] = set()

# The refusal types: RuleError and its subclasses.
ERRORS = {"RuleError", "StoreError"}

# Where refusals are written: every module of these packages, and the service.
CHECKED = ("domain", "cli", "store", "rules", "reports", "season", "service")


def _rule_error_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in ERRORS)
            or (isinstance(node.func, ast.Attribute) and node.func.attr in ERRORS)
        )
    ]


MARKS = {"_", "ngettext", "pgettext", "npgettext"}


def _marked(node: ast.expr) -> bool:
    """``_("...")``, or ``_("...").format(...)``: a message marked for translation."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
    ):
        node = node.func.value
    return isinstance(node, ast.Call) and getattr(node.func, "id", "") in MARKS


def _italian_problems(path: Path) -> list[str]:
    problems = []
    for call in _rule_error_calls(path):
        where = f"{path.parent.name}/{path.name}:{call.lineno}"
        name = call.func.id if isinstance(call.func, ast.Name) else ast.unparse(call.func)
        name = name.rpartition(".")[2]
        if any(k.arg == "it" for k in call.keywords):
            problems.append(f"{where}: {name} with it=: mark the message with _() instead")
        elif call.args and not _marked(call.args[0]) and not isinstance(call.args[0], ast.Name):
            problems.append(f"{where}: {name} with a message not marked for translation")
    return problems


def _checked_files() -> list[Path]:
    files = [f for folder in CHECKED for f in sorted((PACKAGE / folder).glob("*.py"))]
    return [f for f in files if f.relative_to(PACKAGE).as_posix() not in ENGLISH_ONLY]


def test_every_refusal_has_its_italian() -> None:
    checked = _checked_files()
    calls = sum(len(_rule_error_calls(f)) for f in checked)
    assert calls > 180  # the walk really sees the call sites
    for folder in ("store", "rules", "reports"):  # ... in every package it names
        assert any(_rule_error_calls(f) for f in checked if f.parent.name == folder), folder
    problems = [p for f in checked for p in _italian_problems(f)]
    assert problems == []


def test_the_exemptions_are_still_needed() -> None:
    """A file that has its Italian leaves ENGLISH_ONLY."""
    for name in ENGLISH_ONLY:
        assert _italian_problems(PACKAGE / name), f"{name} has its Italian: drop its exemption"


def test_the_check_catches_a_message_left_in_english(tmp_path: Path) -> None:
    source = (
        "from tdconsole.domain.errors import RuleError\n"
        "from tdconsole.i18n import _\n"
        "def f(x: int) -> None:\n"
        "    raise RuleError(f'{x} is wrong', 'I.1')\n"
        "def g(x: int) -> None:\n"
        "    raise RuleError(f'{x} is wrong', it=f'{x} è sbagliato')\n"
        "def h(x: int) -> None:\n"
        "    raise RuleError(_('{x} is wrong').format(x=x), 'I.1')\n"
        "def k(x: int) -> None:\n"
        "    raise StoreError(str(x))\n"
    )
    target = tmp_path / "probe.py"
    target.write_text(source, encoding="utf-8")
    assert _italian_problems(target) == [
        f"{tmp_path.name}/probe.py:4: RuleError with a message not marked for translation",
        f"{tmp_path.name}/probe.py:6: RuleError with it=: mark the message with _() instead",
        f"{tmp_path.name}/probe.py:10: StoreError with a message not marked for translation",
    ]


def test_text_gives_the_chosen_language_with_the_article() -> None:
    error = RuleError(_("{name} has already paid the entry fee").format(name="Anna"), "I.2")
    assert error.text("it") == "Anna ha già versato la quota d'iscrizione (Art. I.2)"
    assert error.text("en") == "Anna has already paid the entry fee (Art. I.2)"
    assert str(error) == "Anna has already paid the entry fee (Art. I.2)"
    assert error.message == "Anna has already paid the entry fee" and error.article == "I.2"


def test_a_message_without_article_or_translation_falls_back_to_english() -> None:
    assert RuleError(_("nothing to undo")).text("it") == "niente da annullare"
    assert RuleError(_("a message no catalogue has")).text("it") == "a message no catalogue has"
    assert RuleError(_("nothing to undo"), "VII.1").text("it") == "niente da annullare (Art. VII.1)"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_domain_refusals_carry_both_languages(lang: str) -> None:
    with pytest.raises(RuleError) as refused:
        clock.parse_mmss("9x:00")
    text = refused.value.text(lang)
    assert text.startswith("'9x:00'")
    assert ("non è un tempo" in text) == (lang == "it")
    assert ("is not a time" in text) == (lang == "en")


def test_big_blind_advice_is_italian_too() -> None:
    with pytest.raises(RuleError) as refused:
        clock.Structure.build(first_bb=110, stack=10_000)
    assert refused.value.text("it") == (
        "Il primo grande buio deve essere un multiplo positivo di 50 (il doppio del gettone più "
        "piccolo, 25) perché il piccolo buio ne sia la metà: 110 non lo è; prova 100 o 150. "
        "(Art. 2.3)"
    )
    assert "try 100 or 150." in str(refused.value)


def test_clock_warnings_in_italian() -> None:
    structure = clock.Structure.build(first_bb=100, stack=10_000)
    index = structure.index_of_level(11)
    warnings = structure.warnings(index, chips_in_play=240_000, players_in=3)
    english = [w.text("en") for w in warnings]
    italian = [w.text("it") for w in warnings]
    assert len(english) == len(italian) > 0
    assert any("supera lo stack medio" in w for w in italian)
    assert any("supera la metà dei gettoni in gioco" in w for w in italian)
    assert not set(english) & set(italian)
