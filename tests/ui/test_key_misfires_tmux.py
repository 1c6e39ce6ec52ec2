"""Names typed on every tab of the console in a real terminal (tmux): searches, never the keys'
actions (``r`` in "Greco" redid a fee undone earlier)."""

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


def console_command(path: Path) -> str:
    """The console on ``path``, as the shell of a tmux window runs it (a detached session's
    command is given ``COLUMNS=80 LINES=24``: the console takes the window's size anyway)."""
    console = [sys.executable, "-m", "tdconsole", "--lang", "en", "--event", str(path)]
    env = f"TDCONSOLE_DATA_DIR={shlex.quote(os.environ['TDCONSOLE_DATA_DIR'])}"
    return f"env COLUMNS=80 LINES=24 {env} {shlex.join(console)}"


def wait_for(tmux: Callable[..., str], seen: Callable[[str], bool]) -> str:
    """The screen once ``seen`` holds of it (asked until ``WAIT_SECONDS`` have passed)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        screen = tmux("capture-pane", "-p", "-t", "keys")
        if seen(screen) or time.monotonic() > deadline:
            return screen
        time.sleep(0.2)


def quit_console(terminal: Callable[..., str], path: Path) -> Tournament:
    """``q`` and Enter: the console ends; its event, opened again, as it left it."""
    terminal("send-keys", "-t", "keys", "q")
    screen = wait_for(terminal, lambda s: "Quit the console?" in s)
    assert "Quit the console?" in screen, screen
    terminal("send-keys", "-t", "keys", "Enter")
    assert "Players" not in wait_for(terminal, lambda s: "Players" not in s)
    return Tournament.open(path)


def test_ctrl_r_typed_100_ms_after_e_ticks_declined_in_the_dialog_e_opens(
    tmp_path: Path, terminal: Callable[..., str]
) -> None:
    """Typed as a person types it: ``e``, then ``ctrl+r`` a tenth of a second later (the
    dialog still opening), twice (the second time the dialog is the one kept)."""
    path = build_demo(tmp_path / "demo.tdc", lang="en")
    terminal("new-session", "-d", "-s", "keys", "-x", "120", "-y", "40", console_command(path))
    assert "Players" in wait_for(terminal, lambda s: "2 Players" in s)
    for _ in range(2):
        terminal("send-keys", "-t", "keys", "e")
        time.sleep(0.1)  # the interval under test, not a wait for the console
        terminal("send-keys", "-t", "keys", "C-r")
        screen = wait_for(terminal, lambda s: "X▌ declined the second stack" in s)
        assert "X▌ declined the second stack" in screen, screen
        terminal("send-keys", "-t", "keys", "Escape")
        assert "Eliminate:" not in wait_for(terminal, lambda s: "Eliminate:" not in s)


def busy_cores() -> list[subprocess.Popen[bytes]]:
    """Every core kept busy, as a night's laptop is when the TV, the phones and a backup run."""
    spin = [sys.executable, "-c", "while True: pass"]
    return [subprocess.Popen(spin) for _ in range(os.cpu_count() or 2)]


# Two per tab, each beginning with a key of the console (``e`` eliminates, ``m`` moves …), and
# "Greco" (its ``r`` once redid what was undone).
NAMES_BY_TAB = {
    "1": ["moretti", "esposito"],
    "2": ["serra", "barbieri", "Greco"],
    "3": ["rinaldi", "greco"],
    "4": ["conti", "ferrari"],
    "5": ["leone", "bruno"],
    "6": ["villa", "de luca"],
}


def test_names_typed_fast_on_every_tab_with_every_core_busy_lose_no_letter(
    tmp_path: Path, terminal: Callable[..., str]
) -> None:
    """Each name sent as a terminal sends a name typed (every letter in one burst), then Enter,
    on each of the six tabs, the machine loaded, a fee recorded and undone (``r`` would redo
    it): the players' search holds the whole name, Enter gives the keys back to the list (its
    keys in the footer), nothing is redone and the night is unchanged. A tab's digit typed in
    the same burst as a name (``1marino``) brings its tab and is not part of the search."""
    service = registration(tmp_path)
    path, seq = service.store.path, service.state.last_seq
    service.close()
    terminal("new-session", "-d", "-s", "keys", "-x", "120", "-y", "40", console_command(path))
    assert "Players" in wait_for(terminal, lambda s: "2 Players" in s)
    spinners = busy_cores()
    try:
        for tab, names in NAMES_BY_TAB.items():
            for name in names:
                terminal("send-keys", "-t", "keys", tab)
                time.sleep(0.5)  # the tab's digit and the name apart, as a person types them
                terminal("send-keys", "-t", "keys", "-l", name)
                terminal("send-keys", "-t", "keys", "Enter")
                screen = wait_for(terminal, lambda s, name=name: f"{name}" in s and "u Undo" in s)
                assert f"{name}" in screen and "u Undo" in screen, (tab, name, screen)
                assert "Redone" not in screen, (tab, name, screen)
        terminal("send-keys", "-t", "keys", "-l", "1marino")
        terminal("send-keys", "-t", "keys", "Enter")
        screen = wait_for(terminal, lambda s: "marino" in s and "u Undo" in s)
        assert "marino" in screen and "1marino" not in screen, screen
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    after = quit_console(terminal, path)
    try:
        assert after.state.last_seq == seq
        assert not after.state.find("Cid").paid  # type: ignore[union-attr]
    finally:
        after.close()


def test_the_console_takes_the_terminals_size_whatever_columns_and_lines_say(
    tmp_path: Path, terminal: Callable[..., str]
) -> None:
    """``COLUMNS=80 LINES=24`` in the environment (``console_command``), a 120x40 window: the
    console is laid out at 120x40 (its footer whole), then follows a resize."""
    path = build_demo(tmp_path / "demo.tdc", lang="en")
    terminal("new-session", "-d", "-s", "keys", "-x", "120", "-y", "40", console_command(path))
    screen = wait_for(terminal, lambda s: "? Keys" in s)
    assert "? Keys" in screen and len(screen.splitlines()) >= 39, screen
    terminal("resize-window", "-t", "keys", "-x", "100", "-y", "30")
    screen = wait_for(terminal, lambda s: "? Keys" not in s)
    assert "? Keys" not in screen, screen  # the footer cut at 100 columns: the size followed
