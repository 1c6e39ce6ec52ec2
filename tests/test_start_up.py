"""What one command loads (issue 14): reading a log imports the modules of the event types it
holds and no others, and the table saying where each type lives is the catalogue's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
    from tdconsole.domain.registration import Register
    from tdconsole.domain.settings import load_settings
    from tdconsole.service import Tournament

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
    assert not loaded & {"access", "colour_up", "director_moves", "play", "rulings", "seating"}


def test_an_unknown_type_is_still_refused_by_name() -> None:
    from tdconsole.domain.events import parse_event

    try:
        parse_event("player_teleported", {})
    except ValueError as exc:
        assert "player_teleported" in str(exc)
    else:
        raise AssertionError("an unknown event type was read")
