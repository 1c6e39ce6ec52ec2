"""The phone's actions: previews (what a confirmation names) and the actions themselves.

Each returns a JSON-ready ``dict``; a refusal raises the service's ``RuleError``. After an
action the phone shows one line ("Rossi: 24th") with an Undo naming that action: the undo
sends the action's number back and is refused, never misapplied, when the last action is
now another one (``undo``).
"""

from __future__ import annotations

from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.domain.numbers import chips_text
from tdconsole.domain.ordinals import ordinal
from tdconsole.domain.play import Bust, Count, PlayersEliminated, SecondStack, SecondStackIssued
from tdconsole.domain.slices.clock_control import ClockControl
from tdconsole.domain.summaries import summary_text
from tdconsole.i18n import _
from tdconsole.serve.floor.core import Floor, chips_value, names_value
from tdconsole.serve.floor.tokens import Session
from tdconsole.service import Tournament


def preview_bust(floor: Floor, payload: dict[str, Any], lang: str) -> dict[str, Any]:
    """The players a bust would put out, each with his place (for a hand with several, by the
    stacks given: none until they are), and whether one may still take the second stack."""

    event = floor.latest()
    names = [event.one(n) for n in names_value(payload.get("names"))]
    stacks: list[int | None] = [None] * len(names)
    raw = payload.get("stacks")
    placed = len(names) == 1 or raw is not None
    if len(names) > 1 and raw is not None:
        if not (isinstance(raw, list) and len(raw) == len(names)):
            raise RuleError(_("give each one's stack at the start of the hand"), "VII.1")
        stacks = [chips_value(v, name) for v, name in zip(raw, names, strict=True)]
    rows = [
        {
            "name": out.name,
            "place": out.place if placed else None,
            "place_text": ordinal(out.place).text(lang) if placed else "",
            "tied": out.tied,
            "second_stack": out.second_stack,
            "second_stack_text": (
                chips_text(out.second_stack) if out.second_stack is not None else ""
            ),
        }
        for out in event.bust(names, stacks)
    ]
    return {"players": rows, "seq": event.seq}


def copy_said(said: str, service: Tournament, lang: str) -> str:
    """``said`` of the action ``service`` just recorded, with "not on the copy yet" when the
    copy on a second device did not confirm it in time (``service.copy_wait``)."""
    behind = service.copy_behind
    return said if behind is None else f"{said} — {behind.text(lang)}"


def _done(said: str, command: int | None) -> dict[str, Any]:
    """The answer to an action: what the phone's line says, the command it may undo."""
    return {"said": said, "command": command}


def _copied(done: dict[str, Any], service: Tournament, lang: str) -> dict[str, Any]:
    """``done`` saying "not on the copy yet" when so (``copy_said``)."""
    done["said"] = copy_said(done["said"], service, lang)
    return done


def _done_lines(lines: list[tuple[str, str]], command: int | None) -> dict[str, Any]:
    """``_done`` of a change said in players' lines ((name, text) each): all in one line, and
    each player's own line with his name, so that a long name gives way before the result it
    precedes ("De Luca: 24th")."""
    done = _done("; ".join(text for _name, text in lines), command)
    if lines:
        done["lines"] = [{"name": name, "text": text} for name, text in lines]
    return done


def bust(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:

    names = names_value(payload.get("names"))
    stacks = None
    if len(names) > 1:
        raw = payload.get("stacks")
        if not (isinstance(raw, list) and len(raw) == len(names)):
            raise RuleError(_("give each one's stack at the start of the hand"), "VII.1")
        stacks = [chips_value(v, n) for v, n in zip(raw, names, strict=True)]
    with floor.lock:
        service = floor.service(session)
        service.refresh()
        chosen = [service.served().one(n) for n in names]
        records = service.execute(
            Bust(names=chosen, stacks=stacks, declined=payload.get("declined") is True)
        )
    lines = [
        (out.name, _("{name}: {place}").format(name=out.name, place=ordinal(out.place)).text(lang))
        for record in records
        if isinstance(record.body, PlayersEliminated)
        for out in record.body.players
    ]
    return _copied(_done_lines(lines, records[0].command), service, lang)


def second_stack(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:

    raw = payload.get("stack")
    with floor.lock:
        service = floor.service(session)
        service.refresh()
        name = service.served().one(str(payload.get("name", "")))
        stack = None if raw in (None, "") else chips_value(raw, name)
        records = service.execute(SecondStack(name=name, stack=stack))
    lines = [
        (
            r.body.name,
            _("{name}: second stack of {amount} chips")
            .format(name=r.body.name, amount=chips_text(r.body.amount))
            .text(lang),
        )
        for r in records
        if isinstance(r.body, SecondStackIssued)
    ]
    return _copied(_done_lines(lines, records[0].command), service, lang)


def count(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:

    with floor.lock:
        service = floor.service(session)
        service.refresh()
        name = service.served().one(str(payload.get("name", "")))
        chips = chips_value(payload.get("chips"), name)
        records = service.execute(Count(counts={name: chips}))
    said = _("{name}: {chips} chips counted").format(name=name, chips=chips_text(chips)).text(lang)
    return _copied(_done_lines([(name, said)], records[0].command), service, lang)


def undo(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:
    """Undo the action the phone's line named (``command``), only if it is still the last."""

    wanted = payload.get("command")
    with floor.lock:
        service = floor.service(session)
        service.refresh()
        last = service.history.last_active
        if not isinstance(wanted, int) or isinstance(wanted, bool) or last != wanted:
            now_last = service.history.summaries.get(last, "") if last is not None else ""
            raise RuleError(
                _(
                    "that is no longer the last action (now: {last}): nothing was undone; "
                    "ask the Director"
                ).format(last=summary_text(now_last, lang) if now_last else "-"),
                "VII.1",
            )
        summary = service.undo()
    said = _("Undone: {what}").format(what=summary_text(summary, lang))
    return {"said": copy_said(said.text(lang), service, lang), "command": None, "redo": True}


def redo(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:

    with floor.lock:
        service = floor.service(session)
        service.refresh()
        summary = service.redo()
        command = service.history.last_active
    said = _("Redone: {what}").format(what=summary_text(summary, lang))
    return _done(copy_said(said.text(lang), service, lang), command)


def clock(
    floor: Floor, session: Session, payload: dict[str, Any], lang: str, phone: str
) -> dict[str, Any]:
    """Pause or resume the clock with the Director's PIN: logged as the Director through the
    staff member ("Direttore (via Anna)")."""

    if floor.latest().clock_running is None:
        raise RuleError(_("the clock starts with the tournament"), "III.5")
    wanted = payload.get("action")
    if wanted not in ("pause", "resume"):
        raise RuleError(_("choose pause or resume"))
    pin = payload.get("pin")

    def act(director: Tournament) -> str:
        running = director.served().clock_running is True
        if (wanted == "pause") != running:
            said = _("the clock is already stopped") if not running else _("the clock runs")
            raise RuleError(said, "III.5")
        director.execute(ClockControl(action="pause" if running else "start"))
        done = _("Clock stopped") if running else _("Clock running")
        return copy_said(done.text(lang), director, lang)

    said = floor.as_director(session, pin if isinstance(pin, str) else "", phone, act)
    return _done(said, None)
