"""A name typed on the Players tab of the console in a real terminal (tmux): a search, never
the keys' actions (``r`` in "Greco" redid a withdrawal undone earlier)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tdconsole.demo import build_demo
from tdconsole.service import Tournament

from .test_key_misfires import registration

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="needs tmux (apt-get install tmux)")

WAIT_SECONDS = 60
"""How long the console is given to show what is waited for (a busy machine is slow)."""


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., str]]:
    """``tmux(*args)``: a tmux of its own (its own server, ended after the test)."""
    socket = f"tdconsole-keys-{os.getpid()}-{tmp_path.name}"

    def tmux(*args: str) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", socket, *args], capture_output=True, text=True)
        return done.stdout

    yield tmux
    tmux("kill-server")


def wait_for(tmux: Callable[..., str], seen: Callable[[str], bool]) -> str:
    """The screen once ``seen`` holds of it (asked until ``WAIT_SECONDS`` have passed)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        screen = tmux("capture-pane", "-p", "-t", "keys")
        if seen(screen) or time.monotonic() > deadline:
            return screen
        time.sleep(0.2)


def test_greco_typed_on_the_players_tab_after_an_undo_redoes_nothing(
    tmp_path: Path, terminal: Callable[..., str]
) -> None:
    service = registration(tmp_path)  # a fee recorded and undone: ``r`` would redo it
    path, before = service.store.path, service.state.last_seq
    service.close()
    console = [sys.executable, "-m", "tdconsole", "--lang", "en", "--event", str(path)]
    env = f"TDCONSOLE_DATA_DIR={shlex.quote(os.environ['TDCONSOLE_DATA_DIR'])}"
    command = f"env {env} {shlex.join(console)}"
    terminal("new-session", "-d", "-s", "keys", "-x", "120", "-y", "40", command)
    assert "Players" in wait_for(terminal, lambda s: "2 Players" in s)
    terminal("send-keys", "-t", "keys", "2")
    assert "Search a name" in wait_for(terminal, lambda s: "/ Search a name" in s)
    terminal("send-keys", "-t", "keys", "-l", "Greco")
    terminal("send-keys", "-t", "keys", "Enter")
    screen = wait_for(terminal, lambda s: "Greco" in s and "/ Search a name" not in s)
    assert "Redone" not in screen
    # Enter gives the keys back to the list: its keys in the footer (no Escape: Escape and a
    # key sent right after it read as alt+key).
    assert "u Undo" in wait_for(terminal, lambda s: "u Undo" in s)
    terminal("send-keys", "-t", "keys", "q")
    assert "Quit the console?" in wait_for(terminal, lambda s: "Quit the console?" in s)
    terminal("send-keys", "-t", "keys", "Enter")
    assert "Players" not in wait_for(terminal, lambda s: "Players" not in s)
    after = Tournament.open(path)
    try:
        assert after.state.last_seq == before
        assert not after.state.find("Cid").paid  # type: ignore[union-attr]
    finally:
        after.close()


def test_ctrl_r_typed_100_ms_after_e_ticks_declined_in_the_dialog_e_opens(
    tmp_path: Path, terminal: Callable[..., str]
) -> None:
    """Typed as a person types it: ``e``, then ``ctrl+r`` a tenth of a second later (the
    dialog still opening), twice (the second time the dialog is the one kept)."""
    path = build_demo(tmp_path / "demo.tdc", lang="en")
    console = [sys.executable, "-m", "tdconsole", "--lang", "en", "--event", str(path)]
    env = f"TDCONSOLE_DATA_DIR={shlex.quote(os.environ['TDCONSOLE_DATA_DIR'])}"
    terminal(
        "new-session",
        "-d",
        "-s",
        "keys",
        "-x",
        "120",
        "-y",
        "40",
        f"env {env} {shlex.join(console)}",
    )
    assert "Players" in wait_for(terminal, lambda s: "2 Players" in s)
    for _ in range(2):
        terminal("send-keys", "-t", "keys", "e")
        time.sleep(0.1)  # the interval under test, not a wait for the console
        terminal("send-keys", "-t", "keys", "C-r")
        screen = wait_for(terminal, lambda s: "X▌ declined the second stack" in s)
        assert "X▌ declined the second stack" in screen, screen
        terminal("send-keys", "-t", "keys", "Escape")
        assert "Eliminate:" not in wait_for(terminal, lambda s: "Eliminate:" not in s)
