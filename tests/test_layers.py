"""The house's shape, read from the imports themselves (top-level and inside functions).

- The domain's modules form a line: no import circle among them.
- A module's private names (``_name``) stay in it: nobody imports them (``_``, gettext, aside),
  nor does a test reach them (imported, as a module's attribute, or patched by name).
- The layers: the domain imports neither the store, nor the rules, nor the reports, nor the
  season, nor a face (cli, ui, serve), nor textual/rich; the store and the rules import no face.
- The console (ui) and the served pages (serve) import neither the other: the words they both
  say live in ``tdconsole.words``, which imports only ``tdconsole.i18n`` and the domain.
- docs/design.md's picture of the domain's line names every domain module, and its rows agree
  with the imports (a module imports only modules of the rows above it).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tdconsole"

FACES = ("tdconsole.cli", "tdconsole.ui", "tdconsole.serve")
NOT_FOR_THE_DOMAIN = (
    "tdconsole.store",
    "tdconsole.rules",
    "tdconsole.reports",
    "tdconsole.season",
    "tdconsole.service",
    *FACES,
    "textual",
    "rich",
)

# Private names shared across modules (none left); the list is exact, so it can only shrink:
# a new one fails, a fixed one must go.
KNOWN_PRIVATE_IMPORTS: set[tuple[str, str, str]] = set()


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


@cache
def import_statements(source: str) -> tuple[tuple[int, str | None, tuple[str, ...]], ...]:
    """Each import statement of a module's source, at the top or inside a function: (level,
    module, names), level -1 for ``import x, y``. Read once per source text (the tests of the
    layers read the whole package, each)."""
    found: list[tuple[int, str | None, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.append((-1, None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module, tuple(alias.name for alias in node.names)))
    return tuple(found)


def imports_of(name: str, path: Path, known: Iterable[str]) -> list[tuple[str, str | None]]:
    """(module, name) for every import in the file, at the top or inside a function; ``name``
    is None for ``import x``; ``from pkg import mod`` counts as importing ``pkg.mod``."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for level, module, names in import_statements(path.read_text(encoding="utf-8")):
        if level < 0:
            found.extend((alias, None) for alias in names)
            continue
        if level:
            base = package.split(".")[: len(package.split(".")) - level + 1]
            source = ".".join([*base, *([module] if module else [])])
        else:
            source = module or ""
        for alias in names:
            whole = f"{source}.{alias}"
            found.append((whole, None) if whole in known else (source, alias))
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {
        name: {target for target, _n in imports_of(name, path, mods)} for name, path in mods.items()
    }


def circles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules (or one that
    imports itself), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in edges:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def domain_graph() -> dict[str, set[str]]:
    whole = graph()
    return {
        name.rpartition(".")[2]: {t.rpartition(".")[2] for t in targets if t in whole and _dom(t)}
        - {name.rpartition(".")[2]}
        for name, targets in whole.items()
        if _dom(name)
    }


def _dom(name: str) -> bool:
    return name.startswith("tdconsole.domain.")


def test_a_fake_circle_is_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert circles({"a": {"a"}}) == [["a"]]


def test_imports_inside_functions_are_read(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from tdconsole.domain.play import _hidden\n")
    assert imports_of("tdconsole.domain.m", source, ()) == [("tdconsole.domain.play", "_hidden")]


def test_the_domain_has_no_import_circle() -> None:
    assert circles(domain_graph()) == []


def test_no_private_name_crosses_a_module() -> None:
    mods = modules()
    crossing = {
        (name, source, imported)
        for name, path in mods.items()
        for source, imported in imports_of(name, path, mods)
        if imported is not None
        and imported.startswith("_")
        and imported != "_"
        and source.startswith("tdconsole")
        and source != name
    }
    assert crossing - KNOWN_PRIVATE_IMPORTS == set(), "make these names public"
    assert KNOWN_PRIVATE_IMPORTS - crossing == set(), "fixed: drop them from the known list"
    assert not any(_dom(a) or _dom(b) or ".store" in b for a, b, _n in KNOWN_PRIVATE_IMPORTS)


def _crossing(prefixes: tuple[str, ...], forbidden: tuple[str, ...]) -> list[tuple[str, str]]:
    return sorted(
        (name, target)
        for name, targets in graph().items()
        if name.startswith(prefixes)
        for target in targets
        if any(target == f or target.startswith(f + ".") for f in forbidden)
    )


def test_the_domain_imports_no_other_layer() -> None:
    assert _crossing(("tdconsole.domain",), NOT_FOR_THE_DOMAIN) == []


def test_the_store_and_the_rules_import_no_face() -> None:
    assert _crossing(("tdconsole.store", "tdconsole.rules"), FACES) == []


def test_the_console_and_the_served_pages_import_neither_the_other() -> None:
    assert _crossing(("tdconsole.ui",), ("tdconsole.serve",)) == []
    assert _crossing(("tdconsole.serve",), ("tdconsole.ui",)) == []


WORDS_MAY_IMPORT = ("tdconsole.i18n", "tdconsole.domain", "tdconsole.words")


def foreign_to_the_words(edges: Mapping[str, Iterable[str]]) -> list[tuple[str, str]]:
    """(module, import) for each import of ``tdconsole.words`` beyond the i18n, the domain and
    the words themselves (a face, the reports, the service, textual...); the standard library
    aside."""
    return sorted(
        (name, target)
        for name, targets in edges.items()
        if name == "tdconsole.words" or name.startswith("tdconsole.words.")
        for target in targets
        if target.partition(".")[0] in ("tdconsole", "textual", "rich", "aiohttp")
        and not any(target == w or target.startswith(w + ".") for w in WORDS_MAY_IMPORT)
    )


def test_the_words_import_only_the_i18n_and_the_domain() -> None:
    assert "tdconsole.words.room" in graph()
    assert foreign_to_the_words(graph()) == []


def test_a_word_module_importing_a_face_is_found() -> None:
    edges = {
        "tdconsole.words.room": {"tdconsole.i18n", "tdconsole.domain.room", "typing"},
        "tdconsole.words.clock": {"tdconsole.ui.i18n", "tdconsole.reports.pdf", "rich.text"},
        "tdconsole.ui.voice": {"tdconsole.serve.room"},
    }
    assert foreign_to_the_words(edges) == [
        ("tdconsole.words.clock", "rich.text"),
        ("tdconsole.words.clock", "tdconsole.reports.pdf"),
        ("tdconsole.words.clock", "tdconsole.ui.i18n"),
    ]


def test_the_layer_rule_can_fail() -> None:
    edges = {"tdconsole.domain.x": {"tdconsole.store.reading", "textual.app"}}
    hits = [(n, t) for n, ts in edges.items() for t in ts if t.startswith(NOT_FOR_THE_DOMAIN)]
    assert len(hits) == 2


def picture_rows(text: str) -> list[list[str]]:
    """The rows of the domain's line in docs/design.md's "Layers" section: the fenced block
    after the line "The domain's line"; ``row N: a b c`` each."""
    section = text.split("## Layers", 1)[1]
    block = section.split("The domain's line", 1)[1].split("```", 2)[1]
    return [
        line.split(":", 1)[1].split() for line in block.splitlines() if re.match(r"\s*row", line)
    ]


def check_picture(rows: list[list[str]], edges: Mapping[str, set[str]]) -> list[str]:
    wrong: list[str] = []
    row_of = {name: i for i, row in enumerate(rows) for name in row}
    if missing := sorted(set(edges) - set(row_of)):
        wrong.append(f"not in the picture: {missing}")
    if extra := sorted(set(row_of) - set(edges)):
        wrong.append(f"no such module: {extra}")
    for name, targets in sorted(edges.items()):
        for target in sorted(targets):
            if name in row_of and target in row_of and row_of[target] >= row_of[name]:
                wrong.append(f"{name} imports {target}, which is not in a row above it")
    return wrong


def test_the_design_picture_matches_the_imports() -> None:
    rows = picture_rows((ROOT / "docs" / "design.md").read_text(encoding="utf-8"))
    edges = {name: targets for name, targets in domain_graph().items() if name != "domain"}
    assert check_picture(rows, edges) == []


def test_a_wrong_picture_is_found() -> None:
    edges = {"a": {"b"}, "b": set()}
    assert check_picture([["b"], ["a"]], edges) == []
    assert check_picture([["a"], ["b"]], edges) == ["a imports b, which is not in a row above it"]
    assert check_picture([["b"]], edges) == ["not in the picture: ['a']"]


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def private_names_reached(path: Path) -> set[tuple[str, str]]:
    """(module, name) for each private name of the package a test file reaches: imported
    (``from tdconsole.x import _f``), read off a module (``x._f``), or patched by name
    (``monkeypatch.setattr(x, "_f", …)`` or ``setattr("tdconsole.x._f", …)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tdconsole"):
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                if _is_module(whole):
                    aliases[alias.asname or alias.name] = whole
                elif alias.name.startswith("_") and alias.name != "_":
                    found.add((node.module or "", alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tdconsole") and alias.asname:
                    aliases[alias.asname] = alias.name

    def private(name: object) -> bool:
        return isinstance(name, str) and name.startswith("_") and not name.startswith("__")

    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and private(node.attr)
        ):
            found.add((aliases[node.value.id], node.attr))
        if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "setattr"):
            continue
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and str(first.value).startswith("tdconsole"):
            module, _dot, name = str(first.value).rpartition(".")
            if private(name):
                found.add((module, name))
        elif isinstance(first, ast.Name) and first.id in aliases and len(node.args) > 1:
            second = node.args[1]
            if isinstance(second, ast.Constant) and private(second.value):
                found.add((aliases[first.id], str(second.value)))
    return found


def test_no_test_reaches_a_private_name_of_the_package() -> None:
    reached = {
        (str(path.relative_to(ROOT)), module, name)
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for module, name in private_names_reached(path)
    }
    assert reached == set(), "test through public names (make the name public if it must be)"


def test_a_test_reaching_a_private_name_is_found(tmp_path: Path) -> None:
    source = tmp_path / "test_x.py"
    source.write_text(
        "from tdconsole.cli import ui_cmds\n"
        "from tdconsole.domain.play import _hidden\n"
        "import tdconsole.store.backup as backup\n"
        "def test(monkeypatch):\n"
        "    ui_cmds._run(None)\n"
        "    monkeypatch.setattr(backup, '_keep', 1)\n"
        "    monkeypatch.setattr('tdconsole.service._absorb', 1)\n"
        "    ui_cmds.run_console(None)\n"
    )
    assert private_names_reached(source) == {
        ("tdconsole.cli.ui_cmds", "_run"),
        ("tdconsole.domain.play", "_hidden"),
        ("tdconsole.store.backup", "_keep"),
        ("tdconsole.service", "_absorb"),
    }
