"""``--event e.tdc`` is the data folder's events/e.tdc (a bare name never means the current
folder): when that one is missing and ``./e.tdc`` is here, the refusal says which was likely
meant, and nothing changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tdhelpers.command_line import run_typed as run

from tdconsole.cli import main

HERE = os.path.join(os.curdir, "e.tdc")


@pytest.fixture
def here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """An event made in the current folder (``./e.tdc``), none of that name in the data folder."""
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    assert main(["new", HERE]) == 0
    capsys.readouterr()
    return folder / "e.tdc"


def missing(data_dir: Path) -> Path:
    return data_dir / "events" / "e.tdc"


@pytest.mark.parametrize("typed", ["e.tdc", "e"])
def test_a_bare_name_missing_from_the_data_folder_asks_for_the_file_here(
    capsys: pytest.CaptureFixture[str], here: Path, data_dir: Path, typed: str
) -> None:
    before = here.read_bytes()
    code, out, err = run(capsys, "--lang", "en", "--event", typed, "register", "Ada")
    assert (code, out) == (2, "")
    assert err == (
        f"error: no event file at {missing(data_dir)} (a bare name is looked for in the data "
        f"folder): did you mean {HERE}?\n"
    )
    assert here.read_bytes() == before and not missing(data_dir).exists()
    assert run(capsys, "--event", HERE, "register", "Ada")[0] == 0  # as it said: done


def test_the_refusal_is_translated_and_taken_from_the_environment_too(
    capsys: pytest.CaptureFixture[str], here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TDCONSOLE_EVENT", "e.tdc")
    code, _, err = run(capsys, "--lang", "it", "state")
    assert code == 2 and err.startswith("error: nessun file di evento in ")
    assert err.endswith(f"(un nome semplice si cerca nella cartella dei dati): intendevi {HERE}?\n")


@pytest.mark.parametrize("command", [["serve"], ["floor"], ["display"], ["export"]])
def test_every_command_on_the_event_says_it(
    capsys: pytest.CaptureFixture[str], here: Path, command: list[str]
) -> None:
    code, _, err = run(capsys, "--lang", "en", "--event", "e.tdc", *command)
    assert code == 2 and err.endswith(f"did you mean {HERE}?\n"), err


def test_a_rulebook_import_is_refused_not_left_unrecorded(
    capsys: pytest.CaptureFixture[str], here: Path, data_dir: Path
) -> None:
    """The import is recorded in the event given: with that event missing it is refused, never
    imported as though no event was chosen."""
    text = here.parent / "club.txt"
    text.write_text("Art. 1 — Giocatori\n\n1. Si gioca in sei al massimo.\n", encoding="utf-8")
    code, _, err = run(
        capsys, "--lang", "en", "--event", "e.tdc", "rules", "import", str(text), "--name", "club"
    )
    assert code == 2 and err.endswith(f"did you mean {HERE}?\n"), err
    assert not (data_dir / "rulebooks" / "club.json").exists()


def test_the_backups_of_a_data_folder_event_that_is_gone_are_still_listed(
    capsys: pytest.CaptureFixture[str], here: Path, data_dir: Path
) -> None:
    code, out, _ = run(capsys, "--lang", "en", "--event", "e.tdc", "backups", "--json")
    assert code == 0 and f'"event": "{missing(data_dir)}"' in out.replace("\\\\", "\\")


def test_no_file_here_keeps_the_plain_refusal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "--lang", "en", "--event", "e.tdc", "state")
    assert code == 2 and "create one with `tdconsole new PATH`" in err
    assert "did you mean" not in err


def test_the_data_folders_event_is_used_when_both_exist(
    capsys: pytest.CaptureFixture[str], here: Path, data_dir: Path
) -> None:
    assert run(capsys, "new", "e.tdc", "--name", "Nella cartella dei dati")[0] == 0
    code, out, _ = run(capsys, "--lang", "en", "--event", "e.tdc", "state", "--json")
    assert code == 0 and '"name": "Nella cartella dei dati"' in out
