"""``tdconsole print``: where the report goes (stdout, a file, the printer queue)."""

from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main, print_cmds
from tdconsole.domain.errors import RuleError


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, finished: dict[str, Any]) -> Any:
    """Parse and run ``print ...`` against the finished event."""
    monkeypatch.setattr(print_cmds, "load_state", lambda args: finished)

    def run(*argv: str, lang: str | None = None) -> int:
        parser = argparse.ArgumentParser()
        parser.add_argument("--lang")
        sub = parser.add_subparsers(dest="command")
        print_cmds.register(sub)
        args = parser.parse_args([*(["--lang", lang] if lang else []), "print", *argv])
        return int(args.func(args))

    return run


def test_txt_goes_to_stdout(run: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("results") == 0
    out = capsys.readouterr().out
    assert "RISULTATI" in out and "[bold]Zoë Łukasz-Ångström" in out


def test_lang_flag_and_global_lang(run: Any, capsys: pytest.CaptureFixture[str]) -> None:
    run("results", "--lang", "en")
    assert "RESULTS" in capsys.readouterr().out
    run("results", lang="en")
    assert "RESULTS" in capsys.readouterr().out
    run("results", "--lang", "it", lang="en")
    assert "RISULTATI" in capsys.readouterr().out


def test_csv_goes_to_stdout_with_its_bom(
    run: Any, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    run("payouts", "--format", "csv")
    out = capsysbinary.readouterr().out
    assert out.startswith(b"\xef\xbb\xbf") and b"756" in out


@pytest.mark.parametrize("fmt", ["html", "pdf"])
def test_html_and_pdf_without_o_are_written_here(
    run: Any,
    fmt: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("seating", "--format", fmt) == 0
    written = tmp_path / f"disposizione.{fmt}"  # the event is Italian: Italian names
    assert capsys.readouterr().out.strip() == str(written)
    head = written.read_bytes()[:15]
    assert head.startswith(b"%PDF-" if fmt == "pdf" else b"<!DOCTYPE html>")


def test_o_writes_the_file(run: Any, tmp_path: Path) -> None:
    target = tmp_path / "wall.txt"
    run("standings", "-o", str(target))
    assert "CLASSIFICA" in target.read_text("utf-8")


def test_o_in_a_missing_folder_is_refused(run: Any, tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="cannot write"):
        run("standings", "-o", str(tmp_path / "nowhere" / "x.txt"))


def _fake_lp(folder: Path, body: str) -> None:
    lp = folder / "lp"
    lp.write_text("#!/bin/sh\n" + body)
    lp.chmod(lp.stat().st_mode | stat.S_IEXEC)


def test_lp_missing_is_a_clear_refusal(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuleError) as refused:
        run("payouts", "--lp")
    message = str(refused.value)
    assert message.startswith("no printer queue:") and "install CUPS or use -o FILE" in message


def test_lp_receives_the_report_and_the_printer_name(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_lp(
        tmp_path, f'echo "$@" > {tmp_path}/argv\ncat > {tmp_path}/job\necho "request id is q-1"\n'
    )
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    run("payouts", "--format", "pdf", "--lp", "Sala_Ordine")
    assert (tmp_path / "job").read_bytes().startswith(b"%PDF-")
    argv = (tmp_path / "argv").read_text()
    assert "-d Sala_Ordine" in argv and "payouts.pdf" in argv
    run("payouts", "--lp")
    assert "-d" not in (tmp_path / "argv").read_text()
    assert "MONTEPREMI" in (tmp_path / "job").read_text("utf-8")


def test_lp_failing_is_a_refusal_with_its_reason(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_lp(tmp_path, 'echo "lp: The printer or class does not exist." >&2\nexit 1\n')
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(RuleError, match="no printer queue: lp: The printer or class does not"):
        run("payouts", "--lp", "ghost")


def test_html_to_the_queue_is_refused(run: Any) -> None:
    with pytest.raises(RuleError, match="cannot lay out html"):
        run("payouts", "--format", "html", "--lp")


def test_main_prints_one_line_error_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(print_cmds, "load_state", lambda args: {"players": []})
    assert main(["--lang", "en", "print", "standings", "--lp"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no printer queue") and err.count("\n") == 1
