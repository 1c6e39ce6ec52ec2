"""An event file on a network drive or in a folder a sync client copies is refused in one
line (docs/safety.md): SQLite's WAL needs memory shared on one machine, and a sync client
copies a file in the middle of its writes. Each system's branch of
``system.shared_folder`` runs here on Linux: Windows' (``sys.platform`` set, ``ctypes.windll``
faked: ``GetDriveTypeW``), macOS's (``statfs`` faked: ``f_fstypename``), Linux's own mount
table (a table of the test's)."""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tdconsole.cli import main
from tdconsole.store import system
from tdconsole.store.system import shared_folder

FIXED, REMOTE = 3, 4  # GetDriveTypeW's answers


class FakeKernel:
    """Windows' kernel32 as ``shared_folder`` asks it: every path on drive Z:."""

    def __init__(self, drive_type: int) -> None:
        self.drive_type = drive_type
        self.asked: list[str] = []

    def GetVolumePathNameW(self, path: str, root: Any, size: int) -> int:
        root.value = "Z:\\"
        return 1

    def GetDriveTypeW(self, root: Any) -> int:
        self.asked.append(root.value)
        return self.drive_type


@pytest.mark.parametrize(("drive_type", "expected"), [(REMOTE, "network"), (FIXED, None)])
def test_on_windows_a_mapped_network_drive_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, drive_type: int, expected: str | None
) -> None:
    kernel = FakeKernel(drive_type)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel), raising=False)
    assert shared_folder(tmp_path) == expected
    assert kernel.asked == ["Z:\\"]


def test_on_windows_a_unc_path_is_a_network_share(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(ctypes, "windll", raising=False)  # (not even asked)
    assert shared_folder(Path("//circolo-nas/tornei")) == "network"


class FakeLibc:
    """macOS's libc as ``shared_folder`` asks it: ``statfs`` fills ``f_fstypename``."""

    def __init__(self, type_name: bytes) -> None:
        self.type_name = type_name

    def statfs(self, path: bytes, found: Any) -> int:
        name = self.type_name + b"\0"
        ctypes.memmove(ctypes.addressof(found) + 72, name, len(name))
        return 0


@pytest.mark.parametrize(("type_name", "expected"), [(b"smbfs", "network"), (b"apfs", None)])
def test_on_macos_a_mounted_share_is_found_by_its_file_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, type_name: bytes, expected: str | None
) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(ctypes, "CDLL", lambda name, use_errno: FakeLibc(type_name))
    assert shared_folder(tmp_path) == expected


@pytest.fixture
def nfs_share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the test's mounted, as the mount table says, from another machine."""
    share = tmp_path / "nas tornei"
    share.mkdir()
    table = tmp_path / "mounts"
    point = os.path.realpath(share).replace(" ", "\\040")  # (as the table writes a space)
    table.write_text(f"/dev/sda1 / ext4 rw 0 0\nnas:/export {point} nfs4 rw,relatime 0 0\n")
    monkeypatch.setattr(system, "MOUNTS", table)
    monkeypatch.setattr(sys, "platform", "linux")
    return share


def test_on_linux_a_share_is_found_in_the_mount_table(nfs_share: Path, tmp_path: Path) -> None:
    assert shared_folder(nfs_share / "2026") == "network"  # (a folder not made yet)
    assert shared_folder(tmp_path) is None


@pytest.mark.parametrize(
    ("folder", "client"),
    [
        ("OneDrive", "OneDrive"),
        ("OneDrive - Circolo", "OneDrive"),
        ("Library/CloudStorage/OneDrive-Personale", "OneDrive"),
        ("Library/Mobile Documents/com~apple~CloudDocs", "iCloud"),
        ("Dropbox", "Dropbox"),
        ("Google Drive", "Google Drive"),
    ],
)
def test_the_folders_sync_clients_keep_are_known_by_their_names(
    tmp_path: Path, folder: str, client: str
) -> None:
    assert shared_folder(tmp_path / folder / "Tornei") == client


def test_a_folder_merely_named_alike_is_not_synced(tmp_path: Path) -> None:
    assert shared_folder(tmp_path / "OneDriveBackup" / "dropboxes") is None


def test_a_new_event_in_a_synced_folder_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "OneDrive" / "Tornei"
    folder.mkdir(parents=True)
    assert main(["--lang", "en", "new", str(folder / "serata.tdc")]) == 2
    _, err = capsys.readouterr()
    assert "is in a folder OneDrive keeps in sync" in err and err.count("\n") == 1, err
    assert list(folder.iterdir()) == []


def test_an_event_on_a_network_share_is_refused_in_one_line(
    tmp_path: Path, nfs_share: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "serata.tdc"
    assert main(["--lang", "en", "new", str(event)]) == 0
    moved = event.rename(nfs_share / "serata.tdc")
    before = moved.read_bytes()
    capsys.readouterr()
    assert main(["--lang", "en", "--event", str(moved), "register", "Ada"]) == 2
    _, err = capsys.readouterr()
    assert "is on a network drive, where an event cannot be kept safe" in err, err
    assert err.count("\n") == 1 and moved.read_bytes() == before


@pytest.mark.parametrize("output", ["import", "backups restore"])
def test_an_import_or_a_restore_into_a_synced_folder_is_refused_in_one_line(
    tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str], output: str
) -> None:
    event, exported = tmp_path / "serata.tdc", tmp_path / "serata.json"
    assert main(["--lang", "en", "new", str(event)]) == 0
    assert main(["--lang", "en", "--event", str(event), "export", "-o", str(exported)]) == 0
    assert main(["--lang", "en", "--event", str(event), "backups", "now"]) == 0
    capsys.readouterr()
    (backup,) = (data_dir / "backups").rglob("*.tdc")
    folder = tmp_path / "Dropbox" / "Tornei"
    folder.mkdir(parents=True)
    source = str(exported) if output == "import" else str(backup)
    argv = [*output.split(), source, "--to", str(folder / "serata.tdc")]
    assert main(["--lang", "en", "--event", str(event), *argv]) == 2
    _, err = capsys.readouterr()
    assert "is in a folder Dropbox keeps in sync" in err and err.count("\n") == 1, err
    assert list(folder.iterdir()) == []
