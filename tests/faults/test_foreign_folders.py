"""A received event file never chooses where this machine writes.

An event file carries its settings, the backup folder (``folder``) and the print folder
(``print_dir``) among them. Attack: the sender sets both to folders of his choice (on Windows a
``\\\\host\\share`` would make the receiver's console connect to his host at every backup and
printout) and sends the file, or its export. Holds: on the receiving machine (another data
folder) nothing is written there: backups go to the data folder, printouts to ``prints/``
beside the file, and each command says so once with how to choose a folder here; an import
carries no folder in; and ``set`` refuses a folder on another computer on every system.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from tdhelpers.command_line import run

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings import Settings
from tdconsole.service import Tournament
from tdconsole.store.backup import list_backups
from tdconsole.store.local_folders import foreign_folders, print_dir_here


def folders_of(event: Path) -> tuple[str, str]:
    """The event's ``folder`` and ``print_dir`` as its file holds them."""
    service = Tournament.open(event)
    service.close()
    return service.state.settings.backup.folder, service.state.settings.printing.print_dir


@pytest.fixture
def sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """An event file whose sender chose his folders on his machine (his own data folder),
    now on the receiver's machine (another data folder)."""
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "sender"))
    event = tmp_path / "received" / "h4.tdc"
    event.parent.mkdir()
    assert run(capsys, "new", str(event))[0] == 0
    code, _out, err = run(
        capsys,
        "--event",
        str(event),
        "set",
        "every=1",
        f"folder={tmp_path / 'evil' / 'backups'}",
        f"print_dir={tmp_path / 'evil' / 'print'}",
    )
    assert (code, err) == (0, "")
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(tmp_path / "receiver"))
    return event


def test_a_received_file_s_folders_are_not_written_to(
    sent: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--event", str(sent), "register", "Nuovo")
    assert (code, out) == (0, "register Nuovo\n")
    assert err.count("warning: ") == 2
    assert (
        "warning: the event names a backup folder chosen on another computer "
        f"({tmp_path / 'evil' / 'backups'}): backups go to the console's data folder; "
        "`tdconsole set folder=FOLDER` chooses one here\n"
    ) in err
    assert f"print folder chosen on another computer ({tmp_path / 'evil' / 'print'})" in err
    code, out, err = run(capsys, "--event", str(sent), "print", "standings", "--format", "pdf")
    assert code == 0
    assert out.strip() == str(sent.parent / "prints" / "standings.pdf")
    assert (sent.parent / "prints" / "standings.pdf").is_file()
    assert not (tmp_path / "evil").exists()
    # The backup the file's every=1 asks for is taken, in this machine's data folder.
    taken = list_backups(sent)
    assert taken and taken[0].path.is_relative_to(tmp_path / "receiver" / "backups")


def test_a_folder_written_into_the_file_by_hand_is_not_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The file's first event edited with sqlite3, as the attack was first made."""
    event = tmp_path / "h4.tdc"
    assert run(capsys, "new", str(event))[0] == 0
    db = sqlite3.connect(event)
    (data,) = db.execute("SELECT data FROM events WHERE type = 'event_created'").fetchone()
    document = json.loads(data)
    document["settings"]["backup"].update(folder=str(tmp_path / "evil"), every=1)
    document["settings"]["printing"]["print_dir"] = str(tmp_path / "evil")
    db.execute("UPDATE events SET data = ? WHERE type = 'event_created'", (json.dumps(document),))
    db.commit()
    db.close()
    code, _out, err = run(capsys, "--event", str(event), "register", "Nuovo")
    assert code == 0 and "chosen on another computer" in err
    assert run(capsys, "--event", str(event), "print", "seating", "--format", "html")[0] == 0
    assert not (tmp_path / "evil").exists()
    assert (tmp_path / "prints" / "seating.html").is_file()


def test_a_folder_chosen_here_is_used_and_not_questioned(
    sent: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine"
    code, out, err = run(capsys, "--event", str(sent), "set", f"folder={mine}", f"print_dir={mine}")
    assert (code, err) == (0, "")  # chosen now: nothing to say
    code, _out, err = run(capsys, "--event", str(sent), "register", "Nuovo")
    assert (code, err) == (0, "")
    assert list_backups(sent, str(mine))
    code, out, _err = run(capsys, "--event", str(sent), "print", "standings", "--format", "html")
    assert out.strip() == str(mine / "standings.html")
    assert not (tmp_path / "evil").exists()


def test_the_sender_s_same_folder_chosen_again_here_is_used(
    sent: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Choosing here the very folder the file names makes it this machine's."""
    chosen = tmp_path / "evil" / "print"
    assert run(capsys, "--event", str(sent), "set", f"print_dir={chosen}")[0] == 0
    _code, _out, err = run(capsys, "--event", str(sent), "register", "Nuovo")
    assert "print folder" not in err and "backup folder" in err


@pytest.mark.parametrize(
    "typed", ["//host/share", "\\\\host\\share", "/\\host\\share", "\\\\?\\C:\\x", "C:stampe"]
)
def test_set_refuses_a_folder_on_another_computer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    event = str(tmp_path / "e.tdc")
    assert run(capsys, "new", event)[0] == 0
    for key in ("folder", "print_dir"):
        code, out, err = run(capsys, "--event", event, "set", f"{key}={typed}")
        assert (code, out) == (2, "")
        assert err.startswith("error: ") and err.endswith("; fix the value and try again\n")
        assert err.count("\n") == 1
    assert folders_of(Path(event)) == ("", "")


def test_set_refuses_a_path_without_its_drive_on_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Windows reads ``\\stampe`` from the current drive's root: a folder that changes with
    the console's current drive. Elsewhere it is a folder's name like any other."""
    assert Settings().with_value("print_dir", "\\stampe").printing.print_dir == "\\stampe"
    monkeypatch.setattr("sys.platform", "win32")
    with pytest.raises(RuleError, match="names no drive"):
        Settings().with_value("print_dir", "\\stampe")
    with pytest.raises(RuleError, match="another computer"):
        Settings().with_value("folder", "\\\\server\\backups")
    assert Settings().with_value("folder", "C:\\Copie").backup.folder == "C:\\Copie"
    assert Settings().with_value("folder", "copie").backup.folder == "copie"


def test_a_new_event_s_settings_file_naming_a_network_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "club.toml"
    config.write_text('[backup]\nfolder = "//host/share"\n', encoding="utf-8")
    event = tmp_path / "e.tdc"
    code, out, err = run(capsys, "new", str(event), "--config", str(config))
    assert (code, out) == (2, "")
    assert "a folder on another computer" in err
    assert not event.exists()


def test_a_new_event_s_settings_file_chooses_its_folders_here(tmp_path: Path) -> None:
    settings = Settings().with_value("print_dir", str(tmp_path / "stampe"))
    service = Tournament.create(tmp_path / "e.tdc", "Serata", settings)
    service.close()
    assert foreign_folders(service.state.settings) == {}
    assert print_dir_here(service.state.settings) == str(tmp_path / "stampe")


def test_export_and_import_carry_no_folder(
    sent: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = str(tmp_path / "mine")
    assert run(capsys, "--event", str(sent), "set", f"print_dir={mine}")[0] == 0
    code, out, _err = run(capsys, "--event", str(sent), "export")
    assert code == 0
    for event in json.loads(out)["events"]:
        if event["type"] in ("event_created", "setting_changed"):
            settings = event["data"]["settings"]
            assert settings["backup"]["folder"] == settings["printing"]["print_dir"] == ""
            assert mine not in event["data"].get("value", "")
    exported = tmp_path / "serata.json"
    exported.write_text(out, encoding="utf-8")
    copy = tmp_path / "copy.tdc"
    assert run(capsys, "import", str(exported), "--to", str(copy))[0] == 0
    assert folders_of(copy) == ("", "")
    code, _out, err = run(capsys, "--event", str(copy), "register", "Nuovo")
    assert (code, err) == (0, "")  # no folder left to pass over


def test_an_export_written_with_folders_is_imported_without_them(
    sent: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An export from an older console, or edited, still names the sender's folders."""
    _code, out, _err = run(capsys, "--event", str(sent), "export")
    document = json.loads(out)
    evil = str(tmp_path / "evil")
    for event in document["events"]:
        if event["type"] in ("event_created", "setting_changed"):
            event["data"]["settings"]["backup"]["folder"] = evil
            event["data"]["settings"]["printing"]["print_dir"] = evil
    exported = tmp_path / "edited.json"
    exported.write_text(json.dumps(document), encoding="utf-8")
    copy = tmp_path / "copy.tdc"
    assert run(capsys, "import", str(exported), "--to", str(copy))[0] == 0
    assert folders_of(copy) == ("", "")
