"""Textual's private parts are reached from two modules alone: the console's
(``tdconsole/ui/textual_reach.py``) and the tests' (``tests/ui/textual_reach.py``). What they
reach is listed here (``REACHED``): on an upgrade of Textual, each of these names is what to
check in the new version's source.

A private part is a name with a leading underscore that Textual defines (a module, a function, a
method, an attribute), read off an object (``app._notifications``), imported
(``textual._compositor``), named in a string (a method patched by its name), or defined again
by a class of the console that builds on Textual's (an override). The console's own private
names are its own: a name the console defines is not Textual's, unless a class of the console
that builds on Textual's defines it over Textual's (caught by the last test)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import textual

import tdconsole.ui

ROOT = Path(__file__).resolve().parents[2]
WRAPPERS = {ROOT / "tdconsole/ui/textual_reach.py", ROOT / "tests/ui/textual_reach.py"}
UI = (ROOT / "tdconsole/ui", ROOT / "tests/ui")
IMPORTS_TEXTUAL = re.compile(r"^\s*(?:from|import)\s+textual\b", re.MULTILINE)
"""Where Textual's objects are; elsewhere, a module that imports Textual."""

REACHED = {
    "tdconsole/ui/textual_reach.py": [
        "_NO_MATCHES",
        "_NO_MATCHES_COUNTDOWN",
        "_background_screens",
        "_bindings",
        "_bindings_ready",
        "_check_refresh",
        "_close_messages_no_wait",
        "_compositor",
        "_compositor_refresh",
        "_css_update_count",
        "_dirty_regions",
        "_disabled",
        "_extend_compose",
        "_fatal_error",
        "_get_breakpoint_classes",
        "_handle_exception",
        "_list_visible",
        "_no_matches_timer",
        "_notifications",
        "_refresh_notifications",
        "_render_chops",
        "_repaint_required",
        "_screen_resized",
        "_selected",
        "_size_updated",
        "_start_no_matches_countdown",
        "_stop_no_matches_countdown",
        "_unnotify",
        "textual.widgets._footer",
        "textual.widgets._toast",
    ],
    "tests/ui/textual_reach.py": [
        "_background_screens",
        "_bindings",
        "_character_to_key",
        "_complete_event",
        "_compositor",
        "_compositor_refresh",
        "_context",
        "_dirty_regions",
        "_driver",
        "_exception_event",
        "_get_unicode_name_from_key",
        "_interval",
        "_layout_widgets",
        "_on_timer_update",
        "_post_mount",
        "_refresh_layout",
        "_screen_resized",
        "_wait_for_screen",
        "textual._compositor",
        "textual._context",
        "textual.widgets._footer",
    ],
}
"""Every private part of Textual in use, by the module that reaches it."""


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text("utf-8"))


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


DEFINED = re.compile(
    r"(?:def|class)\s+(_\w+)"  # a function, a method, a class
    r"|\.(_\w+)\s*(?::[^\n=]*)?=(?!=)"  # an attribute set on an object
    r"|^\s*(_\w+)\s*(?::[^\n=]*)?=(?!=)",  # a name assigned
    re.MULTILINE,
)


def defined_names(text: str) -> set[str]:
    """The private names a module's text defines: its functions, methods and classes, the
    names it assigns, and the attributes it sets on an object (read from the text: a name it
    takes for one only widens what is counted as defined)."""
    return {name for found in DEFINED.findall(text) for name in found if private(name)}


@cache
def textuals() -> frozenset[str]:
    """Every private name Textual defines (as installed)."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        names |= defined_names(path.read_text("utf-8"))
    return frozenset(names)


def our_files() -> Iterator[Path]:
    for folder in ("tdconsole", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "__snapshots__" not in path.parts:
                yield path


def with_textual(path: Path) -> bool:
    """The module handles Textual's objects: it is the console's or its tests', or imports
    Textual."""
    if any(path.is_relative_to(folder) for folder in UI):
        return True
    return IMPORTS_TEXTUAL.search(path.read_text("utf-8")) is not None


@cache
def ours() -> frozenset[str]:
    """The private names the console and its tests define (outside the two modules)."""
    names: set[str] = set()
    for path in our_files():
        if path not in WRAPPERS:
            names |= defined_names(path.read_text("utf-8"))
    return frozenset(names)


def reached(path: Path, theirs: frozenset[str]) -> Iterator[tuple[int, str]]:
    """Where the module reaches one of ``theirs`` or a private module of Textual's."""
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            module = node.module or ""
            if any(private(part) for part in module.split(".")):
                yield node.lineno, module
            for alias in node.names:
                if private(alias.name):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "textual" and any(private(part) for part in parts):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.Attribute) and node.attr in theirs:
            yield node.lineno, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in theirs:
            yield node.lineno, node.name
        elif isinstance(node, ast.Constant) and node.value in theirs:
            yield node.lineno, str(node.value)


def test_no_module_but_the_two_reaches_a_private_part_of_textual() -> None:
    theirs = textuals() - ours()
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in our_files()
        if path not in WRAPPERS and path != Path(__file__).resolve() and with_textual(path)
        for line, name in reached(path, theirs)
    ]
    assert found == [], "reach Textual's privates through a textual_reach module"


def test_the_privates_in_use_are_the_ones_listed() -> None:
    """A reach added or dropped is added to or dropped from ``REACHED``."""
    theirs = textuals()
    in_use = {
        str(path.relative_to(ROOT)): sorted({name for _line, name in reached(path, theirs)})
        for path in sorted(WRAPPERS)
    }
    assert in_use == REACHED


def test_every_reach_says_what_it_stands_in_for() -> None:
    """Each function and class of the two modules says why, and the public API it stands in
    for (or would, when Textual offers one)."""
    silent = []
    for path in sorted(WRAPPERS):
        for node in tree(path).body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                words = " ".join((ast.get_docstring(node) or "").split())
                if "stands in for" not in words.lower():
                    silent.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert silent == []


@cache
def own_privates(cls: type) -> frozenset[str]:
    """The private names a class's own body defines: methods, class attributes, and the
    attributes its methods set on ``self``."""
    try:
        module = tree(Path(inspect.getfile(cls)))
    except (OSError, TypeError):
        return frozenset()
    found = [
        node
        for node in ast.walk(module)
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__
    ]
    if not found:
        return frozenset()
    body = found[0]
    names = {
        name
        for item in body.body
        for name in (
            [item.name]
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            else [
                t.id
                for t in getattr(item, "targets", [getattr(item, "target", None)])
                if isinstance(t, ast.Name)
            ]
        )
        if private(name)
    }
    for node in ast.walk(body):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and private(node.attr)
        ):
            names.add(node.attr)
    return frozenset(names)


def test_no_class_of_the_console_defines_a_private_name_of_textuals_over_it() -> None:
    """A class built on one of Textual's that defines a private name Textual's defines
    overrides it (a method Textual calls, an attribute it keeps): only the console's reach
    module does, each one said there."""
    wrapper = "tdconsole.ui.textual_reach"
    over = []
    for info in pkgutil.walk_packages(tdconsole.ui.__path__, "tdconsole.ui."):
        if info.name == wrapper:
            continue
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not isinstance(cls, type) or cls.__module__ != info.name:
                continue
            bases = [b for b in cls.__mro__ if b.__module__.split(".")[0] == "textual"]
            theirs = set().union(*(own_privates(base) for base in bases))
            over.extend(f"{info.name}.{cls.__name__}.{n}" for n in own_privates(cls) & theirs)
    assert over == []
