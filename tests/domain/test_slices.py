"""The commands written in one module (``domain.slices``): the manifest the faces read before
importing any is the one their modules give, and each declares what its faces are built from."""

from __future__ import annotations

import ast
import random
from datetime import UTC, datetime

import pytest

from tdconsole.domain.commands import BY_COMMAND
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import EVENT_MODULES, Context, parse_event
from tdconsole.domain.slices import make_manifest
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS, SLICE_MODULES
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.spec import Slice, declared
from tdconsole.domain.state import State

NOW = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_the_manifest_is_the_one_the_modules_give() -> None:
    """After a command module is added or changed: ``python -m
    tdconsole.domain.slices.make_manifest`` (then ``ruff format``)."""
    written = make_manifest.MANIFEST.read_text(encoding="utf-8")
    assert ast.dump(ast.parse(written)) == ast.dump(ast.parse(make_manifest.manifest()))


def test_every_command_module_is_in_the_manifest_with_its_events() -> None:
    modules = make_manifest.slice_modules()
    assert modules and sorted(SLICE_MODULES.values()) == [f"slices.{m}" for m in modules]
    for described in SLICE_DESCRIPTIONS:
        assert BY_COMMAND[described.command] is described
        found = declared(described.command)
        assert isinstance(found, Slice) and found.description == described
        assert found.command.__name__ == described.command
    assert EVENT_MODULES["break_called"] == "slices.call_break"
    assert EVENT_MODULES["clock_changed"] == "slices.clock_control"
    assert EVENT_MODULES["player_withdrawn"] == EVENT_MODULES["fee_refunded"] == "slices.withdraw"
    assert EVENT_MODULES["player_disqualified"] == "slices.disqualify"
    assert EVENT_MODULES["suspension_served"] == "slices.mark_served"
    assert EVENT_MODULES["sanction_recorded"] == "slices.sanction"
    assert EVENT_MODULES["structure_edited"] == "slices.edit_level"
    assert EVENT_MODULES["second_stack_issued"] == "slices.second_stack"
    assert EVENT_MODULES["button_moved"] == "slices.move_button"
    assert EVENT_MODULES["phones_signed_out"] == "slices.sign_phones_out"
    assert EVENT_MODULES["prize_handed_over"] == "slices.hand_over"
    assert EVENT_MODULES["message_shown"] == "slices.show_message"
    assert EVENT_MODULES["message_cleared"] == "slices.clear_message"
    assert EVENT_MODULES["player_moved"] == "slices.move_player"
    assert EVENT_MODULES["chips_coloured_up"] == "slices.colour_up"
    assert EVENT_MODULES["close_plan_drawn"] == "slices.close_plan"
    assert EVENT_MODULES["table_closed"] == "slices.close_table"
    assert EVENT_MODULES["final_drawn"] == "slices.final"
    assert EVENT_MODULES["player_registered"] == "slices.register"
    assert EVENT_MODULES["setting_changed"] == "slices.change_settings"
    assert EVENT_MODULES["event_created"] == "slices.create_event"
    assert EVENT_MODULES["rulebook_imported"] == "slices.import_rulebook"


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("player_withdrawn", {"name": "Bea", "promoted": "Cid"}),
        ("player_withdrawn", {"name": "Bea"}),
        ("fee_refunded", {"name": "Bea", "entry": "70", "food": None}),
        ("player_disqualified", {"name": "Dan", "reason": "collusione", "chips": 4000}),
        ("suspension_served", {"ruling": 2}),
        ("second_stack_issued", {"name": "Dan", "table": 2, "amount": 4000, "stack_before": 50}),
        (
            "sanction_recorded",
            {
                "name": "Dan",
                "kind": "suspend",
                "orbits": 1,
                "reason": "carte",
                "table": 2,
                "director": "Direttore",
            },
        ),
        ("button_moved", {"table": 2, "seat": 3}),
        ("phones_signed_out", {}),
        ("prize_handed_over", {"name": "Eva", "prize": "21"}),
        ("message_shown", {"message": "Cena", "minutes": 15}),
        ("message_cleared", {}),
        ("player_registered", {"name": "Bea", "waitlisted": True}),
        ("player_registered", {"name": "Bea", "waitlisted": False}),
        ("setting_changed", {"key": "table_seats", "value": "9", "settings": {}}),
        ("event_created", {"name": "Serata", "settings": {}, "handovers": False}),
        (
            "rulebook_imported",
            {"book": "club", "source": "club.txt", "articles": 3, "replaced": True},
        ),
        (
            "chips_coloured_up",
            {
                "removed": 25,
                "unit": 100,
                "counts": {"Dan": 4000},
                "adjustments": {"2": 75},  # (a file holds its keys as text)
                "settings": {},
                "reason": "colour-up",
            },
        ),
        (
            "close_plan_drawn",
            {"table": 3, "moves": [{"name": "Dan", "to_table": 1, "to_seat": 4, "chips": None}]},
        ),
        (
            "table_closed",
            {
                "table": 3,
                "moves": [{"name": "Dan", "to_table": 1, "to_seat": 4, "chips": 4000}],
                "adjustment": -25,
                "reason": "riconteggio",
            },
        ),
        (
            "final_drawn",
            {
                "table": {"number": 4, "suit": "♠", "final": True, "seats": []},
                "counts": {"Dan": 4000},
                "bonus": 1000,
                "bonus_players": ["Dan"],
                "adjustment": 0,
            },
        ),
        (
            "player_moved",
            {
                "name": "Dan",
                "from_table": 1,
                "from_seat": 2,
                "to_table": 2,
                "to_seat": 5,
                "chips": 4000,
                "reason": "sedia rotta",
            },
        ),
    ],
)
def test_an_event_a_file_holds_from_before_its_command_moved_reads_alike(
    kind: str, data: dict[str, object]
) -> None:
    """Event types keep their names when their command moves into a module of its own: a log
    written before reads the same events, from the command's module."""
    body = parse_event(kind, data)
    assert type(body).__module__ == f"tdconsole.domain.{EVENT_MODULES[kind]}"
    assert {k: v for k, v in body.payload().items() if v is not None} == {
        k: v for k, v in data.items() if v is not None
    }


def _two_players() -> State:
    from tdconsole.domain.settings import Settings
    from tdconsole.domain.slices.register import PlayerRegistered

    state = State(settings=Settings())
    for name in ("Mario Romano", "Marta Rossi"):
        PlayerRegistered(name=name).apply(state, NOW)
    return state


def test_a_players_name_is_read_as_recorded_when_it_means_one_player() -> None:
    state = _two_players()
    field = declared("Withdraw").fields[0]
    assert field.kind == "player"
    assert field.read(" romano ", None, state) == "Mario Romano"  # the log keeps his name
    assert field.read("mar", None, state) == "mar"  # two players: the command refuses it
    assert field.read("romano", None) == "romano"  # no state: as typed


def test_a_new_players_name_is_taken_as_typed_never_as_one_registered() -> None:
    """``register Mario`` beside "Mario Romano" registers a new Mario (the name is a prefix of
    his, read as him by a field naming players already there)."""
    state = _two_players()
    field = declared("Register").fields[0]
    assert field.kind == "names" and field.new
    assert field.read(["Mario", " romano "], None, state) == ["Mario", "romano"]
    built = declared("Register").build({"names": ["Mario"]}, state)
    assert built == Register(names=["Mario"])
    events = built.decide(state, Context(NOW, random.Random(1), "Direttore"))
    assert [body.payload()["name"] for body in events] == ["Mario"]


def test_settings_are_read_as_key_value_pairs_split_at_the_first_equals() -> None:
    """``set``'s ``KEY=VALUE`` words: as the command line gives them, or typed in one field
    (a value may hold spaces and ``=``); one not in that form is refused, naming the form."""
    field = declared("ChangeSettings").fields[0]
    words = ["table_seats=9", " name = Serata = 2 "]
    assert field.read(words, None) == [("table_seats", "9"), ("name", "Serata = 2")]
    typed = "table_seats=9 name=Serata del lunedi language=en"
    assert field.read(typed, None) == [
        ("table_seats", "9"),
        ("name", "Serata del lunedi"),
        ("language", "en"),
    ]
    for bad in (["table_seats"], ["=9"], ["table_seats="]):
        with pytest.raises(RuleError, match="is not in the form KEY=VALUE"):
            field.read(bad, None)


@pytest.mark.parametrize("command", sorted(SLICE_MODULES))
def test_a_required_field_left_empty_is_refused_with_the_article(command: str) -> None:
    found = declared(command)
    required = [field for field in found.fields if field.required]
    if not found.fields:  # a question with OK: nothing to type, its note asks it
        assert found.note is not None and type(found.build({})) is found.command
        return
    if not required:  # each may be left empty (draw)
        assert found.build({}) == found.command()
        return
    with pytest.raises(RuleError) as refused:
        found.build({})
    assert refused.value.article == found.article


def test_a_choice_among_none_is_said_before_its_dialog_opens() -> None:
    from dataclasses import replace

    from tdconsole.domain.settings import Settings
    from tdconsole.domain.state import State

    found = declared("MarkServed")
    state = State(settings=Settings())
    said = found.nothing_to_choose(state)
    assert said is not None and said.text("en") == "No suspension to mark served"
    unnamed = replace(found, fields=(replace(found.fields[0], none=None),))
    said = unnamed.nothing_to_choose(state)
    assert said is not None
    assert said.text("en") == "The suspension's entry in the rulings log: nothing to choose"
    offered = replace(found.fields[0], choices=lambda state: [(2, ("20:00", "Rossi"))])
    assert replace(found, fields=(offered,)).nothing_to_choose(state) is None


def test_a_word_is_one_of_its_fields_words_as_typed() -> None:
    """A ``word`` field (the sanction's kind) takes its words as the command line types them,
    whatever the reader's language, and refuses any other naming them, with the article."""
    field = next(f for f in declared("Sanction").fields if f.kind == "word")
    assert field.typed_words == ("warning", "suspend", "disqualify")
    assert field.read(" suspend ", "VI.2") == "suspend"
    with pytest.raises(RuleError) as refused:
        field.read("sospensione", "VI.2")
    assert refused.value.article == "VI.2"
    assert str(refused.value) == (
        "Sanction: give one of warning, suspend, disqualify, not 'sospensione' (Art. VI.2)"
    )


def test_the_buttons_note_says_where_it_is_at_the_table_typed_only() -> None:
    from tdconsole.domain.settings import Settings
    from tdconsole.domain.state import State, Table

    state = State(settings=Settings())
    state.tables[2] = Table(number=2, suit="♦", seats=[], button=4)
    note = declared("MoveButton").note
    assert note is not None
    said = note(state, {"table": " 2 ", "seat": ""})
    assert said is not None and said.text("en") == "now at seat 4"
    assert note(state, {"table": "3"}) is None  # no such table
    assert note(state, {"table": "due"}) is None  # not a number yet


def test_a_seat_is_table_colon_seat_and_gives_the_commands_table_and_seat() -> None:
    found = declared("MovePlayer")
    built = found.build({"name": "Dan", "to": " 2:5 ", "reason": "sedia rotta"})
    assert (built.table, built.seat) == (2, 5)  # type: ignore[attr-defined]
    for bad in ("2", "2:x", "2:5:1", ":5"):
        with pytest.raises(
            RuleError, match=r"is not a seat: write TABLE:SEAT, e\.g\. 2:5"
        ) as refused:
            found.build({"name": "Dan", "to": bad, "reason": "x"})
        assert refused.value.article == "VII.1"


def test_several_names_are_read_each_as_recorded_from_words_or_commas() -> None:
    state = _two_players()
    names = declared("Pay").fields[0]
    assert names.kind == "names"
    assert names.read(["romano", " rossi "], None, state) == ["Mario Romano", "Marta Rossi"]
    assert names.read("romano; mar,", None, state) == ["Mario Romano", "mar"]  # mar: two
    assert names.read("romano", None) == ["romano"]  # no state: as typed


def test_a_names_field_left_empty_means_what_its_command_says_or_nobody_is_refused() -> None:
    state = _two_players()
    found = declared("Pay")
    command = found.build({"names": "", "food": False}, state)
    assert command.model_dump() == {"names": ["Mario Romano", "Marta Rossi"], "food": False}
    for player in state.players.values():
        player.paid = True
    with pytest.raises(RuleError, match="Nobody left to pay"):
        found.build({"names": ""}, state)
    with pytest.raises(RuleError, match="give it"):
        found.build({"names": ""})  # the command line always names them


def test_a_switch_reads_yes_or_no_and_refuses_anything_else() -> None:
    food = declared("Pay").fields[1]
    assert food.kind == "flag"
    assert [food.read(raw, None) for raw in (True, False, None, "sì", "on", "", "no")] == [
        True, False, False, True, True, False, False,
    ]  # fmt: skip
    with pytest.raises(RuleError, match="yes or no"):
        food.read("perhaps", None)


def test_several_whole_numbers_are_read_within_bounds() -> None:
    from tdconsole.domain.slices.spec import Field
    from tdconsole.i18n import _

    stacks = Field("stacks", "wholes", _("Stacks"), _("N"), required=False, high=100)
    assert stacks.read(["10", "20"], None) == [10, 20]
    assert stacks.read("10, 20 30", None) == [10, 20, 30]
    assert stacks.read("", None) is None
    with pytest.raises(RuleError, match="Stacks"):
        stacks.read(["10", "200"], None)


def test_the_articles_cited_are_typed_in_one_field_and_each_read_as_numbered() -> None:
    from tdconsole.domain.slices.record_ruling import clean_articles

    ruling = declared("RecordRuling").build({"articles": "Art. 7.7; iii.2,", "text": "ok"})
    assert ruling.model_dump()["articles"] == ["Art. 7.7", "iii.2"]  # as typed, one by one
    assert clean_articles(ruling.model_dump()["articles"]) == ["7.7", "III.2"]  # as recorded


def test_pairs_are_read_as_one_mapping_a_players_name_as_recorded() -> None:
    state = _two_players()
    counts = declared("ColourUp").fields[0]
    assert counts.kind == "pairs"
    typed = ["romano=4000", "Marta Rossi=3 900"]  # a count as the console writes it
    assert counts.read(typed, None, state) == {"Mario Romano": 4000, "Marta Rossi": 3900}
    assert counts.read("romano=4000, mar=100", None, state) == {"Mario Romano": 4000, "mar": 100}
    assert counts.read(["A=B=10"], None) == {"A=B": 10}  # a name may hold "=": the last splits
    for bad in ("romano", "=4000", "romano="):
        with pytest.raises(RuleError, match="is not in the form NAME=N") as refused:
            counts.read([bad], "VII.1", state)
        assert refused.value.article == "VII.1"
    with pytest.raises(RuleError, match="not a count of chips"):
        counts.read(["romano=-5x"], None, state)


def test_pairs_of_whole_numbers_are_read_within_bounds() -> None:
    from tdconsole.domain.slices.spec import Field
    from tdconsole.i18n import _

    breaks = Field(
        "breaks", "pairs", _("Breaks"), _("LEVEL=MINUTES"), required=False, high=60, keyed="whole"
    )
    assert breaks.read(["2=15", "4=10"], None) == {2: 15, 4: 10}
    assert breaks.read("", None) is None
    with pytest.raises(RuleError, match="LEVEL=MINUTES"):
        breaks.read(["x=15"], None)
    with pytest.raises(RuleError, match="out of range"):
        breaks.read(["2=90"], None)


def test_counts_are_read_as_names_and_chips_each_name_as_recorded() -> None:
    """A ``pairs`` field (``close --count``, ``final --count``): ``NAME=N`` words on the
    command line, or typed with commas in the dialog; a name as recorded when it means one
    player, a count as every count of chips is read; a bad pair refused in one line."""
    state = _two_players()
    field = declared("CloseTable").fields[1]
    assert field.kind == "pairs"
    typed = ["romano=4000", "Marta Rossi=3 000"]
    assert field.read(typed, "IV.4", state) == {"Mario Romano": 4000, "Marta Rossi": 3000}
    assert field.read("romano=4000, mar=25", "IV.4", state) == {"Mario Romano": 4000, "mar": 25}
    with pytest.raises(RuleError, match="is not in the form NAME=N") as refused:
        field.read(["romano"], "IV.4", state)
    assert refused.value.article == "IV.4"
    with pytest.raises(RuleError, match="is not a count of chips"):
        field.read(["romano=4k"], "IV.4", state)
    with pytest.raises(RuleError, match="give it"):
        field.read([], "IV.4", state)
