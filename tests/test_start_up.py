"""What one command loads: reading a log imports the modules of the event types it
holds and no others, and the table saying where each type lives is the catalogue's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdconsole.domain.events import EVENT_MODULES, EVENT_TYPES


def test_every_event_type_is_where_the_table_says() -> None:
    import tdconsole.domain.catalog  # noqa: F401  (registers every event type)

    defined = {name: cls.__module__ for name, cls in EVENT_TYPES.items()}
    assert {name: f"tdconsole.domain.{m}" for name, m in EVENT_MODULES.items()} == defined


def _loaded_after(code: str) -> set[str]:
    """The ``tdconsole.domain`` modules a fresh interpreter holds after running ``code``."""
    probe = (
        f"{code}\nimport sys\n"
        "print(' '.join(m for m in sys.modules if m.startswith('tdconsole.domain.')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return {name.rsplit(".", 1)[1] for name in out.stdout.split()}


def test_reading_a_log_imports_only_its_event_types_modules(tmp_path: Path) -> None:
    from tdconsole.domain.slices.register import Register
    from tdconsole.service import Tournament
    from tdconsole.store.settings_file import load_settings

    path = tmp_path / "small.tdc"
    service = Tournament.create(path, "Small", load_settings())
    service.execute(Register(names=["Ada", "Bea"]))
    service.close()
    loaded = _loaded_after(
        "from pathlib import Path\nfrom tdconsole.service import Tournament\n"
        f"service = Tournament.open(Path({str(path)!r}))\n"
        "assert [p.name for p in service.state.players.values()] == ['Ada', 'Bea']"
    )
    assert "registration" in loaded
    assert not loaded & {"access", "colour_up", "close_plan", "play", "rulings", "seating"}


def test_a_write_imports_neither_the_pins_hashing_nor_the_take_over(tmp_path: Path) -> None:
    """Every write reads the copy's marks and says its warnings: the PINs' weakness is said
    without their hashing and event (``access``), a command is known to take over without the
    take-over's slice, and the copy's modules define no dataclass (compiled at import)."""
    import dataclasses

    from tdconsole.service import Tournament
    from tdconsole.store import copy_marks, copy_standing
    from tdconsole.store.settings_file import load_settings

    path = tmp_path / "small.tdc"
    Tournament.create(path, "Small", load_settings()).close()
    loaded = _loaded_after(
        "from pathlib import Path\nfrom tdconsole.service import Tournament\n"
        "from tdconsole.domain.slices.register import Register\n"
        f"service = Tournament.open(Path({str(path)!r}))\n"
        "assert service.warned(service.execute(Register(names=['Ada']))) == []"
    )
    assert "registration" in loaded
    assert not loaded & {"access", "take_over"}
    for module in (copy_marks, copy_standing):
        assert not [v for v in vars(module).values() if dataclasses.is_dataclass(v)], module


def test_an_unknown_type_is_still_refused_by_name() -> None:
    from tdconsole.domain.events import parse_event

    try:
        parse_event("player_teleported", {})
    except ValueError as exc:
        assert "player_teleported" in str(exc)
    else:
        raise AssertionError("an unknown event type was read")


def _dist_info(folder: Path, name: str, entry_points: str) -> None:
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_a_declared_pydantic_plugin_is_seen_without_importlib_metadata(tmp_path: Path) -> None:
    from tdconsole.cli.pydantic_plugins import no_plugin_declared

    _dist_info(tmp_path / "other", "tool", "[console_scripts]\ntool = tool:main\n")
    assert no_plugin_declared([str(tmp_path / "other"), str(tmp_path / "missing")])
    _dist_info(tmp_path / "plugged", "watcher", "[pydantic]\nwatch = watcher:plugin\n")
    assert not no_plugin_declared([str(tmp_path / "other"), str(tmp_path / "plugged")])
    archive = tmp_path / "packages.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip: not looked into here
    assert not no_plugin_declared([str(archive)])


def _run_state(event: Path, pythonpath: str | None = None) -> str:
    """``state --json`` in a fresh interpreter; what it printed after the document."""
    code = (
        "import io, sys, contextlib\nfrom tdconsole.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['--event', {str(event)!r}, 'state', '--json']) == 0\n"
        "print('importlib.metadata' in sys.modules)\n"
        "print(sys.modules.get('watcher') and sys.modules['watcher'].seen)"
    )
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout


def test_a_command_does_not_import_importlib_metadata_and_plugins_still_work(
    tmp_path: Path,
) -> None:
    """No plugin declared: pydantic is told so and ``importlib.metadata`` stays out. A plugin
    declared: pydantic's own loader finds it, and it sees the models validated."""
    from tdconsole.cli.pydantic_plugins import no_plugin_declared
    from tdconsole.service import Tournament
    from tdconsole.store.settings_file import load_settings

    if not no_plugin_declared(sys.path):
        pytest.skip("a pydantic plugin is installed in this environment")
    event = tmp_path / "e.tdc"
    Tournament.create(event, "Plugins", load_settings()).close()
    assert _run_state(event).split() == ["False", "None"]

    plugged = tmp_path / "plugged"
    _dist_info(plugged, "watcher", "[pydantic]\nwatch = watcher:plugin\n")
    (plugged / "watcher.py").write_text(
        "seen = []\n"
        "class Plugin:\n"
        "    def new_schema_validator(self, schema, schema_type, path, kind, *rest):\n"
        "        seen.append(path.name)\n"
        "        return None, None, None\n"
        "plugin = Plugin()\n"
    )
    inherited = os.environ.get("PYTHONPATH")
    out = _run_state(event, os.pathsep.join([str(plugged), *([inherited] if inherited else [])]))
    imported, seen = out.split(maxsplit=1)
    assert imported == "True" and "Settings" in seen
