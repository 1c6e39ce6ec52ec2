"""PIN guesses from 200 rotating addresses at once: at most the venue's ceiling is hashed, the
rest are refused at once (429, one line), and a phone already signed in keeps acting, its
Director's PIN checked in a lane of its own. The ceiling is the attempts file's alone: a lane
only bounds the checks at once, and a clock set back forgets no guess."""

from __future__ import annotations

import asyncio
import threading
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


async def served(event: Path, aiohttp_client: MakeClient, now: list[float]) -> Client:
    """The floor on ``event``, its wall clock ``now[0]``, each request from ``X-Test-Remote``."""
    app = build_app(ServeConfig(event=event, lang="en", public=True, wall=lambda: now[0]))
    app.middlewares.insert(0, forged_remote)
    return await aiohttp_client(app)


def origin(client: Client) -> dict[str, str]:
    return {"Origin": str(client.make_url("")).rstrip("/")}


async def sign_in(client: Client, pin: str, name: str, remote: str) -> tuple[int, dict[str, Any]]:
    response = await client.post(
        "/floor/api/sign-in",
        json={"pin": pin, "name": name},
        headers={**origin(client), "X-Test-Remote": remote},
    )
    return response.status, await response.json()


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
    client = await served(event, aiohttp_client, now)
    signed = await client.post(
        "/floor/api/sign-in", json={"pin": FLOOR_PIN, "name": "Anna"}, headers=origin(client)
    )
    changing = {**origin(client), "X-CSRF-Token": (await signed.json())["csrf"]}
    state = await (await client.get("/floor/api/state")).json()
    player = state["players"][-1]["name"]
    hashed.clear()

    async def guess(n: int) -> tuple[int, dict[str, Any]]:
        return await sign_in(client, f"9{n:05d}", f"guest {n}", f"10.0.{n // 100}.{n % 100}")

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
    assert (await sign_in(client, FLOOR_PIN, "Bruno", "192.168.1.20"))[0] == 429
    assert hashed == []
    now[0] += MINUTE + 1
    assert (await sign_in(client, FLOOR_PIN, "Bruno", "192.168.1.20"))[0] == 200


async def test_a_clock_set_back_forgets_no_guess_nor_shuts_the_floor_for_its_hour(
    event: Path, aiohttp_client: MakeClient, hashed: list[str]
) -> None:
    """The server's clock put back an hour after a flood: the guesses still count (the next
    sign-in is refused unchecked), as made then (a minute later it is let in, not an hour)."""
    now = [1_800_000_000.0]
    client = await served(event, aiohttp_client, now)
    for n in range(GUESSES_PER_MINUTE):
        assert (await sign_in(client, f"9{n:05d}", f"guest {n}", f"10.0.0.{n}"))[0] == 409
    hashed.clear()
    now[0] -= 3600.0
    status, said = await sign_in(client, FLOOR_PIN, "Bruno", "192.168.1.20")
    assert status == 429 and "try again in 60 s" in said["refused"] and hashed == []
    now[0] += MINUTE
    assert (await sign_in(client, FLOOR_PIN, "Bruno", "192.168.1.20"))[0] == 200


async def test_a_lane_bounds_the_checks_at_once_and_counts_no_guess() -> None:
    """Past the venue's ceiling of checks at once a lane refuses at once, never queueing nor
    running the check; the wrong PINs it ran hold nothing shut (the attempts file counts)."""
    lane = Lane("test-pin", 1)
    release = threading.Event()
    ran: list[str] = []

    def wrong() -> None:
        release.wait()
        raise WrongPin(_("wrong PIN: type it again (ask the Director for it)"), "VII.1")

    try:
        held = [asyncio.ensure_future(lane.check(wrong)) for _n in range(GUESSES_PER_MINUTE)]
        await asyncio.sleep(0)  # one turn of the loop: each held check admitted, in order
        assert lane.checking == GUESSES_PER_MINUTE
        with pytest.raises(TooManyGuesses, match="someone may be guessing"):
            await lane.check(lambda: ran.append("past the gate"))
        release.set()
        outcomes = await asyncio.gather(*held, return_exceptions=True)
        assert all(isinstance(outcome, WrongPin) for outcome in outcomes)
        assert await lane.check(lambda: ran.append("after")) is None
        assert ran == ["after"] and lane.checking == 0
    finally:
        release.set()
        lane.close()
