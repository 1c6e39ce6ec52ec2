"""What the room's screens say aloud at each chime, in the event's language: a level with its
blinds (and ante when there is one), a break's start and end, one minute left; nothing at the
time up (the Director announces the change) or without a chime."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from tdconsole.domain.room import Blinds, Room
from tdconsole.words.room import spoken

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
LEVEL = Room(
    stage="level", now=NOW, event="Torneo", currency="scudi", level=3, running=True,
    blinds=Blinds(3, 1000, 2000, 0),
)  # fmt: skip


@pytest.mark.parametrize(
    ("sound", "shown", "lang", "said"),
    [
        ("level", LEVEL, "it", "Livello 3. Bui 1000 e 2000."),
        ("level", LEVEL, "en", "Level 3. Blinds 1000 and 2000."),
        ("level", replace(LEVEL, blinds=Blinds(3, 1000, 2000, 200)), "it",
         "Livello 3. Bui 1000 e 2000, ante 200."),
        ("resume", LEVEL, "en", "The break is over. Level 3. Blinds 1000 and 2000."),
        ("break", replace(LEVEL, is_break=True, blinds=None), "it", "Comincia la pausa."),
        ("minute", replace(LEVEL, stage="last_minute"), "it", "Manca un minuto."),
        ("minute", replace(LEVEL, stage="break", is_break=True, blinds=None), "en",
         "One minute to the end of the break."),
        ("time_up", replace(LEVEL, stage="pending"), "it", None),
        (None, LEVEL, "it", None),
    ],
)  # fmt: skip
def test_each_chime_said_in_the_events_language(
    sound: str | None, shown: Room, lang: str, said: str | None
) -> None:
    assert spoken(sound, shown, lang) == said
