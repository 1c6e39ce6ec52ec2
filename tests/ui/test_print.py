"""Printing from the console: the report of the view in front, to a file or the printer (the
same ``reports.printer`` as the command line's: lp, or Windows' print verb)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tdhelpers.printing_fakes import NO_PDF_PROGRAM, fake_lp, fake_windows
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton

from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.draw import Draw
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.print_report import PrintDialog
from tdconsole.ui.messages import CommandRequested

from .conftest import frozen, opened_by, paid, pressed, settle
from .test_actions import SIZE, messages, text_of


async def wait_for_message(app: ConsoleApp, pilot: Pilot[Any], part: str) -> str:
    """What the printout said, once its worker is done."""
    await settle(pilot)
    found = [m for m in messages(app) if part in m]
    assert found, f"no notification with {part!r}: {messages(app)}"
    return found[-1]


async def test_print_seating_pdf_from_the_tables_into_the_event_s_print_folder(
    app: ConsoleApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "shell"
    here.mkdir()
    monkeypatch.chdir(here)  # the folder the console was started from is not where prints go
    async with app.run_test(size=SIZE) as pilot:
        await opened_by(pilot, "p", PrintDialog)
        assert app.screen.query_one("#path", Input).value == "disposizione.pdf"
        where = text_of(app.screen.query_one("#where"))
        assert where == f"(in {tmp_path / 'prints'} se non si indica un percorso)"
        await pilot.press("ctrl+s")
        said = await wait_for_message(app, pilot, "Scritto:")
        written = tmp_path / "prints" / "disposizione.pdf"  # beside the event, demo.tdc
        assert said == f"Scritto: {written}"
        assert written.read_bytes().startswith(b"%PDF")
        assert list(here.iterdir()) == []


async def test_after_the_draw_p_starts_on_the_seat_slips_its_notice_named(
    tmp_path: Path,
) -> None:
    names = [f"P{i}" for i in range(1, 13)]
    service = paid(tmp_path / "serata.tdc", "Serata", names)
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.post_message(CommandRequested(Draw(seed=4)))
            await wait_for_message(app, pilot, "p stampa i biglietti dei posti")
            await pilot.press("p")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, PrintDialog)
            slips = dialog.query_one("#r-slips", RadioButton)
            assert slips.value and slips.has_class("-selected")  # chosen, and the cursor on it
            await pilot.press("enter", "ctrl+s")  # Enter on the cursor keeps the seat slips
            said = await wait_for_message(app, pilot, "Scritto:")
            assert said == f"Scritto: {tmp_path / 'prints' / 'posti.pdf'}"
            await pilot.press("p")  # still the last notice's report
            await pilot.pause()
            assert app.screen.query_one("#r-slips", RadioButton).value
            await pilot.press(
                "escape", "u", "enter"
            )  # "Undone: …" names none: the view's report again
            await wait_for_message(app, pilot, "Annullato")
            await pilot.press("p")
            await pilot.pause()
            assert app.screen.query_one("#r-seating", RadioButton).value
    finally:
        service.close()


async def test_print_dir_names_the_print_folder(make_app: Any, demo_file: Path) -> None:
    service = Tournament.open(demo_file, clock=frozen)
    service.execute(ChangeSettings(assignments=[("print_dir", "stampe serata")]))
    service.close()
    app: ConsoleApp = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "ctrl+s")
        said = await wait_for_message(app, pilot, "Scritto:")
        assert said == f"Scritto: {demo_file.parent / 'stampe serata' / 'disposizione.pdf'}"


async def test_a_print_folder_chosen_on_another_computer_is_passed_over_and_said(
    make_app: Any, demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event came from another machine (another data folder chose its ``print_dir``):
    the console says so when it opens, and prints to ``prints/`` beside the file."""
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "sender"))
    service = Tournament.open(demo_file, clock=frozen)
    service.execute(ChangeSettings(assignments=[("print_dir", str(tmp_path / "evil"))]))
    service.close()
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "receiver"))
    app: ConsoleApp = make_app(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told = [m for m in messages(app) if "chosen on another computer" in m]
        assert told == [
            f"the event names a print folder chosen on another computer ({tmp_path / 'evil'}):"
            " printouts go to prints/ beside the event file;"
            " `tdconsole set print_dir=FOLDER` chooses one here"
        ]
        await pilot.press("p", "ctrl+s")
        said = await wait_for_message(app, pilot, "Written:")
        assert said == f"Written: {demo_file.parent / 'prints' / 'seating.pdf'}"
    assert not (tmp_path / "evil").exists()


async def test_print_payouts_csv_in_english(make_app: object, tmp_path: Path) -> None:
    app: ConsoleApp = make_app(lang="en")  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3", "p")
        await pilot.pause()
        assert app.screen.query_one("#path", Input).value == "payouts.pdf"
        await pilot.press("tab", "down", "down", "down", "enter")  # formats: pdf txt html csv
        await pilot.pause()
        assert app.screen.query_one("#path", Input).value == "payouts.csv"
        await pilot.press("tab", "end", "ctrl+u", *"out/prizes.csv", "enter")
        said = await wait_for_message(app, pilot, "Written:")
        written = tmp_path / "prints" / "out" / "prizes.csv"  # from the print folder
        assert str(written) in said
        assert written.read_bytes().startswith(b"\xef\xbb\xbf")


async def test_print_to_a_missing_queue_is_refused(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    monkeypatch.setattr(shutil, "which", lambda name: None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("5", "p")  # from the article list (the search box has no keys yet)
        await pilot.pause()
        await pilot.press("tab", "tab", "tab", "space", "ctrl+s")
        said = await wait_for_message(app, pilot, "coda di stampa")
        assert "lp non è installato" in said


async def test_html_cannot_go_to_the_queue(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "tab", "down", "down", "enter", "tab", "tab", "space", "ctrl+s")
        said = await wait_for_message(app, pilot, "html")
        assert "non sa impaginare" in said


async def test_print_never_overwrites_it_takes_the_next_free_name(
    app: ConsoleApp, tmp_path: Path
) -> None:
    (tmp_path / "prints").mkdir()
    (tmp_path / "prints" / "disposizione.pdf").write_bytes(b"last week's seating")
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "p")
        await pilot.press("ctrl+s")
        said = await wait_for_message(app, pilot, "esiste già")
        written = tmp_path / "prints" / "disposizione-2.pdf"
        assert said == f"disposizione.pdf esiste già: scritto in {written}"
        assert written.read_bytes().startswith(b"%PDF")
        assert (tmp_path / "prints" / "disposizione.pdf").read_bytes() == b"last week's seating"


async def test_print_to_lp_from_the_console(
    app: ConsoleApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_lp(monkeypatch, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "tab", "tab", "tab", "space", "ctrl+s")
        said = await wait_for_message(app, pilot, "stampante")
        assert said == "Inviato alla stampante: request id is q-1"
        assert (tmp_path / "argv").read_text() == "-t seating.pdf\n"
        assert (tmp_path / "job").read_bytes().startswith(b"%PDF-")


async def test_print_on_windows_from_the_console_is_the_print_verb(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "tab", "down", "enter", "tab", "tab", "space")  # txt, printer
        await pilot.pause()
        verb = fake_windows(monkeypatch)  # the console started as it does on Linux
        await pilot.press("ctrl+s")
        said = await wait_for_message(app, pilot, "stampante")
        [(path, operation, _arguments)] = verb.calls
        assert said == f"Inviato alla stampante: {path}"
        assert operation == "print" and Path(path).name.startswith("seating-")
        assert verb.documents[0].startswith(b"%PDF-")  # the text report, laid out as its PDF


async def test_print_on_windows_without_a_pdf_program_says_where_the_pdf_is(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "tab", "tab", "tab", "space")
        await pilot.pause()
        verb = fake_windows(monkeypatch, fails=NO_PDF_PROGRAM)
        await pilot.press("ctrl+s")
        said = await wait_for_message(app, pilot, "PDF")
        [(path, _operation, _arguments)] = verb.calls
        assert said == (
            "nessun programma di questo computer stampa i file PDF: il prospetto è scritto in "
            f"{path}; aprilo e stampalo"
        )
