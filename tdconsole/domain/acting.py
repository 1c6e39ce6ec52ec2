"""Who acts, as data: the person, the role he acts in and, for the Director's PIN typed on a
staff member's phone, that staff member. Undo, redo and every display compare these fields,
never a label shown on a screen.

Every command's first event (``CommandNoted``), ``Undone`` and ``Redone`` carry them (``person``,
``role``, ``via``). A log written before they were kept has only the store's actor column, a
label: it is read as its text says (``legacy``), and never grants the floor more than that text
did: "Direttore (via Anna)" is the Director through Anna, and a label that is, or looks like,
the Director's name is the Director's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from tdconsole.domain.events import CommandNoted, Record, Redone, Role, Undone
from tdconsole.domain.identity import looks_alike, same_person
from tdconsole.i18n import Msg, _, say

_VIA = re.compile(r"(?P<person>.+) \(via (?P<via>.+)\)")
"""How an older log labelled the Director acting through a staff member's phone."""


@dataclass(frozen=True)
class Who:
    """Who made a command (or an undo, a redo)."""

    person: str
    """His name: the Director's as the settings named him then, or the staff member's."""
    role: Role | None
    """"director" or "floor"; None for a label read from an older log (``legacy``)."""
    via: str | None = None
    """The staff member whose phone the Director's PIN was typed on."""


def legacy(label: str) -> Who:
    """What an older log's actor label says: the Director through a staff member's phone,
    or a name whose role is told by comparing it with the Director's (``role_of``)."""
    found = _VIA.fullmatch(label)
    if found is not None:
        return Who(found["person"], "director", found["via"])
    return Who(label, None)


def who_of(record: Record) -> Who:
    """Who recorded ``record``'s command (its fields; an older log's label otherwise)."""
    body = record.body
    if isinstance(body, (CommandNoted, Undone, Redone)) and body.role is not None:
        return Who(body.person or record.actor, body.role, body.via)
    return legacy(record.actor)


def role_of(who: Who, director: str, former: Iterable[str] = ()) -> Role:
    """The role ``who`` acted in. An older log's label that looks like the Director's name
    (``director``), or like a Director the log named before (``former``: a Director renamed
    since), is the Director's: the floor never owns it."""
    if who.role is not None:
        return who.role
    named = (director, *former)
    return "director" if any(looks_alike(who.person, d) for d in named) else "floor"


def floor_owns(me: Who, target: Who | None, director: str, former: Iterable[str] = ()) -> bool:
    """``target`` is ``me``'s own as a floor member: both acted on the floor, as one person.
    What the Director did, through a phone or not, is never a floor member's (nor what a
    Director named earlier in the log did, ``former``)."""
    return (
        target is not None
        and role_of(me, director) == "floor"
        and role_of(target, director, former) == "floor"
        and target.via is None
        and same_person(target.person, me.person)
    )


def label(who: Who) -> Msg | str:
    """``who`` as a reader sees it: his name, or "Direttore (via Anna)"."""
    if who.via is None:
        return who.person
    return _("{director} (via {staff})").format(director=who.person, staff=who.via)


def label_text(who: Who, lang: str) -> str:
    """``label`` said in ``lang``."""
    return str(say(label(who), lang))
