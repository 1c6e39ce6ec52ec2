"""``tdconsole follow``'s one-line refusals: a bad address, no server there, a wrong PIN, a
file that is not this event's copy; nothing written."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from tdhelpers.floor_pins import DIRECTOR_PIN
from tdhelpers.following import fed, served_feed
from tdhelpers.following import run_follow as follow

from tdconsole.cli import main
from tdconsole.cli.follow_cmds import Client, Refused, Status, Unreachable, standing
from tdconsole.cli.follow_cmds import follow as follow_copy
from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings
from tdconsole.serve.config import ServeConfig
from tdconsole.service import Tournament
from tdconsole.store import copying
from tdconsole.store.copy_file import CopyFile
from tdconsole.store.eventstore import EventStore

MakeServer = Callable[..., Awaitable[TestServer]]


def test_a_bad_address_and_no_server_there_are_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    to = tmp_path / "copia.tdc"
    code, _out, err = follow(capsys, monkeypatch, "ftp://192.168.1.5", to)
    assert code == 2 and "is not the address of a `tdconsole serve`" in err
    code, _out, err = follow(capsys, monkeypatch, "http://[192.168.1.5:8000", to)
    assert code == 2 and "is not the address of a `tdconsole serve`" in err
    code, _out, err = follow(capsys, monkeypatch, "http://127.0.0.1:9", to)
    assert code == 2 and "cannot reach http://127.0.0.1:9" in err and "check the address" in err
    assert err.count("\n") == 1 and not to.exists()


async def test_a_wrong_pin_and_another_events_copy_are_refused(
    event: Path,
    tmp_path: Path,
    aiohttp_server: MakeServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = await served_feed(aiohttp_server, event)
    to = tmp_path / "copia.tdc"
    code, _out, err = await asyncio.to_thread(follow, capsys, monkeypatch, url, to, pin="000000")
    assert code == 2 and "wrong PIN" in err and not to.exists()
    other = Tournament.create(tmp_path / "altro.tdc", "Altro", Settings())
    try:
        copy = CopyFile.open(to, "http://127.0.0.1:8000")
        copy.take(copying.feed(other.store, 0), copying.identity(other.store), datetime.now(UTC))
        copy.close()
    finally:
        other.close()
    code, _out, err = await asyncio.to_thread(follow, capsys, monkeypatch, url, to)
    assert code == 2 and "the copy belongs to another event: give --to another file" in err
    code, _out, err = await asyncio.to_thread(follow, capsys, monkeypatch, url, event)
    assert code == 2 and "an event file that `follow` did not write" in err
    store = EventStore(to)
    try:
        assert store.last_seq() == 2  # (the other event's creation alone)
    finally:
        store.close()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_how_far_behind_is_one_line_rewritten_at_a_terminal_a_line_per_change_if_piped() -> None:
    piped = io.StringIO()
    status = Status(piped, "en")
    for held, last in ((10, 12), (10, 12), (12, 12)):
        status.say(standing(held, last))
    assert piped.getvalue() == "2 entries behind (10 of 12)\nup to date: 12 entries\n"
    terminal = Terminal()
    status = Status(terminal, "en")
    status.say(standing(10, 12))
    status.say(standing(11, 12))  # (within the second: shown at the next one)
    status.end()
    assert terminal.getvalue() == "\r\x1b[2K2 entries behind (10 of 12)\n"


async def test_a_server_in_trouble_is_waited_out_not_fatal(
    event: Path, tmp_path: Path, aiohttp_server: MakeServer
) -> None:
    items, identity, last = fed(event)
    answers = [
        web.json_response({}, status=502),
        web.json_response({"entries": items, "last": last}),
    ]

    async def attach(request: web.Request) -> web.StreamResponse:
        return web.json_response({"event": identity, "token": "t", "last": last})

    async def log(request: web.Request) -> web.StreamResponse:
        return answers.pop(0) if answers else web.json_response({"entries": [], "last": last})

    app = web.Application()
    app.router.add_post("/copy/api/attach", attach)
    app.router.add_post("/copy/api/log", log)
    server = await aiohttp_server(app)
    copy = CopyFile.open(tmp_path / "copia.tdc", "http://127.0.0.1:8000")
    client = Client(str(server.make_url("")).rstrip("/"), "cassa", DIRECTOR_PIN)
    await asyncio.to_thread(
        follow_copy, copy, client, Status(io.StringIO(), "en"), lambda: copy.last == last
    )
    assert copy.last == last
    copy.close()


async def test_an_answer_past_the_longest_is_not_read_whole(
    aiohttp_server: MakeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def attach(request: web.Request) -> web.StreamResponse:
        return web.json_response({"event": "e", "token": "t", "last": 0, "pad": "x" * 500})

    async def log(request: web.Request) -> web.StreamResponse:
        return web.json_response({"refused": "x" * 500}, status=409)

    app = web.Application()
    app.router.add_post("/copy/api/attach", attach)
    app.router.add_post("/copy/api/log", log)
    server = await aiohttp_server(app)
    monkeypatch.setattr("tdconsole.cli.follow_cmds.ANSWER_MOST", 100)
    client = Client(str(server.make_url("")).rstrip("/"), "cassa", DIRECTOR_PIN)
    with pytest.raises(Unreachable, match="answer too long"):
        await asyncio.to_thread(client.attach, "", 0, "")
    with pytest.raises(Refused) as refused:
        await asyncio.to_thread(client.log, 0, "")
    assert refused.value.said == ""  # (the reason past the longest is not read)


def test_the_servers_banner_gives_the_copys_command_once_a_director_pin_is_set(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def banner(config: ServeConfig, on_ready: Callable[[], None]) -> None:
        on_ready()

    monkeypatch.setattr("tdconsole.serve.app.serve", banner)
    code = main(["--lang", "en", "--event", str(event), "serve", "--port", "8123"])
    out = capsys.readouterr().out
    assert code == 0
    assert "copy on a second computer: tdconsole follow http://127.0.0.1:8123 --to FILE" in out


def test_the_status_line_erases_itself_through_the_command_lines_escaping() -> None:
    """The command line shows every control character a text holds (``cli.Escaping``): the
    status line's own erase passes, an escape inside its text does not."""
    from tdconsole.cli import Escaping
    from tdconsole.i18n import Msg

    terminal = Terminal()
    status = Status(Escaping(terminal), "en")  # type: ignore[arg-type]
    status.say(Msg("copying {name}").format(name="\x1b[31mevent"))
    assert terminal.getvalue() == "\r\x1b[2Kcopying \\u001b[31mevent"


def test_the_copys_server_ending_first_ends_in_one_line_not_an_abort(tmp_path: Path) -> None:
    """The copy's server watches ``follow`` through its standard input: when it ends first (a
    file it cannot serve), it exits with its one line, never a fatal error of the reader."""
    import subprocess
    import sys

    missing = tmp_path / "missing.tdc"
    with subprocess.Popen(
        [sys.executable, "-m", "tdconsole.cli.follow_serve", "--event", str(missing), "serve"],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as server:
        server.wait(timeout=60)  # (its standard input left open, as follow's is)
        assert server.stderr is not None
        err = server.stderr.read()
    assert server.returncode == 2, err
    assert err.startswith("error: ") and "Fatal" not in err


async def test_a_server_refusing_the_token_it_just_gave_is_refused_not_asked_again(
    event: Path, tmp_path: Path, aiohttp_server: MakeServer
) -> None:
    """A token refused once the server restarted is asked for again; one refused on the turn
    it was handed out (a server that is not ``tdconsole serve``) ends ``follow`` in one line,
    never a loop of sign-ins."""
    _items, identity, last = fed(event)
    attached: list[int] = []

    async def attach(request: web.Request) -> web.StreamResponse:
        attached.append(1)
        return web.json_response({"event": identity, "token": "t", "last": last})

    async def log(request: web.Request) -> web.StreamResponse:
        return web.json_response({"refused": "token"}, status=401)

    app = web.Application()
    app.router.add_post("/copy/api/attach", attach)
    app.router.add_post("/copy/api/log", log)
    server = await aiohttp_server(app)
    copy = CopyFile.open(tmp_path / "copia.tdc", "http://127.0.0.1:8000")
    client = Client(str(server.make_url("")).rstrip("/"), "cassa", DIRECTOR_PIN)
    with pytest.raises(RuleError, match="the Director's server refused: token"):
        await asyncio.to_thread(
            follow_copy, copy, client, Status(io.StringIO(), "en"), lambda: len(attached) > 20
        )
    assert len(attached) == 2  # (the first token, refused at once; the second, on its turn)
    copy.close()
