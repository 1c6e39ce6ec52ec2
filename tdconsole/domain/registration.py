"""Title I: players' names as a registration takes them, and the one player a name typed
means (``require_player``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import ReadAs, accents_apart, much_alike
from tdconsole.domain.state import Player, State, name_key
from tdconsole.domain.texts import check_line
from tdconsole.i18n import Msg, _

MAX_NAME = 60


def clean_name(raw: str) -> str:
    """A player's name as typed, trimmed; control characters and empty names are refused."""
    name = raw.strip()
    if not name:
        raise RuleError(
            _("a player's name cannot be empty: type the name"),
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        raise RuleError(
            _("the name {name!r} contains control characters: retype it").format(name=name),
        )
    if len(name) > MAX_NAME:
        raise RuleError(
            _("the name {name!r}… is longer than {MAX_NAME} characters: shorten it").format(
                name=name[:20], MAX_NAME=MAX_NAME
            ),
        )
    return name


def require_player(state: State, name: str) -> Player:
    """The one player ``name`` means as people type it (``State.match``: case and accents
    ignored, a unique prefix); none or several are refused, the candidates listed."""
    found = state.match(name)
    if not found:
        raise RuleError(
            _("no player named {strip!r}: check the spelling (see `standings`)").format(
                strip=name.strip()
            ),
        )
    if len(found) > 1:
        shown = ", ".join(p.name for p in found[:8]) + (", …" if len(found) > 8 else "")
        raise RuleError(
            _("{strip!r} may be {found} players: {shown}; type more of the name").format(
                strip=name.strip(), found=len(found), shown=shown
            ),
        )
    return found[0]


def check_new_player(
    state: State, name: str, given: Sequence[str] = (), read_as: ReadAs | None = None
) -> None:
    """The one check of a new player's name (``register``'s, and an import's of each player it
    brings): refuse a name not written as a registration records it (``check_written``), one
    that names a player of the event, or one ``given`` before it in the same registration, or
    that reads as one of them (``ReadAs``: ``Rоssi`` with a Cyrillic о beside ``Rossi``), so
    that no two players read alike on the standings, the slips or the room's screen (Art.
    I.1). Apart by accents or by a plainly written Latin letter they are two people
    (``Rossi I.`` and ``Rossi L.``): accepted, and ``accent_twins`` names those that read
    much alike. ``read_as``: the names of the event and of ``given``, when the caller keeps
    them."""
    check_written(name)
    existing = state.players.get(name_key(name))
    if existing is not None and existing.status != "withdrawn":
        raise RuleError(
            _("{name!r} is already registered: names must differ").format(name=existing.name),
        )
    if existing is not None:
        raise RuleError(
            _("{name!r} withdrew from this event: register under another name").format(
                name=existing.name
            ),
        )
    if any(name_key(name) == name_key(other) for other in given):
        raise RuleError(_("{name!r} is given twice: list each player once").format(name=name))
    if read_as is None:
        read_as = ReadAs([*(p.name for p in state.ordered_players()), *given])
    refusal = read_as.refusal(name)
    if refusal is not None:
        raise RuleError(refusal, "I.1")


def check_written(name: str) -> None:
    """Refuse a player's name not written as a registration records it: a control, invisible
    or blank character (``texts.check_line``), spaces around it, letters not composed (NFC),
    or a mark on no letter (an accent after a space or at the start)."""
    if check_line(name, "names") != name or clean_name(name) != name:
        raise RuleError(
            _("the name {name!r} has spaces around it or letters not composed: retype it").format(
                name=name
            ),
        )
    on_letter = False
    for ch in name:
        if unicodedata.category(ch).startswith("M"):
            if not on_letter:
                raise RuleError(
                    _("the name {name!r} has a mark on no letter ({code}): retype it").format(
                        name=name, code=f"U+{ord(ch):04X}"
                    ),
                )
        else:
            on_letter = ch.isalpha()


def accent_twins(state: State, name: str) -> list[Msg]:
    """A warning for each player registered before ``name`` whose name is his but for its
    accents (``Rossi``, then ``Rossí``: a search typed without accents finds them together) or
    reads much like his in ordinary letters (``Elia``, then ``Ella``): two people, as
    registered."""
    player = state.find(name)
    if player is None:
        return []
    said = []
    for other in state.ordered_players():
        if other.order >= player.order:
            continue
        if accents_apart(player.name, other.name):
            said.append(
                _(
                    "{name!r} differs from {other!r} only by accents: registered as another "
                    "player; if they are one person, undo it"
                ).format(name=player.name, other=other.name)
            )
        elif much_alike(player.name, other.name):
            said.append(
                _(
                    "{name!r} reads much like {other!r}: registered as another player; if "
                    "they are one person, undo it"
                ).format(name=player.name, other=other.name)
            )
    return said
