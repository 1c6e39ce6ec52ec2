"""Roles live in the service and hold for every face: ``--as`` anyone but
the Director is floor staff on the command line and in the console; redo follows undo's
ownership; a rulebook import is the Director's and is recorded; names of who acts are
compared and logged normalised."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from tdhelpers.built_once import built, copied
from tdhelpers.command_line import run
from tdhelpers.support import MakeService

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings


def _roles(path: Path) -> None:
    event = str(path)
    assert main(["--lang", "en", "new", event, "--name", "Ruoli"]) == 0
    names = [f"Giocatore {i}" for i in range(1, 13)]
    for argv in (
        ["register", *names],
        ["pay", *names],
        ["draw", "--seed", "1"],
        ["start", "--stack", "4000", "--bb", "100"],
    ):
        assert main(["--lang", "en", "--event", event, *argv]) == 0, argv


@pytest.fixture(scope="module")
def roles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built(tmp_path_factory, "roles", _roles)


@pytest.fixture
def event(tmp_path: Path, roles: Path) -> str:
    """Twelve players seated, the tournament started, its clock stopped (``_roles``, once for
    the module): a copy of its own for each test."""
    return str(copied(roles, tmp_path))


def actors(capsys: pytest.CaptureFixture[str], event: str) -> list[str]:
    _, out, _ = run(capsys, "--event", event, "log", "--json")
    return [e["actor"] for e in json.loads(out)["events"] if e["type"] == "command"]


# -- the role is the service's -----------------------------------------------------------------


def test_the_service_decides_the_role_from_who_acts(make_service: MakeService) -> None:
    service = make_service()
    path = service.store.path
    service.close()
    for actor, role in (
        (None, "director"),
        ("Direttore", "director"),
        (" Direttore ", "director"),
        ("DIRETTORE", "director"),
        ("Eve", "floor"),
    ):
        opened = Tournament.open(path, actor=actor)
        assert opened.role == role, actor
        opened.close()
    floor = Tournament.open(path, role="floor")  # the floor console, as the Director's own
    assert floor.role == "floor"
    floor.close()


def test_floor_staff_are_refused_director_only_commands(make_service: MakeService) -> None:
    service = make_service()
    path = service.store.path
    service.close()
    eve = Tournament.open(path, actor="Eve")
    try:
        with pytest.raises(RuleError, match="only the Director") as refused:
            eve.execute(RecordRuling(text="x"))
        assert "Direttore" in refused.value.text("it")
        eve.execute(Register(names=["Ada"]))  # what the floor may do, it does
    finally:
        eve.close()


def test_as_is_compared_and_logged_normalised(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "--as", " Direttore ", "clock", "start")[0] == 0
    assert run(capsys, "--event", event, "--as", "direttore", "clock", "pause")[0] == 0
    assert (
        run(capsys, "--event", event, "--as", "  Eve   Rossi ", "count", "Giocatore 1=4000")[0] == 0
    )
    logged = actors(capsys, event)
    assert logged[-3:] == ["Direttore", "Direttore", "Eve Rossi"]
    code, _, err = run(capsys, "--event", event, "--as", " Eve ", "clock", "resume")
    assert code == 2 and "only the Director" in err


def test_the_console_honours_as(event: str) -> None:
    """``tdconsole --as Eve``: the console opens as floor staff, whoever opens it."""
    from tdconsole.cli.ui_cmds import opener

    args = argparse.Namespace(actor="Eve", event=event, lang=None)
    service = opener(Path(event), args, "director")()
    try:
        assert service.role == "floor"
        with pytest.raises(RuleError, match="only the Director"):
            service.execute(ClockControl(action="start"))
    finally:
        service.close()


async def test_the_console_as_floor_staff_hides_and_refuses_director_actions(
    event: str,
) -> None:
    from tdconsole.ui.app import build_app

    service = Tournament.open(Path(event), actor="Eve")
    app = build_app(service, mode="director", actor="Eve")
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert app.mode == "floor"
            assert "Eve" in app.who().plain
            screen = app.screen
            assert getattr(screen, "floor", False)
            await pilot.press("space")  # the clock's start key: the Director's only
            await pilot.pause()
            assert service.state.clock is None or not service.state.clock.running
    finally:
        service.close()


# -- undo and redo ---------------------------------------------------------------------------


def test_floor_cannot_redo_what_the_director_undid(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "--as", "Eve", "count", "Giocatore 1=4000")[0] == 0
    assert run(capsys, "--event", event, "undo", "--reason", "wrong count")[0] == 0  # Director
    code, _, err = run(capsys, "--event", event, "--as", "Eve", "redo")
    assert code == 2 and "only the Director" in err and "(Art. VII.1)" in err
    assert run(capsys, "--event", event, "redo")[0] == 0  # the Director may


def test_floor_redoes_its_own_undo(capsys: pytest.CaptureFixture[str], event: str) -> None:
    assert run(capsys, "--event", event, "--as", "Eve", "count", "Giocatore 1=4000")[0] == 0
    assert run(capsys, "--event", event, "--as", "eve", "undo")[0] == 0
    assert run(capsys, "--event", event, "--as", " EVE ", "redo")[0] == 0
    code, _, err = run(capsys, "--event", event, "--as", "Marco", "undo")
    assert code == 2 and "only the Director" in err


def test_floor_cannot_redo_what_another_undid(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    assert run(capsys, "--event", event, "--as", "Eve", "count", "Giocatore 1=4000")[0] == 0
    assert run(capsys, "--event", event, "--as", "Eve", "undo")[0] == 0
    code, _, err = run(capsys, "--event", event, "--as", "Marco", "redo")
    assert code == 2 and "only the Director" in err


# -- the club's rulebooks ----------------------------------------------------------------------


def _text(tmp_path: Path, body: str = "1. Si gioca in sei al massimo.") -> Path:
    src = tmp_path / "club.txt"
    src.write_text(f"Art. 1 — Giocatori\n\n{body}\n", encoding="utf-8")
    return src


def test_a_rulebook_import_is_the_directors_and_recorded(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path, data_dir: Path
) -> None:
    src = _text(tmp_path)
    code, _, err = run(
        capsys, "--event", event, "--as", "Eve", "rules", "import", str(src), "--name", "club"
    )
    assert code == 2 and "only the Director" in err
    assert not (data_dir / "rulebooks" / "club.json").exists()
    assert run(capsys, "--event", event, "rules", "import", str(src), "--name", "club")[0] == 0
    replaced = _text(tmp_path, "1. Si gioca in otto al massimo.")
    code, _, err = run(
        capsys, "--event", event, "rules", "import", str(replaced), "--name", "club", "--as", "Eve"
    )
    assert code == 2 and "only the Director" in err
    stored = (data_dir / "rulebooks" / "club.json").read_text(encoding="utf-8")
    assert "sei al massimo" in stored  # the floor's import replaced nothing
    code, out, _ = run(
        capsys, "--event", event, "rules", "import", str(replaced), "--name", "club", "--json"
    )
    assert code == 0 and json.loads(out)["replaced"] and json.loads(out)["recorded"]
    assert "otto" in (data_dir / "rulebooks" / "club.json").read_text(encoding="utf-8")
    code, out, _ = run(capsys, "--event", event, "log", "--json")
    imports = [e for e in json.loads(out)["events"] if e["type"] == "rulebook_imported"]
    assert [(e["data"]["book"], e["data"]["replaced"], e["actor"]) for e in imports] == [
        ("club", False, "Direttore"),
        ("club", True, "Direttore"),
    ]
    code, out, _ = run(capsys, "--event", event, "log")
    assert "rulebook replaced: club from club.txt" in out


def test_replacing_a_rulebook_with_no_event_to_record_it_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_dir: Path
) -> None:
    src = _text(tmp_path)
    assert run(capsys, "rules", "import", str(src), "--name", "club")[0] == 0  # a new book
    code, _, err = run(capsys, "rules", "import", str(src), "--name", "club")
    assert code == 2 and "--event" in err and "(Art. VII.1)" in err
    code, _, err = run(capsys, "--lang", "it", "rules", "import", str(src), "--name", "club")
    assert code == 2 and "registro dell'evento" in err


def test_a_new_rulebook_imports_when_the_last_event_is_gone(
    capsys: pytest.CaptureFixture[str], event: str, tmp_path: Path
) -> None:
    Path(event).unlink()  # the most recently used event was deleted
    src = _text(tmp_path)
    code, _, err = run(capsys, "rules", "import", str(src), "--name", "club")
    assert code == 0, err
    code, _, err = run(capsys, "--event", event, "rules", "import", str(src), "--name", "other")
    assert code == 2  # an event named and missing is said, as by every command


# -- look-alikes of the Director ----------------------------------------------------


@pytest.mark.parametrize("forged", ["Dir\u0435ttore", "D1RETTORE", "Dirett\u03bfre"])
def test_as_a_look_alike_of_the_director_is_refused(
    capsys: pytest.CaptureFixture[str], event: str, forged: str
) -> None:
    """Attack: ``--as`` a look-alike of the Director's name (a Cyrillic letter, digits for letters,
    a Greek omicron). Holds: refused under Art. VII.1 (looks like the Director's name); nothing
    logged."""
    before = actors(capsys, event)
    code, _, err = run(capsys, "--event", event, "--as", forged, "register", "Ada")
    assert code == 2
    assert "looks like the Director's name" in err and "Art. VII.1" in err
    assert actors(capsys, event) == before


def test_floor_staff_signed_in_under_the_directors_name_is_refused(
    make_service: MakeService,
) -> None:
    """Attack: floor staff signed in as ``Niccolo`` and a combining grave (the Director
    ``Niccolò``), or in capitals: as floor staff it would own, and undo, the Director's actions.
    Holds: the service refuses it; the floor acts under a name of its own."""
    service = make_service(settings=load_settings().model_copy(update={"director": "Niccolò"}))
    service.execute(Register(names=["Ada"]))
    path = service.store.path
    service.close()
    for typed in ("Niccolo\u0300", "NICCOLÒ", "Niccol\u043e\u0300"):
        with pytest.raises(RuleError, match="Director"):
            Tournament.open(path, actor=typed, role="floor")
    staff = Tournament.open(path, actor="Bruno", role="floor")
    assert staff.role == "floor"
    with pytest.raises(RuleError, match="only the Director may undo"):
        staff.undo()
    staff.close()


def test_a_director_renamed_like_a_staff_session_stops_it_acting(
    make_service: MakeService,
) -> None:
    service = make_service()
    path = service.store.path
    staff = Tournament.open(path, actor="Bruna", role="floor")
    service.execute(ChangeSettings(assignments=[("director", "Brunа")]))  # a Cyrillic а
    service.close()
    with pytest.raises(RuleError, match="looks like the Director's name"):
        staff.execute(Register(names=["Ada"]))
    staff.close()


# -- undo names what it undoes -------------------------------------------------------


def test_undo_of_a_named_action_undoes_nothing_when_another_came_meanwhile(
    make_service: MakeService,
) -> None:
    """Attack: an undo aimed at one action (``undo(expected=…)``) after another terminal's action
    came in. Holds: nothing is undone."""
    director = make_service()
    director.execute(Register(names=["Ada"]))
    named = director.last_action()
    assert named is not None and named.actor == "Direttore"
    other = Tournament.open(director.store.path, actor="Bruno")
    other.execute(Register(names=["Bea"]))
    other.close()
    with pytest.raises(RuleError, match="Bruno's") as refused:
        director.undo(expected=named.command)
    assert "register Bea" in str(refused.value)
    assert {p.name for p in director.state.players.values()} == {"Ada", "Bea"}
    last = director.last_action()
    assert last is not None and last.actor == "Bruno"
    assert director.undo(expected=last.command) == "register Bea"


def test_the_command_line_undo_says_whose_action_it_undid(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, _, err = run(
        capsys, "--event", event, "--as", "Bruno", "bust", "Giocatore 1", "--declined"
    )
    assert code == 0, err
    code, out, _ = run(capsys, "--event", event, "undo")
    assert code == 0 and out.startswith("undone: ") and out.endswith(" (Bruno's action)\n")
