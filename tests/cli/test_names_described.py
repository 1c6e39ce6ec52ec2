"""A command's name on the command line is written once, in its description
(``domain.commands``): the parser reads it from there, sub-commands and actions included."""

from __future__ import annotations

import argparse
import dataclasses
import importlib

import pytest

from tdconsole.cli import COMMANDS
from tdconsole.domain import commands

RENAMED = {
    "ClockControl": "timer",
}


def _choices(
    parser: argparse.ArgumentParser | argparse._SubParsersAction[argparse.ArgumentParser],
) -> set[str]:
    if isinstance(parser, argparse._SubParsersAction):
        return set(parser.choices)
    return {
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }


def test_a_described_name_is_the_parser_name(monkeypatch: pytest.MonkeyPatch) -> None:
    for command, name in RENAMED.items():
        described = dataclasses.replace(commands.BY_COMMAND[command], cli=name)
        monkeypatch.setitem(commands.BY_COMMAND, command, described)
    sub = argparse.ArgumentParser().add_subparsers()
    for module in COMMANDS:
        importlib.import_module(module).register(sub)
    names = _choices(sub)
    assert "timer" in names
    assert "clock" not in names
    action = next(a for a in sub.choices["timer"]._actions if a.dest == "action")
    assert action.choices is not None and "next" in action.choices
