"""Global options before or after the command, as people type them:
``tdconsole floor --as Marco`` is ``tdconsole --as Marco floor``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from tdhelpers.command_line import new_event
from tdhelpers.command_line import run_typed as run

from tdconsole.cli import build_parser, main, parsing, slice_cmds, ui_cmds


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    return new_event(capsys, tmp_path / "opts.tdc", "Opzioni")


@pytest.mark.parametrize(
    "argv",
    [
        ["floor"],
        ["display"],
        ["register", "Ada", "Bea"],
        ["clock", "start"],
        ["clock", "plan", "--stack", "4000", "--bb", "100"],
        ["rules", "import", "x.txt", "--name", "club"],
        ["tables", "--json"],
        ["undo", "--reason", "typo"],
        ["export"],
        ["calc", "clock", "--granted", "30", "--elapsed", "10"],
        ["standings", "--json"],
    ],
)
def test_the_global_options_parse_the_same_before_and_after(argv: list[str]) -> None:
    # the parser the command line reads them with: a command written in one module's own
    own = parsing.named(argv, argv[0])
    parser = build_parser() if own is None else slice_cmds.parser_for(own)
    options = ["--as", "Marco", "--event", "e.tdc", "--lang", "en"]
    before = parser.parse_args([*options, *argv])
    after = parser.parse_args([*argv, *options])
    assert (after.actor, after.event, after.lang) == ("Marco", "e.tdc", "en")
    assert vars(before) == vars(after)


def test_not_given_after_the_command_they_keep_the_ones_before() -> None:
    args = build_parser().parse_args(["--as", "Marco", "--lang", "en", "floor"])
    assert (args.actor, args.lang, args.event) == ("Marco", "en", None)
    args = build_parser().parse_args(["floor"])
    assert (args.actor, args.lang, args.event) == (None, None, None)


def test_after_the_command_they_win() -> None:
    args = build_parser().parse_args(["--lang", "it", "standings", "--lang", "en"])
    assert args.lang == "en"


def test_a_command_keeps_its_own_option_of_the_same_name() -> None:
    """``rule QUERY --lang en`` is the rulebook's language, as it always was (cli.md)."""
    args = build_parser().parse_args(["--lang", "it", "rule", "7.7", "--lang", "en"])
    assert (args.lang, args.rule_lang) == ("it", "en")


def test_commands_run_with_the_options_after(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, err = run(capsys, "register", "Ada", "Bea", "--event", event, "--lang", "en")
    assert code == 0 and "register Ada, Bea" in out, err
    code, out, _ = run(capsys, "pay", "ada", "--lang", "it", "--event", event, "--as", "Eve")
    assert code == 0 and "quota d'iscrizione versata" in out
    code, out, _ = run(capsys, "log", "--json", "--event", event)
    last = [e for e in json.loads(out)["events"] if e["type"] == "command"][-1]
    assert last["actor"] == "Eve"
    code, _, err = run(
        capsys, "set", "table_seats=9", "--event", event, "--as", "Eve", "--lang", "en"
    )
    assert code == 2 and "only the Director" in err
    code, out, _ = run(capsys, "standings", "--json", "--event", event)
    assert code == 0 and json.loads(out)


def test_floor_as_marco_reaches_the_floor_console(
    monkeypatch: pytest.MonkeyPatch, event: str
) -> None:
    """``tdconsole floor --as Marco`` opens the floor console for Marco (not a usage error)."""
    seen: dict[str, object] = {}

    def fake_run(args: argparse.Namespace, mode: str, *rest: object, **kw: object) -> int:
        seen.update(actor=args.actor, mode=mode, event=args.event)
        return 0

    monkeypatch.setattr(ui_cmds, "run_console", fake_run)
    assert main(["floor", "--as", "Marco", "--event", event]) == 0
    assert seen == {"actor": "Marco", "mode": "floor", "event": event}
