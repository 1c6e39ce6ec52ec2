"""Text entering the log: every command's text field is refused (one-line)
or cleaned (prose) of control, bidi and zero-width characters, and has a length limit."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from tdhelpers.support import MakeService, terminal

from tdconsole.domain import texts
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import EVENT_TYPES, Command, event_from_json, parse_event
from tdconsole.domain.play import Bust, CloseTable, Count, Final, SecondStack
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.domain.slices.create_event import CreateEvent
from tdconsole.domain.slices.disqualify import Disqualify
from tdconsole.domain.slices.import_rulebook import ImportRulebook
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.record_ruling import RecordRuling
from tdconsole.domain.slices.register import Register
from tdconsole.domain.slices.sanction import Sanction
from tdconsole.domain.slices.withdraw import Withdraw
from tdconsole.service import Tournament

HOSTILE = {
    "ESC": "Serata\x1b]0;pwned\x07",
    "BEL": "Ada\x07",
    "NUL": "Ada\x00",
    "CR": "Ada\rBea",
    "LF": "Ada\nBea",
    "C1 CSI": "Ada\x9b2J",
    "DEL": "Ada\x7f",
    "RLO": "Ada\u202eaeB",
    "isolate": "Ada\u2066x\u2069",
    "zero-width space": "A\u200bda",
    "zero-width joiner": "A\u200dda",
    "BOM": "\ufeffAda",
    "line separator": "Ada\u2028Bea",
    "tag": "Ada\U000e0041",
}

# One builder per command text field that is one line: it puts ``text`` in that field.
ONE_LINE: dict[str, Callable[[str], Command]] = {
    "new: event name": lambda t: CreateEvent(name=t, settings={}),
    "new: settings director": lambda t: CreateEvent(name="S", settings={"director": t}),
    "register": lambda t: Register(names=["Bea", t]),
    "withdraw": lambda t: Withdraw(name=t),
    "pay": lambda t: Pay(names=[t]),
    "set": lambda t: ChangeSettings(assignments=[("currency", t)]),
    "set key": lambda t: ChangeSettings(assignments=[(t, "x")]),
    "count": lambda t: Count(counts={t: 100}),
    "dote": lambda t: SecondStack(name=t),
    "bust": lambda t: Bust(names=[t]),
    "disqualify name": lambda t: Disqualify(name=t, reason="r"),
    "close count": lambda t: CloseTable(table=1, counts={t: 100}),
    "final count": lambda t: Final(counts={t: 100}),
    "ruling players": lambda t: RecordRuling(players=[t], text="x"),
    "ruling articles": lambda t: RecordRuling(articles=[t], text="x"),
    "sanction name": lambda t: Sanction(name=t, kind="warning", reason="r"),
    "rules import book": lambda t: ImportRulebook(book=t, source="a.txt", articles=1),
    "rules import source": lambda t: ImportRulebook(book="club", source=t, articles=1),
}

# One builder per prose field: line breaks are kept, other controls dropped.
PROSE: dict[str, tuple[Callable[[str], Command], Callable[[Command], str]]] = {
    "ruling text": (lambda t: RecordRuling(text=t), lambda c: c.text),  # type: ignore[attr-defined]
    "sanction reason": (
        lambda t: Sanction(name="Ada", kind="warning", reason=t),
        lambda c: c.reason,  # type: ignore[attr-defined]
    ),
    "disqualify reason": (
        lambda t: Disqualify(name="Ada", reason=t),
        lambda c: c.reason,  # type: ignore[attr-defined]
    ),
    "close override": (
        lambda t: CloseTable(table=1, counts={"Ada": 1}, override=t),
        lambda c: c.override,  # type: ignore[attr-defined]
    ),
    "final override": (
        lambda t: Final(counts={"Ada": 1}, override=t),
        lambda c: c.override,  # type: ignore[attr-defined]
    ),
}


def test_the_unsafe_set_is_exactly_the_unicode_categories() -> None:
    """Cc, Cf, Zl, Zp and Cs: every C0/C1 control, bidi control and zero-width character."""
    wanted = {"Cc", "Cf", "Zl", "Zp", "Cs"}
    unsafe = {cp for cp in range(0x110000) if unicodedata.category(chr(cp)) in wanted}
    # Every code point at once: the pattern is one character class, so it matches each
    # character of the string on its own, exactly where it matches that character alone.
    every = "".join(map(chr, range(0x110000)))
    matched = {found.start() for found in texts.UNSAFE.finditer(every)}
    assert sorted(hex(cp) for cp in unsafe ^ matched) == []
    assert not any(texts.plain(f"Ada{chr(cp)}") for cp in unsafe)  # the fast check agrees
    assert texts.plain("Zoë Ångström\u00a0[bold] 山田太郎")


@pytest.mark.parametrize("field", sorted(ONE_LINE))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_one_line_fields_refuse_control_characters(field: str, kind: str) -> None:
    """Attack: ESC, BEL, NUL, CR, LF, a C1 CSI, DEL, bidi overrides and isolates, zero-width space
    and joiner, a BOM, a line separator and a tag character, each typed into every one-line
    command field (names, the event's name, table labels…). Holds: each is refused in one line
    (Art. VII.1) and nothing is stored."""
    with pytest.raises(RuleError) as refused:
        ONE_LINE[field](HOSTILE[kind])
    error = refused.value
    assert error.article == "VII.1" and "caratteri di controllo" in error.text("it")
    assert "\n" not in str(error) and "\x1b" not in str(error) and "\x07" not in str(error)
    assert "control characters" in str(error)


@pytest.mark.parametrize("field", sorted(ONE_LINE))
def test_one_line_fields_have_a_length_limit(field: str) -> None:
    with pytest.raises(RuleError, match="more than") as refused:
        ONE_LINE[field]("A" * 1001)
    assert refused.value.article == "VII.1" and "1001 caratteri, più di" in refused.value.text("it")


@pytest.mark.parametrize("field", sorted(ONE_LINE))
def test_one_line_fields_accept_names_as_written(field: str) -> None:
    ONE_LINE[field]("Zoë Łukasz-Ångström [bold]")


def test_names_are_limited_to_a_name_and_event_names_to_a_line() -> None:
    with pytest.raises(RuleError, match="more than 60"):
        Register(names=["A" * 61])
    assert CreateEvent(name="S" * 100, settings={}).name == "S" * 100
    with pytest.raises(RuleError, match="more than 100"):
        CreateEvent(name="S" * 101, settings={})
    assert ChangeSettings(assignments=[("backup.folder", "/x" * 400)])


def test_texts_are_recorded_in_nfc() -> None:
    assert Register(names=["Zoe\u0308"]).names == ["Zoë"]


@pytest.mark.parametrize("field", sorted(PROSE))
def test_prose_keeps_its_lines_and_loses_every_other_control(field: str) -> None:
    """Attack: the same characters in the prose fields (a ruling's text, reasons, overrides). Holds:
    line breaks are kept, every other control character is dropped before anything is stored."""
    build, read = PROSE[field]
    raw = "First line\r\nsecond\x1b]0;pwned\x07 line\u202e\u200b\tend\rthird\u2028fourth\x9b"
    assert read(build(raw)) == "First line\nsecond]0;pwned line end\nthird\nfourth"


@pytest.mark.parametrize("field", sorted(PROSE))
def test_prose_has_a_length_limit(field: str) -> None:
    build, read = PROSE[field]
    assert len(read(build("x" * texts.TEXT_LIMIT))) == texts.TEXT_LIMIT
    with pytest.raises(RuleError, match="more than 4000") as refused:
        build("x" * (texts.TEXT_LIMIT + 1))
    assert refused.value.article == "VII.1"
    assert "4001 caratteri, più di 4000: accorcia il testo" in refused.value.text("it")


def _started(make_service: MakeService) -> Tournament:
    service = make_service()
    service.execute(Register(names=["Ada", "Bea", "Cid", "Dan", "Eva", "Fio"]))
    return service


def test_an_undo_reason_is_cleaned_and_limited(make_service: MakeService) -> None:
    service = _started(make_service)
    service.undo("typo\x1b[2J\nby the floor")
    undone = service.log()[-1]
    assert undone.body.reason == "typo[2J\nby the floor"  # type: ignore[attr-defined]
    service.redo()
    with pytest.raises(RuleError, match="more than 4000"):
        service.undo("x" * 4001)


def test_a_summary_is_one_line(make_service: MakeService) -> None:
    service = _started(make_service)
    service.execute(RecordRuling(text="Line one\nline two"))
    noted = [r for r in service.log() if r.type == "command"][-1]
    assert "\n" not in noted.body.summary  # type: ignore[attr-defined]
    assert noted.body.summary == "ruling: Line one ⏎ line two"  # type: ignore[attr-defined]


@pytest.mark.parametrize("actor", [HOSTILE["ESC"], "Eve\nDirettore", "E" * 61, "   "])
def test_who_acts_is_refused_when_not_a_name(make_service: MakeService, actor: str) -> None:
    service = make_service()
    with pytest.raises(RuleError) as refused:
        terminal(service, actor=actor)
    assert refused.value.article == "VII.1"
    assert refused.value.text("it") != refused.value.text("en")


def test_escape_is_visible_and_json_exact() -> None:
    raw = "Serata\x1b]0;pwned\x07\u202e\U000e0041"
    shown = texts.escape(raw)
    assert shown == "Serata\\u001b]0;pwned\\u0007\\u202e\\udb40\\udc41"
    assert json.loads(f'"{shown}"') == raw  # inside a JSON string the escape is JSON's own
    assert texts.escape("Zoë\tÅ\n", keep_lines=True) == "Zoë\tÅ\n"
    assert texts.escape("a\nb") == "a\\u000ab"
    assert texts.one_line("a\nb\x1b") == "a ⏎ b\\u001b"


def test_a_stored_text_is_read_escaped() -> None:
    """What an older file holds reaches no screen as it is (``EventBody``'s validator)."""
    body: Any = parse_event("event_created", {"name": HOSTILE["ESC"], "settings": {}})
    assert body.name == "Serata\\u001b]0;pwned\\u0007"
    ruling: Any = parse_event(
        "ruling_recorded",
        {
            "table": None,
            "players": ["Bob\x1b[2J"],
            "articles": [],
            "text": "ok\n\x1b[31mred",
            "director": "Eve\x07",
        },
    )
    assert ruling.players == ["Bob\\u001b[2J"] and ruling.director == "Eve\\u0007"
    assert ruling.text == "ok\n\\u001b[31mred"


@pytest.mark.parametrize(
    ("stored", "read"),
    [
        ('{"name":"A\\nB","settings":{}}', "A\\u000aB"),  # JSON's short escape
        ('{"name":"A\\u001b]0;x\\u0007","settings":{}}', "A\\u001b]0;x\\u0007"),
        ('{"name":"A\u009b2J\u202e","settings":{}}', "A\\u009b2J\\u202e"),  # raw in the text
        ('{"name":"A\\"B","settings":{}}', 'A"B'),
        ('{"name":"Zoë","settings":{}}', "Zoë"),
    ],
)
def test_an_event_read_from_json_is_escaped_in_every_form(stored: str, read: str) -> None:
    body: Any = event_from_json(EVENT_TYPES["event_created"], stored)
    assert body.name == read
