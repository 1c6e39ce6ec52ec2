"""A command's recorded summary said in the reader's language, through the catalogue."""

from __future__ import annotations

from tdconsole.domain.summaries import summary_msg, summary_text


def test_a_summary_is_recognised_by_its_message_and_said_in_italian() -> None:
    recorded = "Director's move: Anna Rossi to table 2 seat 7"
    assert summary_text(recorded, "it") == (
        "spostamento deciso dal Direttore: Anna Rossi al tavolo 2, posto 7"
    )
    assert summary_text(recorded, "en") == recorded
    assert summary_text("move plan for table 3, table_seats=10", "it") == (
        "piano degli spostamenti del tavolo 3, posti per tavolo portati a 10"
    )
    assert summary_text("move plan for table 3", "it") == "piano degli spostamenti del tavolo 3"


def test_every_word_of_a_summary_goes_through_the_catalogue() -> None:
    assert summary_text("clock -60s", "pseudo") == "⟦clock -60s⟧"
    assert summary_text("register Anna", "pseudo") == "⟦register Anna⟧"


def test_a_summary_no_message_knows_is_shown_as_recorded() -> None:
    assert summary_msg("SomethingNew 3") == "SomethingNew 3"
    assert summary_text("clock +x s", "it") == "clock +x s"
