"""``tdconsole follow --port N``: the copy's pages served from its file while it follows.

The copy's server is ``tdconsole serve`` itself, in a child process on the copy's file
(``--host 0.0.0.0``: the room's devices reach it, under ``serve``'s rules for the network), read
-only while the file follows (``copy_marks.check_writable``), the event's own once it was taken
over. It starts once the file holds the first entries and ends with ``follow``: asked to stop
when ``follow`` ends, and by itself when its standard input (a pipe from ``follow``) closes,
``follow`` gone however it went (``python -m tdconsole.cli.follow_serve``). The port is tried
before anything is copied: one taken is a one-line refusal.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.store.system import reuse_address

HOST = "0.0.0.0"
"""Where the copy's server listens: every network of this computer (the room's)."""
STOP_SECONDS = 15.0
"""How long the server may take to end its sessions once asked to stop (then it is killed)."""


class CopyServer:
    """``tdconsole serve`` on the copy's file ``event``, on ``port``."""

    def __init__(self, event: Path, port: int, language: str) -> None:
        if not 0 < port < 65536:
            raise RuleError(_("--port {port}: give a port from 1 to 65535").format(port=port))
        self.event, self.port, self.language = event, port, language
        self.process: subprocess.Popen[bytes] | None = None

    def check_free(self) -> None:
        """Refuse (one line) a port this computer cannot listen on, before anything is copied."""
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            if reuse_address():
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((HOST, self.port))
            except OSError as exc:
                raise RuleError(
                    _("cannot listen on port {port} ({value}): choose another --port").format(
                        port=self.port, value=exc.strerror or exc
                    )
                ) from None

    def start(self) -> None:
        """Serve the copy's file (once it holds the event's first entries)."""
        if self.process is None:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tdconsole.cli.follow_serve",
                    "--lang",
                    self.language,
                    "--event",
                    str(self.event),
                    "serve",
                    "--host",
                    HOST,
                    "--port",
                    str(self.port),
                ],
                stdin=subprocess.PIPE,  # (never written: closed when follow ends)
            )

    def check(self) -> None:
        """Refuse to go on when the server stopped by itself (its own line said why)."""
        if self.process is not None and (code := self.process.poll()) is not None:
            raise RuleError(
                _(
                    "the copy's pages are no longer served on port {port} (exit {code}): see "
                    "the line above, then follow again"
                ).format(port=self.port, code=code)
            )

    def wait(self) -> None:
        """Until the server ends (Ctrl+C reaches it too)."""
        if self.process is not None:
            self.process.wait()

    def stop(self) -> None:
        """End the server (it ends its sessions first), waiting for it."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(OSError):
            process.terminate()
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _stop_once_follow_is_gone() -> None:
    """Read standard input to its end (``follow`` gone), then stop as SIGTERM stops ``serve``."""
    # (the descriptor read, not ``sys.stdin``: its buffer's lock, held here, would stop the
    # interpreter's exit when the server ends first)
    with contextlib.suppress(OSError):
        while os.read(0, 4096):
            pass
    signal.raise_signal(signal.SIGTERM)


def main(argv: list[str]) -> int:
    """``tdconsole ARGV`` (``serve`` on the copy's file), until ``follow`` is gone."""
    # lazy: the command line imports this module (``follow``): at the top, a cycle
    from tdconsole.cli import main as command_line

    threading.Thread(target=_stop_once_follow_is_gone, daemon=True).start()
    return command_line(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
