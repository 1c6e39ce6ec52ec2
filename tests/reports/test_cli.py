"""``tdconsole print``: where the report goes (stdout, a file; the printer in test_printer.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tdconsole.cli import main, print_cmds
from tdconsole.domain.errors import RuleError


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
def test_html_and_pdf_without_o_are_written_in_the_print_folder(
    run: Any, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run("seating", "--format", fmt) == 0
    written = tmp_path / "prints" / f"disposizione.{fmt}"  # the event is Italian: Italian names
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


def test_the_print_folder_is_beside_the_event_or_where_print_dir_says(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "shell"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the folder the command is typed in is not where prints go
    event = tmp_path / "club" / "autunno.tdc"
    event.parent.mkdir()
    assert main(["new", str(event)]) == 0
    capsys.readouterr()
    cli = ["--lang", "en", "--event", str(event)]

    def printed(*argv: str) -> Path:
        assert main([*cli, "print", *argv]) == 0
        return Path(capsys.readouterr().out.strip())

    assert printed("payouts", "--format", "pdf") == tmp_path / "club" / "prints" / "payouts.pdf"
    again = printed("payouts", "--format", "pdf")
    assert again == tmp_path / "club" / "prints" / "payouts-2.pdf"
    assert main([*cli, "set", "print_dir=stampe"]) == 0
    capsys.readouterr()
    assert printed("payouts", "--format", "html") == tmp_path / "club" / "stampe" / "payouts.html"
    assert printed("payouts", "--format", "pdf", "-o", "here.pdf") == elsewhere / "here.pdf"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["here.pdf"]
