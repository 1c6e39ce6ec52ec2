"""Processes for the tests that need several at once (terminals racing on one file, a writer
killed mid-stream, a limit set on one process) but not a fresh interpreter: each is a real
process, with its own connections and files, killed by a real signal; it is forked from a
server that imported the console and ran its commands once (``multiprocessing``'s forkserver,
preloading ``forked_server``), instead of a new Python spending 0.2-0.3 s of CPU importing the
console and building its models. A test of what a fresh interpreter imports, or of the
installed command, runs ``sys.executable`` itself.

``popen`` and ``run`` take a script as ``python -c`` would, with its arguments, and give what
``subprocess`` gives: the exit code (negative for a signal), stdout and stderr as text.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, Any

if "forkserver" in multiprocessing.get_all_start_methods():
    SERVER: Any = multiprocessing.get_context("forkserver")
    SERVER.set_forkserver_preload(["tdhelpers.forked_server"])
else:  # Windows: the modules importing this one are collected there, and skipped (conftest)
    SERVER = multiprocessing.get_context("spawn")
PATHS = (Path(__file__).resolve().parents[1],)
"""Where the server imports ``tdhelpers`` from (``forked_server``, and the fault tests'
``driver`` and ``writer``): Python 3.11 hands it nothing of this process's ``sys.path``, only
its ``PYTHONPATH``."""
_started = threading.Lock()


def process(target: Any, *args: Any) -> Any:
    """``SERVER.Process(target=target, args=args)``, started (the server too, the first time,
    with the paths it imports from)."""
    proc = SERVER.Process(target=target, args=args)
    with _started:
        before = os.environ.get("PYTHONPATH")
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [*map(str, PATHS), *([before] if before else [])]
        )
        try:
            proc.start()
        finally:
            if before is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = before
    return proc


def _script(
    script: str,
    argv: list[str],
    env: dict[str, str],
    cwd: str,
    stdout: Connection | None,
    stderr: Connection | None,
) -> None:
    """The forked process: ``python -c script *argv`` in ``cwd`` under ``env``."""
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    for pipe, fd in ((stdout, 1), (stderr, 2)):
        if pipe is not None:
            os.dup2(pipe.fileno(), fd)
            pipe.close()
        else:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
    sys.argv = ["-c", *argv]
    exec(compile(script, "<string>", "exec"), {"__name__": "__main__"})


class Forked:
    """A script running in a forked process, as ``subprocess.Popen`` with ``text=True`` and
    ``stdout``/``stderr`` either ``subprocess.PIPE`` or nothing (thrown away)."""

    def __init__(
        self,
        script: str,
        args: Sequence[str],
        *,
        stdout: bool,
        stderr: bool,
        env: dict[str, str] | None,
        cwd: Path | None,
    ) -> None:
        ends = [SERVER.Pipe(duplex=False) if want else (None, None) for want in (stdout, stderr)]
        self._proc = process(
            _script,
            *(script, list(args), dict(os.environ if env is None else env)),
            *(str(cwd or os.getcwd()), ends[0][1], ends[1][1]),
        )
        self.stdout: IO[str] | None = None
        self.stderr: IO[str] | None = None
        streams = []
        for reader, writer in ends:
            if reader is None or writer is None:
                streams.append(None)
                continue
            writer.close()  # the child holds the only writing end: its end is the stream's
            fd = os.dup(reader.fileno())
            reader.close()
            streams.append(open(fd, encoding="utf-8", errors="replace"))  # noqa: SIM115
        self.stdout, self.stderr = streams
        self.pid: int = self._proc.pid

    @property
    def returncode(self) -> int | None:
        code: int | None = self._proc.exitcode
        return code

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self._proc.join(timeout)
        if self.returncode is None:
            raise subprocess.TimeoutExpired("forked script", timeout or 0)
        return self.returncode

    def kill(self) -> None:
        self._proc.kill()

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Everything the process writes until it ends (read on threads: neither pipe fills)."""
        read: dict[str, str] = {}
        readers = [
            threading.Thread(target=lambda n=name, s=stream: read.update({n: s.read()}))
            for name, stream in (("out", self.stdout), ("err", self.stderr))
            if stream is not None
        ]
        for reader in readers:
            reader.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        for reader in readers:
            reader.join(None if deadline is None else max(deadline - time.monotonic(), 0))
        self.wait(None if deadline is None else max(deadline - time.monotonic(), 0))
        for stream in (self.stdout, self.stderr):
            if stream is not None:
                stream.close()
        return read.get("out", ""), read.get("err", "")


def popen(
    script: str,
    *args: str,
    stdout: bool = False,
    stderr: bool = False,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
) -> Forked:
    """``subprocess.Popen([python, "-c", script, *args], text=True, ...)``: ``stdout`` and
    ``stderr`` piped when true, ``env`` (this process's environment by default), ``cwd``."""
    return Forked(script, args, stdout=stdout, stderr=stderr, env=env, cwd=cwd)


def run(
    script: str, *args: str, timeout: float = 120, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The script to its end, its output captured (``subprocess.run(..., capture_output=True,
    text=True, timeout=timeout)``: killed when it takes longer)."""
    forked = popen(script, *args, stdout=True, stderr=True, env=env)
    try:
        out, err = forked.communicate(timeout)
    except subprocess.TimeoutExpired:
        forked.kill()
        raise
    return subprocess.CompletedProcess(["-c", script, *args], forked.wait(), out, err)
