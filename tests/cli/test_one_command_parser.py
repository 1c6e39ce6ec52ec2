"""One command, one parser built: the command line names a command, only its
module is imported and only its parser built, and that parser is the one the whole command
line would have built."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Iterator

import pytest
from tdhelpers.support import printed_by_python

from tdconsole.cli import COMMANDS, build_parser, command_word, console_only, main

EVERY_COMMAND = [name for names in COMMANDS.values() for name in names]


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _every_help(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, str]]:
    """Each parser's help under ``parser``, sub-commands' included, by its path."""
    yield path, parser.format_help()
    for name, child in _commands(parser).items():
        yield from _every_help(child, f"{path} {name}")


@pytest.mark.parametrize("module", list(COMMANDS))
def test_the_table_says_what_each_module_adds(module: str) -> None:
    sub = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module).register(sub)
    assert tuple(sub.choices) == COMMANDS[module]


def test_the_whole_command_line_lists_every_command() -> None:
    assert list(_commands(build_parser())) == EVERY_COMMAND


@pytest.mark.parametrize("command", EVERY_COMMAND)
def test_one_command_s_parser_is_the_whole_command_line_s(command: str) -> None:
    whole = _commands(build_parser())[command]
    alone = _commands(build_parser(command=command))
    assert list(alone) == [command]
    assert dict(_every_help(alone[command])) == dict(_every_help(whole))


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["state", "--json"], "state"),
        (["count", "Rossi=4000", "--event", "e.tdc"], "count"),
        (["--event", "e.tdc", "count", "Rossi=4000"], "count"),
        (["--event=e.tdc", "--lang", "en", "clock", "start"], "clock"),
        (["--ev", "e.tdc", "--l", "en", "tables"], "tables"),
        (["--as", "state", "log"], "log"),
        (["colour-up", "--count", "A=1"], "colour-up"),
    ],
)
def test_the_command_word_past_the_global_options(argv: list[str], word: str) -> None:
    assert command_word(argv) == word


@pytest.mark.parametrize(
    "argv",
    [[], ["-h"], ["--help", "state"], ["stat"], ["--", "state"], ["--bogus", "state"],
     ["--event"], ["-", "state"]],
)  # fmt: skip
def test_in_doubt_every_parser_is_built(argv: list[str]) -> None:
    assert command_word(argv) is None


def test_a_misspelt_command_is_refused_naming_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["stat", "--json"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "'stat'" in err and "state" in err and "serve" in err


@pytest.mark.parametrize(
    ("argv", "alone"),
    [([], True), (["--event", "e.tdc"], True), (["--ev=e.tdc", "--l", "en", "--as", "Ada"], True),
     (["--event"], False), (["-h"], False), (["--help"], False), (["state"], False),
     (["--event", "e.tdc", "state"], False), (["--bogus", "x"], False), (["-e", "x"], False)],
)  # fmt: skip
def test_the_console_s_command_line_builds_no_command_s_parser(
    argv: list[str], alone: bool
) -> None:
    assert console_only(argv) is alone
    if alone:
        assert _commands(build_parser(console=True)) == {}
        assert build_parser(console=True).parse_args(argv).command is None


def test_the_console_s_command_line_imports_no_command_module() -> None:
    """``tdconsole --event e.tdc`` (the console) parses its options without importing a
    command's module: its first frame waits for none of them."""
    code = (
        "import sys\nfrom tdconsole.cli import build_parser, console_only\n"
        "argv = ['--event', 'e.tdc', '--lang', 'en']\nassert console_only(argv)\n"
        "build_parser(console=True).parse_args(argv)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.endswith('_cmds'))))"
    )
    out = printed_by_python(code)
    assert out.split() == []


def test_the_console_s_module_loads_no_model_before_the_first_frame() -> None:
    """``cli.ui_cmds`` (the console's commands) imports neither pydantic nor the event's
    models: the service, the demo's build and the crash report come after the first frame."""
    code = (
        "import sys\nimport tdconsole.cli.ui_cmds\n"
        "print(' '.join(m for m in ('pydantic', 'tdconsole.domain.state', 'tdconsole.service',"
        " 'textual') if m in sys.modules))"
    )
    out = printed_by_python(code)
    assert out.split() == []
