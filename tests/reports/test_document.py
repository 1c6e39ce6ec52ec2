"""The reports read the typed read model; a ``state --json`` document is read into it once, at
``render``'s entry, so the State and its exported document print the same report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.played import play

from tdconsole.domain.errors import RuleError
from tdconsole.domain.read_model import StateView, state_view
from tdconsole.domain.view import state_json
from tdconsole.reports import REPORTS
from tdconsole.reports.document import as_view, read_document
from tdconsole.reports.rendering import build, render
from tdconsole.store.settings_file import load_settings


@pytest.mark.parametrize(("seed", "actions"), [(5, 120), (7, 400)])
def test_the_state_and_its_document_print_the_same_reports(
    tmp_path: Path, seed: int, actions: int
) -> None:
    service = play(tmp_path / "e.tdc", load_settings(), actions, seed=seed)
    try:
        now = service.now()
        view = state_view(service.state, now)
        document = state_json(service.state, now)
    finally:
        service.close()
    for kind in REPORTS:
        assert build(kind, view, "en") == build(kind, document, "en"), kind
        for fmt in ("txt", "html", "csv"):
            assert render(kind, view, fmt) == render(kind, document, fmt), (kind, fmt)


def test_a_document_is_read_once_into_the_model(finished: dict[str, Any]) -> None:
    view = read_document(finished)
    assert isinstance(view, StateView) and as_view(view) is view
    winner = view.players[0]
    assert (
        winner.place == 1 and winner.table == 1 and winner.chips == finished["players"][0]["chips"]
    )
    assert view.prize_pool == 1680 and view.cash is None  # a document from before the cash
    assert view.tables[1].open is False and view.tables[0].suit == "♥"
    assert view.rulings[2].at.hour == 21 and view.rulings[2].orbits == 2


@pytest.mark.parametrize(
    ("where", "value", "words"),
    [
        ("date", "the Ides of March", "bad date: 'the Ides of March'"),
        ("out_at", "at midnight", "bad out_at: 'at midnight'"),
        ("at", "yesterday", "bad at: 'yesterday'"),
    ],
)
def test_a_document_with_an_unreadable_day_or_time_is_refused_in_one_line(
    finished: dict[str, Any], where: str, value: str, words: str
) -> None:
    if where == "date":
        finished["date"] = value
    elif where == "out_at":
        finished["players"][3]["out_at"] = value
    else:
        finished["rulings"][0]["at"] = value
    with pytest.raises(RuleError) as refused:
        render("standings", finished, "txt")
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_document_that_is_not_an_object_is_refused(finished: dict[str, Any]) -> None:
    with pytest.raises(RuleError, match="must be a JSON object"):
        render("results", [finished], "txt")  # type: ignore[arg-type]
