"""The crash report says where the error happened, also when a worker failed (Textual wraps the
error in WorkerFailed, whose own frames say nothing of it)."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.worker import WorkerFailed

from tdconsole.ui.crash import report_text


def _fill_the_table() -> None:
    raise ValueError("More values provided than there are columns.")


def test_a_failed_worker_s_report_names_the_frame_that_raised() -> None:
    try:
        _fill_the_table()
    except ValueError as exc:
        error = WorkerFailed(exc)
    text = report_text(error, None, datetime(2026, 12, 1, tzinfo=UTC))
    assert "_fill_the_table" in text and "ValueError: More values provided" in text
