"""A prize's receipt is named by its place and its player, in the report's language, with a
name every file system takes (Windows' reserved characters, separators, control characters,
trailing dots and spaces, and its length)."""

from __future__ import annotations

import pytest

from tdconsole.reports import receipt_filename

FORBIDDEN = set('<>:"/\\|?*') | {chr(n) for n in range(32)}


def test_a_receipt_is_named_by_place_and_player_in_the_reports_language() -> None:
    assert receipt_filename(1, "Mario Rossi", "pdf", "it") == "ricevuta-1-Mario Rossi.pdf"
    assert receipt_filename(3, "Zoë Ångström", "pdf", "en") == "receipt-3-Zoë Ångström.pdf"
    assert receipt_filename(2, "[red]Bob", "txt") == "receipt-2-[red]Bob.txt"


@pytest.mark.parametrize(
    "name",
    ['Bo/b: "CON"? *.', "a\\b|c<d>e", "tab\there\x07", "dots... ", "CON", "é" * 300, "..."],
)
def test_any_players_name_gives_a_file_name_every_system_takes(name: str) -> None:
    made = receipt_filename(7, name, "pdf", "it")
    assert made.startswith("ricevuta-7-") and made.endswith(".pdf"), made
    assert not FORBIDDEN & set(made), made
    stem = made.removesuffix(".pdf")
    assert not stem.endswith((".", " ")), made
    assert len(made.encode("utf-8")) <= 150, len(made)
