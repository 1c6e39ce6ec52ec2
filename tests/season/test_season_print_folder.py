"""``season print`` without ``-o`` writes where every report goes: the event's print folder
(``prints/`` beside the event file), else, with no event yet, ``prints/`` beside the season
file; never in the current folder, never over a file."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.command_line import run

from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


@pytest.fixture
def season(evenings: list[Path], capsys: pytest.CaptureFixture[str]) -> Path:
    folder = evenings[0].parent
    assert run(capsys, "season", "new", str(folder / "club"), "--name", "Club 2026")[0] == 0
    assert run(capsys, "season", "add", *map(str, evenings))[0] == 0
    return folder / "club.season.toml"


def test_the_season_s_pdf_goes_to_the_event_s_print_folder(
    season: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    (tmp_path / "tonight").mkdir()
    event = tmp_path / "tonight" / "e.tdc"
    Tournament.create(event, "Stasera", load_settings()).close()
    prints = event.parent / "prints"
    for expected in ("season.pdf", "season-2.pdf"):  # a second print: the next free name
        code, out, err = run(capsys, "--event", str(event), "season", "print", "--format", "pdf")
        assert code == 0, err
        assert out.strip() == str(prints / expected)
        assert (prints / expected).read_bytes().startswith(b"%PDF-")
    assert not list(here.iterdir())  # nothing in the current folder


def test_with_no_event_yet_beside_the_season_file(
    season: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "season", "print", "--format", "html")
    assert code == 0, err
    written = season.parent / "prints" / "season.html"
    assert out.strip() == str(written)
    assert "Club 2026" in written.read_text(encoding="utf-8")
