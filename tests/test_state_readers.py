"""The faces read the typed read model: no module outside the domain, the store, the rules and
the service imports the mutable State (``tdconsole.domain.state``), at the top, inside a
function or for its types alone. The service gives out what the others read (``Tournament.
served``, ``earlier``, ``named``; ``domain.read_model`` for the documents)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from test_layers import graph

STATE = "tdconsole.domain.state"
MAY_IMPORT_THE_STATE = (
    "tdconsole.domain",
    "tdconsole.store",
    "tdconsole.rules",
    "tdconsole.service",
)
NOT_YET: tuple[str, ...] = ()
"""Modules that still import the State and are moving to the read model: none. The list only
shrinks (a package left here that no longer imports it fails)."""


def _within(name: str, packages: Iterable[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def state_readers(edges: Mapping[str, Iterable[str]]) -> list[str]:
    """The modules of ``edges`` that import the State and may not."""
    return sorted(
        name
        for name, targets in edges.items()
        if STATE in targets and not _within(name, (*MAY_IMPORT_THE_STATE, *NOT_YET))
    )


def test_only_the_domain_the_store_the_rules_and_the_service_import_the_state() -> None:
    assert state_readers(graph()) == [], "read the read model, or ask the service"


def fixed(edges: Mapping[str, Iterable[str]], not_yet: Iterable[str]) -> list[str]:
    """The packages of ``not_yet`` none of whose modules imports the State any more."""
    return [
        package
        for package in not_yet
        if not any(STATE in edges[name] for name in edges if _within(name, [package]))
    ]


def test_each_exception_still_imports_the_state() -> None:
    assert fixed(graph(), NOT_YET) == [], "fixed: drop it from NOT_YET"


def test_an_exception_that_no_longer_imports_the_state_is_found() -> None:
    edges = {
        "tdconsole.ui.a": {STATE},
        "tdconsole.ui.b": {"tdconsole.domain.roster"},
        "tdconsole.cli.c": {"tdconsole.domain.read_model"},
    }
    assert fixed(edges, ("tdconsole.ui", "tdconsole.cli")) == ["tdconsole.cli"]


def test_a_face_importing_the_state_is_found() -> None:
    edges = {
        "tdconsole.serve.x": {STATE},
        "tdconsole.cli.y": {"tdconsole.domain.read_model"},
        "tdconsole.domain.z": {STATE},
        "tdconsole.service.w": {STATE},
        "tdconsole.ui.v": {STATE},
        "tdconsole.services": {STATE},
    }
    assert state_readers(edges) == ["tdconsole.serve.x", "tdconsole.services", "tdconsole.ui.v"]
