"""A command whose parser is built apart from its body (``season``'s): its sub-commands name
their functions (``cli.common.Deferred``), each one real, and ``season --help`` loads none of
the season's models."""

from __future__ import annotations

import argparse
import importlib

import pytest
from tdhelpers.support import printed_by_python

from tdconsole.cli import build_parser
from tdconsole.cli.common import Deferred

ACTIONS = ["new", "add", "remove", "set", "alias", "unalias", "print"]


def _season_parsers() -> dict[str, argparse.ArgumentParser]:
    season = build_parser(command="season")
    for action in season._actions:
        if isinstance(action, argparse._SubParsersAction):
            parser = action.choices["season"]
            for inner in parser._actions:
                if isinstance(inner, argparse._SubParsersAction):
                    return {"": parser, **inner.choices}
    raise AssertionError("no season sub-commands")


@pytest.mark.parametrize("action", ["", *ACTIONS])
def test_every_deferred_function_is_there(action: str) -> None:
    func = _season_parsers()[action].get_default("func")
    assert isinstance(func, Deferred), action
    module = importlib.import_module(func.module)
    assert callable(getattr(module, func.name))


def test_a_deferred_function_runs_with_the_command_s_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    func = Deferred("tdconsole.cli.season_cmds", "cmd_formulas")
    assert func(argparse.Namespace(lang="en")) == 0
    out = capsys.readouterr().out
    assert "k = place" in out and "sqrt" in out
    assert repr(func) == "Deferred('tdconsole.cli.season_cmds', 'cmd_formulas')"


def test_the_season_s_help_loads_none_of_its_models() -> None:
    code = (
        "import sys, contextlib, io\nfrom tdconsole.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['season', 'print', '--help'])\n"
        "print(' '.join(m for m in ('pydantic', 'tdconsole.season.seasonfile',"
        " 'tdconsole.cli.season_show') if m in sys.modules))"
    )
    out = printed_by_python(code)
    assert out.split() == []
