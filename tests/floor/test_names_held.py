"""A staff name is held against the Director's whole, separators and signs inside set aside,
and against every Director the log has named: refused at the phone's sign-in (the real
aiohttp app) and on ``--as``, nothing recorded."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient
from tdhelpers.floor_pins import FLOOR_PIN
from tdhelpers.who_acts import log_length

from tdconsole.cli import main
from tdconsole.serve.app import build_app
from tdconsole.serve.config import ServeConfig

Client = TestClient[web.Request, web.Application]
MakeClient = Callable[..., Awaitable[Client]]

# The red team's list: the Director "Direttore" with a separator or a sign inside.
SEPARATED = [
    "Dire\u2024ttore",  # one dot leader
    "Dire\u00b7ttore",  # middle dot
    "Dire\u02d9ttore",  # dot above
    "Dire\u0387ttore",  # Greek ano teleia
    "Dire-ttore",
    "Dire\u2010ttore",  # hyphen
    "Di.rettore",
    "Dire\U0001d159ttore",  # musical symbol null notehead
]


async def sign_in(client: Client, name: str) -> tuple[int, dict[str, Any]]:
    response = await client.post(
        "/floor/api/sign-in",
        json={"pin": FLOOR_PIN, "name": name},
        headers={"Origin": str(client.make_url("")).rstrip("/")},
    )
    body: dict[str, Any] = await response.json()
    return response.status, body


async def served(event: Path, aiohttp_client: MakeClient) -> Client:
    return await aiohttp_client(build_app(ServeConfig(event=event, lang="en", public=True)))


def refused_on_as(event: Path, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    """``--as name clock pause``: refused in one line with Art. VII.1, exit 2, nothing
    recorded; the line said."""
    before = log_length(event)
    code = main(["--lang", "en", "--event", str(event), "--as", name, "clock", "pause"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "(Art. VII.1)" in err
    assert log_length(event) == before
    return err


@pytest.mark.parametrize("name", SEPARATED, ids=lambda name: ascii(name))
async def test_the_directors_name_with_a_separator_inside_is_refused(
    name: str, event: Path, aiohttp_client: MakeClient, capsys: pytest.CaptureFixture[str]
) -> None:
    client = await served(event, aiohttp_client)
    status, body = await sign_in(client, name)
    assert status == 409, body
    assert "Art. VII.1" in body["refused"]
    assert "\n" not in body["refused"]
    refused_on_as(event, name, capsys)


async def test_a_staff_name_with_words_of_its_own_still_signs_in(
    event: Path, aiohttp_client: MakeClient
) -> None:
    """Whole words only: a name that holds the Director's letters inside a word of its own
    is someone else."""
    client = await served(event, aiohttp_client)
    status, body = await sign_in(client, "Direttorella Bruni")
    assert status == 200, body


async def test_a_former_directors_name_stays_his(
    event: Path, aiohttp_client: MakeClient, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", "--event", str(event), "set", "director=Marco"]) == 0
    capsys.readouterr()
    client = await served(event, aiohttp_client)
    for name in ("Direttore", "DIRETTORE", "Dire-ttore"):
        status, body = await sign_in(client, name)
        assert status == 409, body
        assert "the Director's name earlier in this event" in body["refused"]
        assert "Art. VII.1" in body["refused"]
        err = refused_on_as(event, name, capsys)
        assert "the Director's name earlier in this event" in err
    # The Director under his new name still acts, and anyone else signs in.
    assert main(["--lang", "en", "--event", str(event), "--as", "Marco", "sign-out"]) == 0
    status, body = await sign_in(client, "Anna")
    assert status == 200, body


async def test_a_phone_signed_in_before_a_rename_to_its_name_and_back_is_signed_out(
    event: Path, aiohttp_client: MakeClient
) -> None:
    """A name the Director took, even for a while, is his: the phone signed in under it
    is no longer let in once the Director was named so."""
    client = await served(event, aiohttp_client)
    status, body = await sign_in(client, "Anna")
    assert status == 200, body
    assert (await client.get("/floor/api/session")).status == 200
    assert main(["--lang", "en", "--event", str(event), "set", "director=Anna"]) == 0
    assert main(["--lang", "en", "--event", str(event), "set", "director=Direttore"]) == 0
    assert (await client.get("/floor/api/session")).status != 200
    status, body = await sign_in(client, "Anna")
    assert status == 409, body
