"""The clock panel's line in the Director's console: every prompt in its 38 columns, and a
computer clock moved back said."""

from __future__ import annotations


def test_the_clock_panel_says_every_prompt_in_one_line() -> None:
    """Issue 25, point 10: the clock panel's line holds 38 columns; its prompts were cut."""
    from dataclasses import replace
    from datetime import timedelta

    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.ui.i18n import Translator
    from tdconsole.words.clock import director_words

    status = ClockStatus(
        index=3, level=12, small_blind=1000, big_blind=2000, ante=0, is_break=True,
        minutes=10, running=True, remaining=timedelta(0), overtime=timedelta(0),
        pending_announcement=True, next=None, next_is_break=False, level_ends_at=None,
    )  # fmt: skip
    for lang in ("en", "it"):
        tr = Translator(lang)
        for shown in (status, replace(status, is_break=False), replace(status, next_is_break=True)):
            said = director_words(shown, tr)
            assert len(said) <= 38, said


def test_the_console_says_when_the_computer_clock_moved_back() -> None:
    """Issue 24: a wall clock moved back is noticed and said to the Director (the time left is
    held at what it was); floor terminals keep their own line."""
    from datetime import timedelta

    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.ui.i18n import Translator
    from tdconsole.words.clock import director_words

    status = ClockStatus(
        index=0, level=1, small_blind=50, big_blind=100, ante=0, is_break=False,
        minutes=40, running=True, remaining=timedelta(minutes=40), overtime=timedelta(0),
        pending_announcement=False, next=None, next_is_break=False, level_ends_at=None,
        wall_clock_behind=timedelta(minutes=61, seconds=5),
    )  # fmt: skip
    for lang, said in (("en", "Computer clock back 61:05"), ("it", "PC indietro di 61:05")):
        words = director_words(status, Translator(lang))
        assert words.startswith(said) and len(words) <= 38, words
    assert director_words(status, Translator("en"), director=False) == "RUNNING"


def test_a_break_names_the_level_play_resumes_at_in_one_line() -> None:
    """In a break the panel says where play goes on, not a "next" level, in its 38 columns."""
    from datetime import timedelta

    from tdconsole.domain.clock_status import ClockStatus
    from tdconsole.domain.structure import Blinds
    from tdconsole.ui.i18n import Translator
    from tdconsole.ui.widgets.clock_panel import next_line

    resumes = Blinds(level=12, small_blind=10000, big_blind=20000, ante=0)
    status = ClockStatus(
        index=13, level=12, small_blind=10000, big_blind=20000, ante=0, is_break=True,
        minutes=10, running=True, remaining=timedelta(minutes=5), overtime=timedelta(0),
        pending_announcement=False, next=resumes, next_is_break=False, level_ends_at=None,
    )  # fmt: skip
    said = {lang: next_line(status, Translator(lang)).plain for lang in ("en", "it")}
    assert said["en"].startswith("Resumes: level 12, 10")
    assert said["it"].startswith("Riprende: livello 12, 10")
    assert all(len(line) <= 38 for line in said.values()), said
    narrow = {lang: next_line(status, Translator(lang), 24).plain for lang in ("en", "it")}
    assert narrow == {"en": "Resumes 10 000 / 20 000", "it": "Riprende 10 000 / 20 000"}
