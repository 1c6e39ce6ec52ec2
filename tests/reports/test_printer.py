"""A report to the system's printer (``reports.printer``), on each system simulated on Linux:
CUPS' ``lp`` (Linux, macOS) present, missing or failing, and Windows' print verb given the
report's PDF, or missing; the command line and the season print through it."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from tdhelpers.printing_fakes import NO_PDF_PROGRAM, fake_lp, fake_windows

from tdconsole.cli import print_cmds
from tdconsole.domain.errors import RuleError
from tdconsole.reports import printer


@pytest.mark.parametrize("system", ["linux", "darwin"])
def test_lp_gets_the_report_as_it_is_and_the_printer_named(
    run: Any,
    system: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.platform", system)
    fake_lp(monkeypatch, tmp_path)
    run("payouts", "--format", "pdf", "--lp", "Sala_Ordine")
    assert (tmp_path / "job").read_bytes().startswith(b"%PDF-")
    argv = (tmp_path / "argv").read_text()
    assert "-d Sala_Ordine" in argv and "-t payouts.pdf" in argv
    assert capsys.readouterr().out == "request id is q-1\n"
    run("payouts", "--lp")  # txt: CUPS lays it out itself
    assert (tmp_path / "argv").read_text() == "-t payouts.txt\n"
    assert "MONTEPREMI" in (tmp_path / "job").read_text("utf-8")


def test_without_lp_the_refusal_says_how_to_print_a_file(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuleError) as refused:
        run("payouts", "--lp")
    assert str(refused.value) == (
        "no printer queue: lp is not installed (it comes with CUPS); write it to a file "
        "with -o FILE, then open it and print it"
    )
    assert refused.value.text("it") == (
        "nessuna coda di stampa: lp non è installato (viene con CUPS); scrivilo in un file "
        "con -o FILE, poi aprilo e stampalo"
    )


def test_lp_failing_is_a_refusal_with_its_reason(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_lp(monkeypatch, tmp_path, 'echo "lp: The printer or class does not exist." >&2\nexit 1\n')
    with pytest.raises(RuleError) as refused:
        run("payouts", "--lp", "ghost")
    assert str(refused.value) == (
        "no printer queue: lp: The printer or class does not exist.; write it to a file with "
        "-o FILE, then open it and print it"
    )
    fake_lp(monkeypatch, tmp_path, "exit 3\n")
    with pytest.raises(RuleError, match="no printer queue: lp exited with 3; write it"):
        run("payouts", "--lp")


def test_lp_that_cannot_run_is_a_refusal(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_lp(monkeypatch, tmp_path).chmod(0o600)  # found on the PATH by name, then not runnable
    monkeypatch.setattr("shutil.which", lambda name: str(tmp_path / "lp"))
    with pytest.raises(RuleError, match="no printer queue: permission denied; write it"):
        run("payouts", "--lp")


def test_windows_prints_the_reports_pdf_by_the_print_verb(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_lp(monkeypatch, tmp_path)  # an lp on the PATH is not Windows' way
    verb = fake_windows(monkeypatch)
    run("payouts", "--lp")  # txt asked: the printer gets the report laid out for paper
    [(path, operation, arguments)] = verb.calls
    spooled = Path(path)
    assert (operation, arguments) == ("print", "")
    assert spooled.parent == printer.spool_folder()
    assert spooled.name.startswith("payouts-") and spooled.suffix == ".pdf"
    assert verb.documents[0].startswith(b"%PDF-")
    assert verb.modes == [0o600]  # the owner's alone, in a folder of the owner's alone
    assert stat.S_IMODE(spooled.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(spooled.parent.parent.stat().st_mode) == 0o700  # (its parent too)
    assert spooled.read_bytes() == verb.documents[0]  # kept: the program reads it later
    assert capsys.readouterr().out == f"{spooled}\n"
    assert not (tmp_path / "job").exists()


def test_windows_prints_on_a_named_printer_with_printto(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    verb = fake_windows(monkeypatch)
    run("seating", "--format", "pdf", "--lp", "Sala Ordine")
    [(_path, operation, arguments)] = verb.calls
    assert (operation, arguments) == ("printto", '"Sala Ordine"')


def test_windows_without_a_pdf_program_names_the_pdf_written(
    run: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    verb = fake_windows(monkeypatch, fails=NO_PDF_PROGRAM)
    with pytest.raises(RuleError) as refused:
        run("payouts", "--format", "csv", "--lp")
    [(path, _operation, _arguments)] = verb.calls
    assert str(refused.value) == (
        f"no program on this computer prints PDF files: the report is written to {path}; "
        "open it and print it"
    )
    said = str(refused.value).replace(path, "PATH")  # (a random file name may hold "lp")
    assert "CUPS" not in refused.value.text("it") and "lp" not in said
    assert Path(path).read_bytes().startswith(b"%PDF-")


def test_windows_spool_folder_unwritable_is_said(
    run: Any, monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    verb = fake_windows(monkeypatch)
    data_dir.mkdir(parents=True)
    (data_dir / "printing").write_text("a file in the way")
    with pytest.raises(RuleError) as refused:
        run("payouts", "--lp")
    assert str(refused.value) == (
        f"cannot write the PDF to print in {data_dir / 'printing'} (not a folder: a file is "
        "in the way); write it to a file with -o FILE, then open it and print it"
    )
    assert verb.calls == []


def test_windows_spool_removes_its_pdfs_of_yesterday_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    verb = fake_windows(monkeypatch)
    folder = printer.spool_folder()
    folder.mkdir(parents=True)
    then = time.time() - printer.KEPT - 60
    old, recent, other = folder / "old.pdf", folder / "recent.pdf", folder / "notes.txt"
    for path in (old, recent, other):
        path.write_bytes(b"%PDF-")
    outside = tmp_path / "elsewhere.pdf"
    outside.write_bytes(b"%PDF-")
    (folder / "link.pdf").symlink_to(outside)
    for path in (old, other, outside):
        os.utime(path, (then, then))
    os.utime(folder / "link.pdf", (then, then), follow_symlinks=False)
    printer.send(b"%PDF-1.7", "standings.pdf", "", print_cmds.WRITE)
    assert len(verb.calls) == 1
    assert not old.exists()
    assert recent.exists() and other.exists() and outside.exists()
    assert (folder / "link.pdf").is_symlink()


def test_the_spool_keeps_another_users_pdfs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A data folder shared with another user (copied, or made by root): the spool removes
    the console's own PDFs of yesterday, never another user's."""
    folder = printer.spool_folder()
    folder.mkdir(parents=True)
    theirs = folder / "theirs.pdf"
    theirs.write_bytes(b"%PDF-")
    then = time.time() - printer.KEPT - 60
    os.utime(theirs, (then, then))
    someone_else = theirs.stat().st_uid + 1
    monkeypatch.setattr(os, "getuid", lambda: someone_else)
    spooled = printer.spool(b"%PDF-1.7", "standings.pdf", print_cmds.WRITE)
    assert spooled.read_bytes() == b"%PDF-1.7"
    assert theirs.read_bytes() == b"%PDF-"


def test_printed_format_is_the_pdf_on_windows_only(monkeypatch: pytest.MonkeyPatch) -> None:
    for system, printed in (("linux", "txt"), ("darwin", "txt"), ("win32", "pdf")):
        monkeypatch.setattr("sys.platform", system)
        assert printer.printed_format("txt") == printed
        assert printer.printed_format("pdf") == "pdf"


def test_windows_spool_that_cannot_be_cleaned_still_prints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    verb = fake_windows(monkeypatch)

    def refused(path: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "scandir", refused)
    printer.send(b"%PDF-1.7", "standings.pdf", "", print_cmds.WRITE)
    assert verb.documents == [b"%PDF-1.7"]
