"""Names typed as people type them: case and accents ignored, a unique
prefix of the name or of one of its words; the exact name wins; ambiguity refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tdhelpers.support import MakeService

from tdconsole.cli import main
from tdconsole.domain.errors import RuleError
from tdconsole.domain.registration import require_player
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.domain.state import Player, State, match_players, name_key, typed_in, typed_key

NAMES = [
    "Zoë Ångström",
    "Marco",
    "Marco Rossi",
    "Marta Bianchi",
    "Anna-Lisa D'Amico",
    "Søren Łukasz",
    "Ada",
]


def state_of(names: list[str]) -> State:
    state = State(settings=Settings())
    for i, name in enumerate(names):
        state.players[name_key(name)] = Player(name=name, order=i)
    return state


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("zoe", "Zoë Ångström"),
        ("ZOË", "Zoë Ångström"),
        ("Angstrom", "Zoë Ångström"),
        ("ångström", "Zoë Ångström"),
        ("zoe ang", "Zoë Ångström"),
        ("  zoë   ångström ", "Zoë Ångström"),
        ("Zoe\u0308 A\u030angstro\u0308m", "Zoë Ångström"),  # decomposed accents
        ("marco", "Marco"),  # the exact name wins over the prefix of "Marco Rossi"
        ("rossi", "Marco Rossi"),
        ("marco r", "Marco Rossi"),
        ("mart", "Marta Bianchi"),
        ("lisa", "Anna-Lisa D'Amico"),
        ("amico", "Anna-Lisa D'Amico"),
        ("soren", "Søren Łukasz"),
        ("lukasz", "Søren Łukasz"),
        ("ada", "Ada"),
    ],
)
def test_a_typed_name_finds_its_player(typed: str, meant: str) -> None:
    state = state_of(NAMES)
    assert [p.name for p in state.match(typed)] == [meant]
    assert require_player(state, typed).name == meant


def test_an_ambiguous_name_is_refused_listing_the_candidates() -> None:
    state = state_of(NAMES)
    assert [p.name for p in match_players(state.players.values(), "mar")] == [
        "Marco",
        "Marco Rossi",
        "Marta Bianchi",
    ]
    with pytest.raises(RuleError) as refused:
        require_player(state, "mar")
    error = refused.value
    assert "Marco, Marco Rossi, Marta Bianchi" in str(error) and "type more" in str(error)
    assert error.text("it") and "Marco, Marco Rossi, Marta Bianchi" in error.text("it")


def test_the_same_letters_with_other_accents_are_ambiguous_unless_exact() -> None:
    state = state_of(["Zoe", "Zoé"])
    assert [p.name for p in state.match("zoé")] == ["Zoé"]  # exact (case ignored) wins
    assert [p.name for p in state.match("ZOE")] == ["Zoe"]
    assert [p.name for p in state.match("zoè")] == ["Zoe", "Zoé"]


def test_no_match_is_refused() -> None:
    with pytest.raises(RuleError, match="no player named 'Xavier'") as refused:
        require_player(state_of(NAMES), "Xavier")
    assert refused.value.text("it")
    assert state_of(NAMES).match("   ") == []


def test_typed_key() -> None:
    assert typed_key(" Zoë  Ångström ") == "zoe angstrom"
    assert typed_key("Œdipe Æsir Straße") == "oedipe aesir strasse"


def test_a_search_finds_any_part_of_a_name() -> None:
    # (the console's list and the floor's phone: the inner parts of a name, accents folded)
    assert typed_in("ossi", "Marco Rossi") and typed_in("ANGST", "Zoë Ångström")
    assert typed_in("ri", "Rinaldi") and typed_in("ri", "Ferri") and typed_in("", "Neri")
    assert typed_in("strasse", "Straße") and not typed_in("ossa", "Rossi")


def test_domain_commands_take_typed_names(make_service: MakeService) -> None:
    service = make_service()
    service.execute(Register(names=["Zoë Ångström", "Marco Rossi"]))
    records = service.execute(Pay(names=["zoe", "rossi"]))
    assert [r.body.name for r in records[1:]] == ["Zoë Ångström", "Marco Rossi"]  # type: ignore[attr-defined]


# -- the command line ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "names.tdc")
    assert run(capsys, "new", path, "--name", "Nomi")[0] == 0
    names = [
        "Zoë Ångström",
        "Marco",
        "Marco Rossi",
        "Marta Bianchi",
        *(f"Giocatore {i}" for i in range(1, 9)),
    ]
    assert run(capsys, "--event", path, "register", *names)[0] == 0
    assert run(capsys, "--event", path, "pay", *names)[0] == 0
    assert run(capsys, "--event", path, "draw", "--seed", "1")[0] == 0
    assert run(capsys, "--event", path, "start", "--stack", "4000", "--bb", "100")[0] == 0
    return path


def test_the_command_line_names_players_as_typed(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    code, out, err = run(capsys, "--event", event, "count", "angstrom=3000", "marco=4100")
    assert code == 0, err
    assert "Zoë Ångström: 3 000" in out and "Marco: 4 100" in out
    code, out, err = run(capsys, "--event", event, "bust", "zoe", "--declined")
    assert code == 0 and "Zoë Ångström: out in place" in out, err
    code, out, _ = run(capsys, "--event", event, "ruling", "--players", "rossi", "--text", "ok")
    assert code == 0
    code, out, _ = run(
        capsys, "--event", event, "sanction", "bianchi", "warning", "--reason", "slow"
    )
    assert code == 0 and "Marta Bianchi: warning" in out
    code, out, _ = run(capsys, "--event", event, "log")
    assert "eliminated: Zoë Ångström" in out  # the log names the player as registered
    assert "count Zoë Ångström=3000, Marco=4100" in out
    state = json.loads(run(capsys, "--event", event, "state", "--json")[1])
    zoe = next(p for p in state["players"] if p["name"] == "Zoë Ångström")
    assert zoe["status"] == "out"


def test_the_command_line_refuses_an_ambiguous_name(
    capsys: pytest.CaptureFixture[str], event: str
) -> None:
    before = run(capsys, "--event", event, "log", "--json")[1]
    code, out, err = run(capsys, "--event", event, "bust", "mar", "--declined")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Marco, Marco Rossi, Marta Bianchi" in err
    code, _, err = run(capsys, "--event", event, "--lang", "it", "dote", "mar")
    assert code == 2 and "può essere 3 giocatori" in err
    assert run(capsys, "--event", event, "log", "--json")[1] == before  # nothing changed
