"""The commands written in one module (``domain.slices``) that the phone gives behind the
Director's PIN: the Director-only ones. Their forms are built from their fields (``forms``);
one action builds any of them from what was typed, as text (``Slice.build``: refused in the
command line's and the console's words), and records it as the Director through the staff
member, as the clock's pause is. Its answer is the command's own summary (the log's sentence).
"""

from __future__ import annotations

from typing import Any

from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.slices.spec import Field, declared
from tdconsole.i18n import _
from tdconsole.serve.floor.actions import copy_said
from tdconsole.serve.floor.core import Floor
from tdconsole.serve.floor.tokens import Session
from tdconsole.service import Tournament


def offered() -> dict[str, Description]:
    """The phone's commands by their class's name: those written in one module that only the
    Director gives and that say they are given on the phone."""
    return {d.command: d for d in SLICE_DESCRIPTIONS if d.director_only and d.phone}


def forms(lang: str) -> list[dict[str, Any]]:
    """Each of the phone's commands as its form: its button (the console key's label), its
    heading, its fields (name, kind, words, bounds, a word's words, a seat's two boxes' words:
    the phone asks its table and its seat on a number keypad and sends ``TABLE:SEAT``), its OK
    and whether it is given in a break (the phone hides its button then, if not), in
    ``lang``."""
    shown = []
    for name, described in offered().items():
        spec = declared(name)
        button = described.keys[0].label if described.keys else spec.heading
        fields = [
            {
                "name": f.name,
                "kind": f.kind,
                "label": f.label.text(lang),
                "required": f.required,
                "low": f.low,
                "high": f.high,
            }
            | ({"words": _words(f, lang)} if f.kind == "word" else {})
            | ({"parts": [_("Table").text(lang), _("Seat").text(lang)]} if f.kind == "seat" else {})
            for f in spec.fields
        ]
        shown.append(
            {
                "command": name,
                "button": button.text(lang),
                "heading": spec.heading.text(lang),
                "ok": spec.ok.text(lang),
                "fields": fields,
                "in_break": spec.in_break,
            }
        )
    return shown


def _words(field: Field, lang: str) -> list[dict[str, str]]:
    """A word field's words: each as typed (sent back as its value), and as shown in ``lang``
    (the phone's list)."""
    return [{"word": word.msgid, "label": word.text(lang)} for word in field.words]


def command(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:
    """``{"command": NAME, "fields": {FIELD: TEXT}, "pin": PIN}``: the command built from the
    fields as typed, recorded as the Director through the staff member once the Director's PIN
    is right."""
    name = payload.get("command")
    if not (isinstance(name, str) and name in offered()):
        raise RuleError(_("the phone gives no such command: ask the Director"), "VII.1")
    typed = payload.get("fields", {})
    if not (isinstance(typed, dict) and all(isinstance(v, str) for v in typed.values())):
        raise RuleError(_("the fields are sent as typed, as text: reload the page"))
    declared(name).build(typed)  # a typo refused before the PIN is tried
    pin = payload.get("pin")

    def act(director: Tournament) -> str:
        built = declared(name).build(typed, director.state)  # names as the log keeps them
        director.execute(built)
        return copy_said(built.describe().said.text(lang), director, lang)

    said = floor.as_director(session, pin if isinstance(pin, str) else "", phone, act)
    return {"said": said, "command": None}
