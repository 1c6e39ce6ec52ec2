"""The command line's help and usage errors in the console's language: argparse's own words
(``usage:``, ``options``, its errors) and every help text, description and metavar come from
the catalogue, chosen by ``--lang`` before parsing (else Italian)."""

from __future__ import annotations

import argparse
import gettext
import json
import re
from pathlib import Path

import pytest
from tdhelpers.command_line import run_typed as run

from tdconsole.cli import build_parser
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import CLOSE, OPEN, languages, translation
from tdconsole.store.settings_file import load_settings

ARGPARSE_ENGLISH = (
    "usage:",
    "positional arguments",
    "options:",
    "show this help message and exit",
    "the following arguments are required",
    "invalid choice",
    "unrecognized arguments",
    "expected one argument",
    "see `",
)


def flat(text: str) -> str:
    """The text with its line wrapping undone (argparse wraps help to the terminal's width)."""
    return " ".join(text.split())


def marked(text: str) -> list[str]:
    """The texts the pseudo-language wrapped: each one went through the catalogue."""
    return [flat(found) for found in re.findall(f"{OPEN}(.*?){CLOSE}", text, flags=re.S)]


def commands() -> list[list[str]]:
    """Every command and sub-command of the command line (``[]`` is the program itself)."""
    found: list[list[str]] = [[]]

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    found.append([*path, name])
                    walk(child, [*path, name])

    walk(build_parser("en"), [])
    return found


SAMPLE = [[], ["bust"], ["clock"], ["calc", "sidepots"], ["season", "new"], ["print"]]


@pytest.mark.parametrize("command", SAMPLE, ids=lambda c: " ".join(c) or "tdconsole")
def test_help_is_wholly_italian(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, italian, _err = run(capsys, "--lang", "it", *command, "--help")
    assert code == 0
    assert italian.startswith("uso: tdconsole")
    assert "opzioni:" in italian and "mostra questo aiuto ed esce" in italian
    for english in ARGPARSE_ENGLISH:
        assert english not in italian
    # Every text the catalogue gives (seen wrapped in the pseudo-language) is said in Italian.
    _code, pseudo, _err = run(capsys, "--lang", "pseudo", *command, "--help")
    catalogue = translation("it")
    said = flat(italian)
    assert marked(pseudo)
    for text in marked(pseudo):
        if catalogue.gettext(text) != text and len(text) > 3:
            assert text not in said, text


def test_english_help_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--lang", "en", "bust", "--help")
    assert code == 0
    assert out.startswith("usage: tdconsole bust")
    assert "positional arguments:" in out and "show this help message and exit" in out
    assert "Eliminate (Art. III.2, III.3, IV.7)" in flat(out)
    assert "uso:" not in out and "opzioni" not in out and "Elimina " not in out


@pytest.mark.parametrize(
    ("argv", "italian", "english"),
    [
        (
            ["bust"],
            "mancano questi argomenti obbligatori: NOME",
            "the following arguments are required: NAME",
        ),
        (
            ["nope"],
            "argomento COMANDO: scelta non valida: 'nope'",
            "argument COMMAND: invalid choice: 'nope'",
        ),
        (["state", "--zzz"], "argomenti non riconosciuti: --zzz", "unrecognized arguments: --zzz"),
        (
            ["bust", "Ada", "--stacks"],
            "argomento --stacks: atteso almeno un argomento",
            "argument --stacks: expected at least one argument",
        ),
        (
            ["close", "1", "--seed"],
            "argomento --seed: atteso un argomento",
            "argument --seed: expected one argument",
        ),
    ],
)
def test_usage_errors_follow_the_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], italian: str, english: str
) -> None:
    code, out, err = run(capsys, "--lang", "it", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and italian in err and "; vedi `tdconsole" in err
    assert err.count("\n") == 1
    for word in ARGPARSE_ENGLISH:
        assert word not in err
    code, out, err = run(capsys, *argv, "--lang", "en")
    assert (code, out) == (2, "")
    assert english in err and "; see `tdconsole" in err


def test_without_lang_the_command_line_speaks_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert "mancano questi argomenti obbligatori" in run(capsys, "bust")[2]


def test_argparse_is_left_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--lang", "it", "--help")
    assert getattr(argparse, "_") is gettext.gettext  # noqa: B009
    assert getattr(argparse, "ngettext") is gettext.ngettext  # noqa: B009


def test_lang_offers_the_languages_shipped_and_hides_the_test_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _code, out, _err = run(capsys, "--help")
    assert "--lang {" + ",".join(languages()) + "}" in out
    assert "pseudo" not in out
    assert build_parser().parse_args(["--lang", "pseudo", "state"]).lang == "pseudo"
    code, _out, err = run(capsys, "--lang", "fr", "state")
    assert code == 2
    assert "'fr' non è una lingua della console: scegli tra en, it" in err


def test_in_the_test_language_only_command_line_words_escape_the_catalogue(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every word of every command's help went through the catalogue, but the words typed as
    they are: the program's and commands' names, option names and choices."""
    literal = {"tdconsole", "h"}
    parser = build_parser("en")

    def collect(parser: argparse.ArgumentParser) -> None:
        for action in parser._actions:
            for option in action.option_strings:
                literal.update(re.findall(r"[A-Za-z]+", option))
            for choice in action.choices or ():
                literal.update(re.findall(r"[A-Za-z]+", str(choice)))
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    collect(child)

    collect(parser)
    escaped: dict[str, str] = {}
    for command in commands():
        _code, out, _err = run(capsys, "--lang", "pseudo", *command, "--help")
        outside = out
        while True:  # innermost first: a message may hold another (its article cited)
            inner = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", outside)
            if inner == outside:
                break
            outside = inner
        for word in re.findall(r"[A-Za-z]{2,}", outside):
            if word not in literal:
                escaped.setdefault(word, " ".join(command))
    assert not escaped, escaped


@pytest.mark.parametrize("language", [*languages(), "pseudo"])
def test_the_language_setting_takes_every_language(language: str) -> None:
    assert load_settings().with_value("language", language).language == language


def test_the_language_setting_refuses_an_unknown_one() -> None:
    with pytest.raises(RuleError) as refused:
        load_settings().with_value("language", "fr")
    assert '"en" or "it"' in refused.value.text("en")


@pytest.mark.parametrize(
    ("language", "name"), [("it", "Torneo d'Autunno (demo)"), ("en", "Autumn Tournament (demo)")]
)
def test_the_demo_is_named_in_the_console_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str, name: str
) -> None:
    path = str(tmp_path / "demo.tdc")
    assert run(capsys, "--lang", language, "demo", path, "--no-open")[0] == 0
    code, out, _err = run(capsys, "--event", path, "state", "--json")
    assert code == 0 and json.loads(out)["name"] == name
