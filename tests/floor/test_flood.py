"""PIN guesses from 200 rotating addresses at once: at most the venue's ceiling is hashed, the
rest are refused at once (429, one line), and a phone already signed in keeps acting, its
Director's PIN checked in a lane of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import DIRECTOR_PIN, FLOOR_PIN

from tdconsole.i18n import _
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig
from tdconsole.serve.floor import core
from tdconsole.serve.floor.guard import Lane
from tdconsole.store.attempts import GUESSES_PER_MINUTE, MINUTE, TooManyGuesses, WrongPin

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]


@web.middleware
async def forged_remote(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """Each guess from an address of its own (``X-Test-Remote``), as a rotating proxy."""
    remote = request.headers.get("X-Test-Remote")
    return await handler(request.clone(remote=remote) if remote else request)


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every PIN the floor hashes (checks against a stored PIN)."""
    checked: list[str] = []
    real = core.pin_matches

    def counted(stored: str, pin: str) -> bool:
        checked.append(pin)
        return real(stored, pin)

    monkeypatch.setattr(core, "pin_matches", counted)
    return checked


async def test_a_flood_hashes_at_most_the_ceiling_and_a_signed_in_phone_keeps_acting(
    event: Path, aiohttp_client: MakeClient, hashed: list[str]
) -> None:
    now = [1_800_000_000.0]
    app = build_app(ServeConfig(event=event, lang="en", public=True, wall=lambda: now[0]))
    app.middlewares.insert(0, forged_remote)
    client = await aiohttp_client(app)
    here = {"Origin": str(client.make_url("")).rstrip("/")}
    signed = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=here
    )
    changing = {**here, "X-CSRF-Token": (await signed.json())["csrf"]}
    state = await (await client.get("/floor/api/state")).json()
    player = state["players"][-1]["name"]
    hashed.clear()

    async def guess(n: int) -> tuple[int, dict[str, Any]]:
        response = await client.post(
            "/floor/api/sign-in",
            json={"pin": f"9{n:05d}", "name": f"guest {n}"},
            headers={**here, "X-Test-Remote": f"10.0.{n // 100}.{n % 100}"},
        )
        return response.status, await response.json()

    async def count() -> int:
        body = {"name": player, "chips": "7000"}
        return (await client.post("/floor/api/count", json=body, headers=changing)).status

    async def resume() -> int:
        body = {"action": "resume", "pin": DIRECTOR_PIN}
        return (await client.post("/floor/api/clock", json=body, headers=changing)).status

    flood = asyncio.gather(*(guess(n) for n in range(200)))
    acted, paused = await asyncio.gather(count(), resume())
    guesses = await flood
    assert (acted, paused) == (200, 200)
    statuses = [status for status, _ in guesses]
    assert set(statuses) <= {409, 429}
    assert len(hashed) - 1 <= GUESSES_PER_MINUTE  # (the Director's PIN: one more)
    assert statuses.count(409) == len(hashed) - 1
    refused = next(body["refused"] for status, body in guesses if status == 429)
    assert "someone may be guessing" in refused and "\n" not in refused
    # The real sign-in meanwhile waits for the minute too, unchecked; then it is let in.
    hashed.clear()
    late = {"pin": FLOOR_PIN, "name": "Bruno"}
    bruno = {**here, "X-Test-Remote": "192.168.1.20"}
    assert (await client.post("/floor/api/sign-in", json=late, headers=bruno)).status == 429
    assert hashed == []
    now[0] += MINUTE + 1
    assert (await client.post("/floor/api/sign-in", json=late, headers=bruno)).status == 200


async def test_the_lane_forgets_guesses_of_a_clock_set_back() -> None:
    now = [1_800_000_000.0]
    lane = Lane("test-pin", 1, lambda: now[0])

    def wrong() -> None:
        raise WrongPin(_("wrong PIN: type it again (ask the Director for it)"), "VII.1")

    try:
        for _n in range(GUESSES_PER_MINUTE):
            with pytest.raises(WrongPin):
                await lane.check(wrong)
        with pytest.raises(TooManyGuesses):
            await lane.check(lambda: True)
        now[0] -= 3600.0
        assert await lane.check(lambda: True) is True
    finally:
        lane.close()
