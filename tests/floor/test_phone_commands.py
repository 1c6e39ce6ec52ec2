"""The phone's commands written in one module (``domain.slices``), behind the Director's PIN:
their forms built from their fields, and the one route that builds and records any of them
(``POST /floor/api/command``), with aiohttp's test client. The example: a break called now
(Decision, Art. VII.1)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN
from tdhelpers.who_acts import last_actor, log_length

from tdconsole.domain.acting import label_text
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.call_break import CallBreak
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor import commands
from tdconsole.service import Tournament

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]
PATH = "/floor/api/command"


def build(event: Path, lang: str = "en") -> web.Application:
    return build_app(ServeConfig(event=event, lang=lang, public=True))


@pytest.fixture
async def client(event: Path, aiohttp_client: MakeClient) -> Client:
    return await aiohttp_client(build(event))


def origin(client: Client) -> dict[str, str]:
    return {"Origin": str(client.make_url("")).rstrip("/")}


async def sign_in(client: Client, name: str = "Anna") -> dict[str, str]:
    """The headers of a change from Anna's phone, signed in."""
    response = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": name}, headers=origin(client)
    )
    assert response.status == 200, await response.text()
    return {**origin(client), "X-CSRF-Token": str((await response.json())["csrf"])}


def a_break(minutes: str = "10", pin: str | None = DIRECTOR_PIN, **more: str) -> dict[str, Any]:
    body: dict[str, Any] = {"command": "CallBreak", "fields": {"minutes": minutes, **more}}
    if pin is not None:
        body["pin"] = pin
    return body


async def refused(client: Client, body: dict[str, Any], headers: dict[str, str]) -> str:
    response = await client.post(PATH, json=body, headers=headers)
    assert response.status == 409, await response.text()
    said: str = (await response.json())["refused"]
    assert "\n" not in said
    return said


async def test_the_forms_are_the_slices_fields_in_the_events_language(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build(event, "it"))
    forms = (await (await client.get("/floor/api/words")).json())["commands"]
    # the Director-only commands written in one module that say so, in the manifest's order
    assert [f["command"] for f in forms] == ["CallBreak", "Disqualify"]
    form = forms[0]
    assert (form["button"], form["heading"], form["ok"]) == (
        "Chiama una pausa",
        "Chiama una pausa ora",
        "Chiama la pausa",
    )
    minutes, reason = form["fields"]
    assert minutes == {
        "name": "minutes",
        "kind": "whole",
        "label": "Minuti di pausa",
        "required": True,
        "low": 1,
        "high": 240,
    }
    assert (reason["name"], reason["kind"], reason["required"]) == ("reason", "text", False)


async def test_the_forms_say_which_commands_the_phone_hides_in_a_break(client: Client) -> None:
    """A break is not called in a break (VII.1): its button goes while the clock is in one;
    a disqualification is given at any moment of play."""
    forms = (await (await client.get("/floor/api/words")).json())["commands"]
    assert {f["command"]: f["in_break"] for f in forms} == {
        "CallBreak": False,
        "Disqualify": True,
    }


def test_a_director_only_command_is_on_the_phone_only_when_it_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Director's command written in one module stays off the phone unless its description
    says ``phone`` (the phone is no second console: a break and a disqualification only)."""
    directors = next(d for d in SLICE_DESCRIPTIONS if d.director_only)
    kept = replace(directors, command="Kept", phone=False)
    monkeypatch.setattr(commands, "SLICE_DESCRIPTIONS", (*SLICE_DESCRIPTIONS, kept))
    assert kept.director_only
    assert "Kept" not in commands.offered()
    assert list(commands.offered()) == ["CallBreak", "Disqualify"]


async def test_the_directors_pin_calls_the_break_through_the_staff_member(
    client: Client, event: Path
) -> None:
    headers = await sign_in(client)
    body = a_break("10", reason="la cena")
    response = await client.post(PATH, json=body, headers=headers)
    assert response.status == 200, await response.text()
    # The command's own summary: the log's sentence, the command line's and the console's.
    assert (await response.json())["said"] == "break called now: 10 minutes, la cena"
    who = last_actor(event)
    assert (who.role, who.via) == ("director", "Anna")
    assert label_text(who, "en").endswith("(via Anna)")
    assert label_text(who, "it") == "Direttore (tramite Anna)"
    clock = (await (await client.get("/floor/api/state")).json())["clock"]
    assert clock["stage"] == "break" and clock["is_break"] and clock["running"]
    assert 9 * 60 < clock["remaining_seconds"] <= 10 * 60
    assert (clock["next_level"], clock["next_big"]) == (1, "100")  # play resumes at level 1


async def test_the_summary_is_said_in_the_phones_language(
    event: Path, aiohttp_client: MakeClient
) -> None:
    client = await aiohttp_client(build(event, "it"))
    headers = await sign_in(client)
    response = await client.post(PATH, json=a_break("15"), headers=headers)
    assert (await response.json())["said"] == "pausa chiamata ora: 15 minuti"


@pytest.mark.parametrize("pin", [FLOOR_PIN, "", None])
async def test_a_wrong_or_missing_pin_records_nothing(
    client: Client, event: Path, pin: str | None
) -> None:
    headers = await sign_in(client)
    before = log_length(event)
    said = await refused(client, a_break("10", pin=pin), headers)
    assert said.endswith("(Art. VII.1)")
    assert pin != FLOOR_PIN or "wrong PIN" in said
    assert log_length(event) == before


@pytest.mark.parametrize("minutes", ["0", "241", "dieci", "", "-5", "10.5"])
async def test_bad_minutes_are_refused_in_one_line_with_the_article(
    client: Client, event: Path, minutes: str
) -> None:
    headers = await sign_in(client)
    before = log_length(event)
    said = await refused(client, a_break(minutes), headers)
    assert said.endswith("(Art. VII.1)") and "inutes of break" in said, said
    assert log_length(event) == before


@pytest.mark.parametrize(
    "body",
    [
        {"command": "Bust", "fields": {}},
        {"command": "ClockControl", "fields": {"action": "pause"}},
        {"command": "Nothing", "fields": {}},
        {"command": ["CallBreak"], "fields": {"minutes": "10"}},
        {"fields": {"minutes": "10"}},
    ],
)
async def test_a_command_that_is_not_one_of_the_phones_is_refused(
    client: Client, event: Path, body: dict[str, Any]
) -> None:
    headers = await sign_in(client)
    before = log_length(event)
    said = await refused(client, {**body, "pin": DIRECTOR_PIN}, headers)
    assert said == "the phone gives no such command: ask the Director (Art. VII.1)"
    assert log_length(event) == before


async def test_fields_not_sent_as_text_are_refused(client: Client, event: Path) -> None:
    headers = await sign_in(client)
    before = log_length(event)
    for fields in ({"minutes": 10}, ["10"], "10"):
        body = {"command": "CallBreak", "fields": fields, "pin": DIRECTOR_PIN}
        assert "as text" in await refused(client, body, headers)
    assert log_length(event) == before


async def test_the_floors_own_role_cannot_call_it(client: Client, event: Path) -> None:
    before = log_length(event)
    # Without the Director's PIN a phone acts on the floor's role: the command is refused.
    service = Tournament.open(event, actor="Anna", role="floor")
    try:
        with pytest.raises(RuleError) as refusal:
            service.execute(CallBreak(minutes=10))
        assert refusal.value.article == "VII.1"
    finally:
        service.close()
    headers = await sign_in(client)
    for route in ("/floor/api/clock", "/floor/api/count"):  # no action of the phone reaches it
        response = await client.post(route, json=a_break("10", pin=None), headers=headers)
        assert response.status == 409
    assert log_length(event) == before


async def test_the_origin_and_the_csrf_token_are_checked(client: Client, event: Path) -> None:
    headers = await sign_in(client)
    before = log_length(event)
    for wrong in (
        origin(client),
        {**origin(client), "X-CSRF-Token": headers["X-CSRF-Token"][:-2] + "xx"},
        {"Origin": "http://mallory.example", "X-CSRF-Token": headers["X-CSRF-Token"]},
        {"X-CSRF-Token": headers["X-CSRF-Token"]},
        {**headers, "Sec-Fetch-Site": "cross-site"},
    ):
        response = await client.post(PATH, json=a_break(), headers=wrong)
        assert response.status == 403
    assert log_length(event) == before


async def test_the_directors_pin_disqualifies_from_the_phone(client: Client, event: Path) -> None:
    """Every Director-only command written in one module is the phone's too: its form's
    fields as typed, the player's name among them (typed in lowercase, said and logged as
    recorded)."""
    director = Tournament.open(event)
    name = director.state.in_players()[2].name
    director.close()
    headers = await sign_in(client)
    fields = {"name": name.lower(), "reason": "collusione", "chips": ""}  # typed fast
    body = {"command": "Disqualify", "fields": fields, "pin": DIRECTOR_PIN}
    response = await client.post(PATH, json=body, headers=headers)
    assert response.status == 200, await response.text()
    assert (await response.json())["said"] == f"disqualified: {name}"
    director = Tournament.open(event)
    try:
        assert director.state.find(name).status == "disqualified"  # type: ignore[union-attr]
    finally:
        director.close()
    assert (last_actor(event).role, last_actor(event).via) == ("director", "Anna")


def test_a_word_fields_form_lists_its_words_as_typed_and_as_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A field of a fixed set of words (the sanction's kind) comes to the phone with its words:
    each as typed, the value sent back, and in the phone's language."""
    sanction = next(d for d in SLICE_DESCRIPTIONS if d.command == "Sanction")
    shown = replace(sanction, phone=True)
    others = tuple(d for d in SLICE_DESCRIPTIONS if d is not sanction)
    monkeypatch.setattr(commands, "SLICE_DESCRIPTIONS", (*others, shown))
    form = next(f for f in commands.forms("it") if f["command"] == "Sanction")
    kind = next(f for f in form["fields"] if f["name"] == "kind")
    assert (kind["kind"], kind["label"]) == ("word", "Sanzione")
    assert kind["words"] == [
        {"word": "warning", "label": "richiamo verbale"},
        {"word": "suspend", "label": "sospensione"},
        {"word": "disqualify", "label": "squalifica"},
    ]
    assert all("words" not in f for f in form["fields"] if f["kind"] != "word")
