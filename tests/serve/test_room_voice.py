"""The room's screen speaks, in Debian's chromium: once sound is on (a key), a level's start
is said with its blinds and ante in the event's language, through the browser's own speech
synthesis (a spy stands in for it: it records each utterance's text and language); the
setting ``voice`` off, or no voice of the machine's for the language, leaves the chimes
alone; the Director's new message is said once. The sentences themselves: ``spoken``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.browser import MISSING, chromium, fresh_page, on_every_page
from tdhelpers.room_stages import Played
from tdhelpers.served_here import serving_here

from tdconsole.demo import build_demo
from tdconsole.domain.clock import status
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.edit_level import EditLevel
from tdconsole.serve import room as served_room

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

SPY = """
window.tdconsoleSaid = [];
const voices = %s.map(([lang, local]) => ({name: lang, lang: lang, localService: local,
                                             default: false}));
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = "";
                                                    this.voice = null; };
speechSynthesis.getVoices = () => voices;
speechSynthesis.speak = (u) => window.tdconsoleSaid.push(
  {text: u.text, lang: u.lang, voice: u.voice && u.voice.name});
"""
VOICES = [["it-IT", True], ["en-GB", True], ["en-US", False]]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(1280, 720) as driver:
        yield driver


def wait_for(driver: Any, script: str, seconds: float = 15) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: d.execute_script(script))


def time_up(folder: Path, ante: int = 0) -> tuple[Played, Path]:
    """The demo event whose first level's time is up, the second not yet announced (its
    ``ante``), and its path; the caller closes ``night.service``."""
    now = datetime.now(UTC)
    path = build_demo(folder / "voice.tdc", now=now - timedelta(hours=2))
    night = Played(path, now - timedelta(hours=2))
    if ante:
        night.run(EditLevel(level=2, ante=ante))
    night.at = now - timedelta(minutes=41)
    night.run(ClockControl(action="start"))
    night.at = now
    return night, path


def sound_on(browser: Any, url: str, voices: list[list[Any]]) -> Any:
    """The room's page at ``url``, the spy in place of its speech, its sound turned on."""
    from selenium.webdriver.common.action_chains import ActionChains

    tv = fresh_page(browser, 1280, 720)
    tv.get("about:blank")
    on_every_page(tv, SPY % json.dumps(voices))
    tv.get(url + "/display")
    wait_for(tv, "return document.getElementById('screen').classList.contains('stage-pending')")
    ActionChains(tv).send_keys("x").perform()
    wait_for(tv, "return document.getElementById('sound').textContent === '♪'")
    return tv


def announce(tv: Any, night: Played) -> None:
    night.run(ClockControl(action="announce"))
    wait_for(tv, "return (window.tdconsoleChimes || []).includes('level')")


@pytest.mark.parametrize(
    ("lang", "ante", "said"),
    [
        ("it", 0, "Livello 2. Bui {sb} e {bb}."),
        ("en", 25, "Level 2. Blinds {sb} and {bb}, ante 25."),
    ],
)
def test_the_next_level_is_said_with_its_blinds_in_the_events_language(
    lang: str, ante: int, said: str, tmp_path: Path, browser: Any
) -> None:
    night, path = time_up(tmp_path, ante)
    try:
        with serving_here(path, lang=lang, session_lang=lang) as url:
            tv = sound_on(browser, url, VOICES)
            announce(tv, night)
            wait_for(tv, "return window.tdconsoleSaid.length > 0")
            state = night.service.state
            assert state.clock is not None and state.structure is not None
            now = status(state.clock, state.structure, night.at)
            assert now.level == 2 and now.ante == ante
            expected = said.format(sb=now.small_blind, bb=now.big_blind)
            voice = "it-IT" if lang == "it" else "en-GB"  # (the machine's own, not the network's)
            assert tv.execute_script("return window.tdconsoleSaid") == [
                {"text": expected, "lang": voice, "voice": voice}
            ]
    finally:
        night.service.close()


@pytest.mark.parametrize("why", ["voice off", "no voice in Italian"])
def test_no_speech_with_the_voice_off_or_no_voice_for_the_language(
    why: str, tmp_path: Path, browser: Any
) -> None:
    night, path = time_up(tmp_path)
    voices = VOICES
    if why == "voice off":
        night.run(ChangeSettings(assignments=[("voice", "no")]))
    else:
        voices = [v for v in VOICES if not v[0].startswith("it")]
    try:
        with serving_here(path) as url:
            tv = sound_on(browser, url, voices)
            announce(tv, night)  # (the chime still rings)
            assert tv.execute_script("return window.tdconsoleChimes") == ["level"]
            assert tv.execute_script("return window.tdconsoleSaid") == []
    finally:
        night.service.close()


def test_a_new_message_is_said_once(
    tmp_path: Path, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    posted: dict[str, Any] = {"message": None}
    plain = served_room.room_json

    def with_message(shown: Any) -> dict[str, Any]:  # (the Director's message, as sent)
        return {**plain(shown), "message": posted["message"]}

    monkeypatch.setattr(served_room, "room_json", with_message)
    night, path = time_up(tmp_path)
    try:
        with serving_here(path) as url:
            tv = sound_on(browser, url, VOICES)
            posted["message"] = {"text": "Ultimo giro di ricariche", "until": None}
            announce(tv, night)
            wait_for(tv, "return window.tdconsoleSaid.length === 2")
            said = tv.execute_script("return window.tdconsoleSaid.map((u) => u.text)")
            assert said[1] == "Ultimo giro di ricariche", said
            night.run(ClockControl(action="pause"))  # a new picture, the same message
            wait_for(tv, "return document.getElementById('screen').classList.contains('stopped')")
            assert tv.execute_script("return window.tdconsoleSaid.length") == 2
    finally:
        night.service.close()
