"""The command-line reference in docs/ is what the parsers say now: the reference can
never drift from the program."""

from __future__ import annotations

from pathlib import Path

from tdconsole.cli import COMMANDS
from tdconsole.cli.reference import reference

REFERENCE = Path(__file__).parents[2] / "docs" / "command-line.md"


def test_the_reference_in_docs_is_the_parsers_own() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference(), (
        "docs/command-line.md is stale: run "
        "`python -m tdconsole.cli.reference > docs/command-line.md`"
    )


def test_every_command_and_its_options_are_in_the_reference() -> None:
    text = reference()
    for names in COMMANDS.values():
        for name in names:
            assert f"### `tdconsole {name}`" in text
    assert "| `--stacks N` |" in text  # an option of a command
    assert "#### `tdconsole calc sidepots`" in text  # a sub-command, one level down
    assert "`--event PATH`" in text.split("## Commands")[0]  # the global options, once
    assert "`--event PATH` |" not in text.split("## Commands")[1]


def test_a_changed_help_shows_in_the_reference(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import tdconsole.cli.reference as module

    before = module.reference()
    real = module.build_parser

    def changed(language: str | None = None) -> object:
        parser = real(language)
        parser.add_argument("--brand-new", help="an option added today")
        return parser

    monkeypatch.setattr(module, "build_parser", changed)
    after = module.reference()
    assert after != before
    assert "| `--brand-new BRAND_NEW` | an option added today |" in after
