"""Remembering the last event never fails a command.

It used to write ``last_event.tmp`` in every process: two terminals at once tripped on each
other's temporary file (``FileNotFoundError``, exit 1). Each process now writes its own
temporary file, and any fault of the data folder is passed over.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from tdhelpers import forked

from tdconsole.cli import main
from tdconsole.store.paths import data_dir, last_event, remember_event

HAMMER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from tdconsole.store.paths import remember_event

    mine = Path(sys.argv[1])
    for _ in range(int(sys.argv[2])):
        remember_event(mine)
    """
)


def test_many_processes_remember_at_once_and_none_fails(tmp_path: Path, data_dir: Path) -> None:
    """Attack: eight processes remembering their last event a hundred and fifty times each, at once.
    Holds: none fails (each writes a temporary file of its own)."""
    events = [tmp_path / f"event{i}.tdc" for i in range(8)]
    procs = [forked.popen(HAMMER, str(event), "150", stderr=True) for event in events]
    failures = []
    for proc in procs:
        _out, err = proc.communicate(timeout=300)
        if proc.returncode != 0:
            failures.append(err.strip().splitlines()[-1])
    assert failures == []
    assert last_event() in [e.resolve() for e in events]
    assert sorted(p.name for p in data_dir.iterdir()) == ["last_event"]  # no debris


def test_commands_in_several_terminals_at_once_all_succeed(tmp_path: Path, data_dir: Path) -> None:
    """Attack: several terminals running commands on one event at once. Holds: every command
    succeeds; remembering the last event never fails one."""
    event = tmp_path / "serata.tdc"
    assert main(["new", str(event)]) == 0
    script = textwrap.dedent(
        """
        import sys
        from tdconsole.cli import main
        for _ in range(5):
            code = main(["--event", sys.argv[1], "state"])
            if code != 0:
                sys.exit(code)
        """
    )
    procs = [forked.popen(script, str(event), stderr=True) for _ in range(6)]
    results = [
        (proc.wait(timeout=300), proc.stderr.read() if proc.stderr else "") for proc in procs
    ]
    assert [code for code, _ in results] == [0] * 6, results


@pytest.mark.parametrize("kind", ["a file", "under a file"])
def test_an_unusable_data_folder_is_passed_over(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    folder = blocker if kind == "a file" else blocker / "data"
    monkeypatch.setenv("TDCONSOLE_DATA_DIR", str(folder))
    assert data_dir() == folder
    remember_event(tmp_path / "serata.tdc")  # no exception
    assert last_event() is None
    assert blocker.read_text() == "x"
