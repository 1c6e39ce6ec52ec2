"""``tdconsole floor`` without ``--as`` records the name the user logged in with, as each
system gives it (Windows sets ``USERNAME``, not ``USER``), else "floor"."""

from __future__ import annotations

import argparse
import getpass

import pytest

from tdconsole.cli import ui_cmds

LOGIN_VARIABLES = ("LOGNAME", "USER", "LNAME", "USERNAME")


def floor_actor(monkeypatch: pytest.MonkeyPatch) -> str:
    seen: list[str] = []

    def run_console(args: argparse.Namespace, mode: str) -> int:
        seen.append(args.actor)
        return 0

    monkeypatch.setattr(ui_cmds, "run_console", run_console)
    assert ui_cmds.cmd_floor(argparse.Namespace()) == 0
    return seen[0]


def test_on_windows_the_floor_is_recorded_under_the_login_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in LOGIN_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("USERNAME", "marco")  # all Windows sets
    assert floor_actor(monkeypatch) == "marco"


def test_without_any_login_name_the_floor_is_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    def nobody() -> str:
        raise OSError("No username set in the environment")  # getpass's, Python 3.13+

    monkeypatch.setattr(getpass, "getuser", nobody)
    assert floor_actor(monkeypatch) == "floor"


def test_as_given_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(ui_cmds, "run_console", lambda args, mode: seen.append(args.actor) or 0)
    ui_cmds.cmd_floor(argparse.Namespace(actor="Giulia"))
    assert seen == ["Giulia"]
