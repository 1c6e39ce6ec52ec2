"""``tdconsole follow URL --to FILE``: a live copy of the event on a second device.

Takes the whole log from the Director's ``tdconsole serve`` (``tdconsole.serve.copy_feed``),
then every entry as it is written, each checked as an import checks it, into an ordinary event
file of its own (``store.copy_file``); says to the server each entry once it is written, so
that the Director's writes wait for the copy (``service.copy_wait``). A dropped network is
waited out (tried again within ``RETRY_MOST`` seconds, from the last entry held); Ctrl+C ends
it, the file whole. The file is marked as the copy of the server followed
(``copy_marks.following``); once ``take-over`` cleared the mark, ``follow`` stops, and refuses
that file from then on. With ``--port`` the copy serves its pages (``cli.follow_serve``) and
says its port at attach: the Director's pages know where to go on from.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import http.client
import json
import platform
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TextIO
from urllib.parse import urlsplit

from tdconsole.cli.common import Control, lang
from tdconsole.cli.data_cmds import new_event_path
from tdconsole.cli.follow_serve import CopyServer
from tdconsole.cli.parsing import current_language
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _, ngettext
from tdconsole.store.copy_file import CopyFile

RETRY_MOST = 1.0
"""The longest wait before trying the Director's server again."""
ANSWER_SECONDS = 4.0
"""How long an answer may take (the feed holds a request about a second)."""
ANSWER_MOST = 64 * 1024 * 1024
"""The longest answer read (the feed's ~2000 entries are a few MB): past it, not the feed."""


class Unreachable(Exception):
    """The Director's server did not answer (the network, or the server, is gone)."""


class Refused(Exception):
    """The Director's server answered no: ``said`` why, ``status`` its HTTP status."""

    def __init__(self, status: int, said: str) -> None:
        super().__init__(said)
        self.status, self.said = status, said


def base_url(typed: str) -> str:
    """The server's address as typed (``http://`` when no scheme is given), or refused."""
    text = typed.strip().rstrip("/")
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)
        host, _port = parts.hostname, parts.port
    except ValueError:  # (a bracket unclosed, a port not a number)
        host = None
    if not host or parts.scheme not in ("http", "https"):
        raise RuleError(
            _(
                "{url} is not the address of a `tdconsole serve`: give it as "
                "http://ADDRESS:PORT (the one the Director's server prints)"
            ).format(url=typed)
        )
    return text


def _bounded(answer: Any) -> bytes:
    """The answer's body, refused (``ValueError``) past ``ANSWER_MOST``."""
    body: bytes = answer.read(ANSWER_MOST + 1)
    if len(body) > ANSWER_MOST:
        raise ValueError("answer too long")
    return body


class Client:
    """The feed's two calls, over the standard library's HTTP."""

    def __init__(self, url: str, device: str, pin: str, port: int | None = None) -> None:
        self.url, self.device, self.pin = url, device, pin
        self.port = port
        """Where the copy serves its pages (said at attach), if it does."""
        self.token = ""

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps({"device": self.device, **body}).encode(),
            headers={"Content-Type": "application/json", "X-Copy-Token": self.token},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=ANSWER_SECONDS) as answer:
                found = json.loads(_bounded(answer))
        except urllib.error.HTTPError as exc:
            if exc.code >= 500:  # (the server in trouble, or a proxy without it: tried again)
                raise Unreachable(f"HTTP {exc.code}") from None
            try:
                said = json.loads(_bounded(exc)).get("refused") or ""
            except (ValueError, AttributeError, OSError):
                said = ""
            raise Refused(exc.code, str(said)[:300]) from None
        except urllib.error.URLError as exc:
            raise Unreachable(str(exc.reason)) from None
        except (OSError, http.client.HTTPException, ValueError) as exc:
            raise Unreachable(str(exc)) from None
        if not isinstance(found, dict):
            raise Unreachable("not JSON")
        return found

    def attach(self, event: str, seq: int, hashed: str) -> dict[str, Any]:
        holds = {"event": event, "seq": seq, "hash": hashed} if event else None
        serves = {} if self.port is None else {"port": self.port}
        found = self._post("/copy/api/attach", {"pin": self.pin, "holds": holds, **serves})
        self.token = str(found.get("token", ""))
        return found

    def log(self, after: int, hashed: str) -> dict[str, Any]:
        return self._post("/copy/api/log", {"after": after, "hash": hashed})

    def detach(self) -> None:
        """Tell the server the copy stops (its writes no longer wait for it), if it is there."""
        if self.token:
            with contextlib.suppress(Unreachable, Refused):
                self._post("/copy/api/detach", {})


def _refusal(url: str, exc: Refused) -> RuleError:
    if exc.status == 404:
        return RuleError(
            _("{url} serves no copy: give the address `tdconsole serve` prints").format(url=url)
        )
    if exc.said:
        return RuleError(_("the Director's server refused: {why}").format(why=exc.said))
    return RuleError(
        _("the Director's server refused the copy (HTTP {status}): check the address").format(
            status=exc.status
        )
    )


def read_pin(stdin: TextIO) -> str:
    """The Director's PIN: asked at a terminal, else the first line of standard input."""
    if stdin.isatty():
        return getpass.getpass(_("Director PIN: ").text(current_language()))
    return stdin.readline().strip()


ERASE_LINE = Control("\r\x1b[2K")
"""Back to the line's start, the line erased: the status line rewritten in place."""


class Status:
    """One line a second: rewritten in place at a terminal, a line at each change if not."""

    def __init__(self, out: TextIO, language: str) -> None:
        self.out, self.language = out, language
        self.terminal = out.isatty()
        self._shown = ""
        self._at = 0.0

    def say(self, message: Msg) -> None:
        text = message.text(self.language)
        now = time.monotonic()
        if text == self._shown or (self.terminal and now - self._at < 1.0):
            return
        self._shown, self._at = text, now
        if self.terminal:
            self.out.write(ERASE_LINE)
            self.out.write(text)
        else:
            self.out.write(text + "\n")
        self.out.flush()

    def end(self) -> None:
        if self.terminal and self._shown:
            self.out.write("\n")
            self.out.flush()


def standing(held: int, last: int) -> Msg:
    if held >= last:
        return _("up to date: {n} entries").format(n=held)
    return ngettext(
        "{behind} entry behind ({held} of {last})",
        "{behind} entries behind ({held} of {last})",
        last - held,
    ).format(behind=last - held, held=held, last=last)


def follow(
    copy: CopyFile,
    client: Client,
    status: Status,
    until: Callable[[], bool] = lambda: False,
    server: CopyServer | None = None,
) -> bool:
    """Follow into ``copy`` until interrupted, ``until`` says so, or the copy was taken over
    (True); ``server`` serves the copy's file once it holds the first entries."""
    try:
        found = client.attach(copy.event, copy.last, copy.last_hash)
    except Unreachable as exc:
        raise RuleError(
            _(
                "cannot reach {url} ({why}): is `tdconsole serve` running there, on this "
                "network? check the address"
            ).format(url=client.url, why=exc)
        ) from None
    except Refused as exc:
        raise _refusal(client.url, exc) from None
    event = str(found.get("event", ""))
    copy.check_event(event)
    pause, lost = 0.05, None
    while not until():
        if copy.taken_over():
            return True
        if server is not None and copy.store is not None:
            server.start()
            server.check()
        fresh = not client.token  # (a token handed out on this turn)
        try:
            if fresh:
                client.attach(copy.event or event, copy.last, copy.last_hash)
            answer = client.log(copy.last, copy.last_hash)
        except Unreachable:
            lost = lost or datetime.now().strftime("%H:%M:%S")
            status.say(
                _("cannot reach the Director's server since {since}: trying again").format(
                    since=lost
                )
            )
            time.sleep(pause)
            pause = min(RETRY_MOST, pause * 2)
            continue
        except Refused as exc:
            if exc.status == 401 and client.token and not fresh:  # (a restarted server)
                client.token = ""
                continue
            raise _refusal(client.url, exc) from None
        pause, lost = 0.05, None
        entries = answer.get("entries")
        last = answer.get("last")
        if not isinstance(entries, list) or not isinstance(last, int):
            raise RuleError(_("the Director's server answered something else: check the address"))
        copy.take(entries, event, datetime.now(UTC))
        status.say(standing(copy.last, last))
    return False


def cmd_follow(args: argparse.Namespace) -> int:
    url = base_url(args.url)
    device = (args.device or platform.node() or "copy").strip()[:100]
    if not device:
        raise RuleError(_("--device: give the name of this computer"))
    language = lang(args)
    target = new_event_path(args.to)  # (a bare name in the data folder, as `import --to`)
    server = None if args.port is None else CopyServer(target, args.port, language)
    if server is not None:
        server.check_free()
    copy = CopyFile.open(target, url)
    status = Status(sys.stdout, language)
    client = Client(url, device, "", args.port)
    try:
        client.pin = read_pin(sys.stdin)
        if follow(copy, client, status, server=server):
            status.end()
            said = _("the copy was taken over: it is the event's file now; follow stopped")
            if server is not None:  # (its pages are the event's now)
                said = _(
                    "the copy was taken over: it is the event's file now, its pages served on "
                    "port {port} until Ctrl+C"
                ).format(port=server.port)
            print(said.text(language), flush=True)
            if server is not None:
                server.wait()
    except KeyboardInterrupt:
        status.end()
        client.detach()
        return 0
    finally:
        copy.close()
        if server is not None:
            server.stop()
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        "follow",
        help=_("keep a live copy of the event served at URL in FILE (a second computer)"),
        description=_(
            "Copy the event served by the Director's `tdconsole serve` at URL into FILE, "
            "then every entry as it is written, each checked as an import checks it; the "
            "Director's actions wait for the copy while it is attached. The Director PIN is "
            "asked (or read from standard input). Ctrl+C stops it, the file whole."
        ),
    )
    p.add_argument(
        "url", metavar=_("URL"), help=_("the Director's server, e.g. http://192.168.1.5:8000")
    )
    p.add_argument("--to", required=True, metavar=_("FILE"), help=_("the copy's event file"))
    p.add_argument("--device", metavar=_("NAME"), help=_("this computer's name (default: its own)"))
    p.add_argument(
        "--port",
        type=int,
        metavar=_("PORT"),
        help=_(
            "also serve the copy's TV, players' and phones' pages on this port, to every "
            "network (read-only while it follows; a floor PIN needed, as `serve --host`)"
        ),
    )
    p.set_defaults(func=cmd_follow)
