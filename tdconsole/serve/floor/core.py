"""The floor's sign-in, sessions and actions, over the one service: no web server here.

``Floor`` is what the web layer (``tdconsole.serve.floor.web``) calls, from worker threads:
each call reads the latest state, acts through ``Tournament`` (as the staff member, on the
floor's role; the Director's actions as the Director "via" the staff member, behind the
Director's PIN checked against the latest settings at every try) and answers a JSON-ready
``dict``. A refusal is the service's ``RuleError``, said in one line with its article; the page
then shows it over the latest state, which it reads again.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tdconsole.domain.access import check_stored, pin_matches
from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import check_staff_name, person_key, same_person
from tdconsole.domain.numbers import chips_typed
from tdconsole.domain.pin_strength import pin_weakness, weakness_said
from tdconsole.domain.served import Served
from tdconsole.i18n import Said, _
from tdconsole.now import Clock, utc_now
from tdconsole.serve.floor.sessions import FloorSessions
from tdconsole.serve.floor.tokens import (
    SESSION_SECONDS,
    Session,
    new_id,
    pin_tag,
    read_session,
    sign_session,
)
from tdconsole.serve.watch import not_recording
from tdconsole.service import Tournament, actor_name
from tdconsole.store.attempts import PinAttempts
from tdconsole.store.eventstore import VANISHED, StoreError

SERVICES_KEPT = 64
"""Services kept open, one per staff member signed in (the oldest closed past this)."""


def chips_value(raw: object, what: str) -> int:
    """A chip count as sent by the page, read by the project's one parser of counts
    (``domain.numbers.chips_typed``: ASCII digits, 0 to ``CHIPS_MAX``): refused in the same
    line as the command line's ``count NAME=N``."""
    text = str(raw) if isinstance(raw, (int, str)) and not isinstance(raw, bool) else ""
    return chips_typed(text, what)


def names_value(raw: object) -> list[str]:
    if not (isinstance(raw, list) and raw and all(isinstance(n, str) for n in raw)):
        raise RuleError(_("choose the player first"))
    if len(raw) > 20:
        raise RuleError(_("at most 20 players out in one hand"))
    return [str(n) for n in raw]


class Floor:
    """One event's served floor. Thread-safe: every service call holds ``lock``."""

    def __init__(
        self,
        event: Path,
        *,
        public: bool,
        clock: Clock = utc_now,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.event = event
        self.public = public
        """Reached beyond this machine: a floor PIN of at least 6 digits is required."""
        self.clock = clock
        self.wall = wall
        self.lock = threading.Lock()
        self._reader = Tournament.open(event, role="floor", clock=clock)
        self._sessions = FloorSessions(self._reader.store)
        self._cannot_record: Said | None = None
        try:
            self.secret = self._sessions.secret()
            self._ended = self._sessions.ended(int(wall()))
        except StoreError:
            why = self._reader.write_blocked()
            if why is None:  # busy, damaged: not a medium that refuses writes
                self._reader.close()
                raise
            # A read-only medium or a full disk: the room and the floor still show the event.
            # A secret for this run only (never derived from the file, which others may
            # read): phones sign in again after a restart.
            self.secret = secrets.token_bytes(32)
            self._ended = set()
            self._cannot_record = not_recording(why)
        self._services: dict[str, Tournament] = {}
        self._attempts = threading.local()

    @property
    def cannot_record(self) -> Said | None:
        """Why the floor cannot record (the event file cannot be written, or was deleted,
        moved or replaced while served), said at sign-in."""
        if self._cannot_record is None and self._reader.store.gone():
            self._cannot_record = not_recording(VANISHED)
        return self._cannot_record

    def close(self) -> None:
        with self.lock:
            for service in self._services.values():
                service.close()
            self._services.clear()
            self._reader.close()

    # -- reading -----------------------------------------------------------------------------
    def latest(self) -> Served:
        """The event now (other terminals' changes folded in), as the served pages read it."""
        with self.lock:
            self._reader.poll()
            return self._reader.served()

    def directors(self) -> set[str]:
        """Every Director the log has named, as last read (``fold.History.directors``): a
        former Director's name stays his."""
        return self._reader.history.directors

    def attempts(self) -> PinAttempts:
        """This thread's count of wrong PINs (SQLite: one connection per thread)."""
        found: PinAttempts | None = getattr(self._attempts, "count", None)
        if found is None:
            found = PinAttempts(self.event, clock=self.wall)
            self._attempts.count = found
        return found

    # -- signing in --------------------------------------------------------------------------
    def _needs_strong_pin(self, typed: str, key: str, *, matched: bool) -> None:
        """Beyond this machine a PIN too weak for the Wi-Fi is refused, whatever the log says
        of it (one set before its weakness was recorded): a short one before it is tried, an
        easily guessed one once it proved right (a wrong guess counts as one)."""
        weakness = pin_weakness(typed.strip()) if self.public else None
        if weakness is not None and (weakness == "obvious") == matched:
            raise RuleError(
                _(
                    "the floor is reached beyond this machine: {problem}; the Director sets another"
                ).format(problem=weakness_said(key, weakness)),
                "VII.1",
            )

    def sign_in(self, pin: str, name: str, phone: str) -> tuple[Session, str]:
        """Check the floor PIN and the name; the session and its cookie. Raises RuleError."""
        event = self.latest()
        stored = event.pin("floor")
        if stored is None and self.public:
            raise RuleError(
                _("no floor PIN is set: the Director sets one (at least 6 digits)"),
                "VII.1",
            )
        staff = actor_name(name) if name.strip() else ""
        if not staff:
            raise RuleError(_("type your name: it is recorded on every action you take"), "VII.1")
        director = event.director
        check_staff_name(staff, director, event.staff, on_floor=True, former=self.directors())
        if stored is not None:
            check_stored(stored, "floor")
            self._needs_strong_pin(pin, "floor_pin", matched=False)
            self.attempts().attempt("floor", phone, staff, lambda: pin_matches(stored, pin))
            self._needs_strong_pin(pin, "floor_pin", matched=True)
        session = Session(
            sid=new_id(),
            name=staff,
            issued=int(self.wall()),
            epoch=event.phones_signed_out,
            pin=pin_tag(stored),
        )
        return session, sign_session(self.secret, session)

    def session(self, cookie: str, event: Served | None = None) -> Session | None:
        """The session a cookie holds, if it is still good for the latest state: the same
        floor PIN, no "sign every phone out" since, not signed out itself, the event not
        over, 16 hours at most."""
        found = read_session(self.secret, cookie, self.wall())
        if found is None:
            return None
        return found if self.session_valid(found, event or self.latest()) else None

    def sign_out(self, session: Session) -> None:
        """End ``session`` here and now: its cookie is refused from then on, across a restart
        too (kept in the event file until the cookie would have expired)."""
        with self.lock:
            self._ended.add(session.sid)
            # A file that cannot be written: the session secret is this run's own
            # (``cannot_record``), or the session is kept ended for this run at least.
            with contextlib.suppress(StoreError):
                self._sessions.end(session.sid, session.issued + SESSION_SECONDS, int(self.wall()))

    def session_valid(self, session: Session, event: Served) -> bool:
        """Whether ``session`` still holds for ``event`` (see ``session``)."""
        if session.issued <= self.wall() - SESSION_SECONDS or session.sid in self._ended:
            return False
        if session.epoch != event.phones_signed_out or event.phase == "finished":
            return False
        stored = event.pin("floor")
        if session.pin != pin_tag(stored) or (stored is None and self.public):
            return False
        # (the Director renamed to, or to a look-alike of, a staff member's name meanwhile)
        director = event.director
        if same_person(session.name, director):
            return False
        try:
            check_staff_name(session.name, director, former=self.directors())
        except RuleError:
            return False
        return True

    # -- acting ------------------------------------------------------------------------------
    def service(self, session: Session) -> Tournament:
        """The service acting as ``session``'s staff member (call with ``lock`` held)."""
        key = person_key(session.name)
        found = self._services.pop(key, None)
        if found is None:
            found = Tournament.open(self.event, actor=session.name, role="floor", clock=self.clock)
        self._services[key] = found  # (the most recent last)
        while len(self._services) > SERVICES_KEPT:
            oldest = next(iter(self._services))
            self._services.pop(oldest).close()
        return found

    def as_director(
        self, session: Session, pin: str, phone: str, act: Callable[[Tournament], str]
    ) -> str:
        """``act`` as the Director through ``session``'s staff member, once the Director's
        PIN, checked against the latest settings, is right."""
        self.check_director_pin(self.latest(), pin, phone, session.name)
        with self.lock:
            director = Tournament.open(
                self.event, role="director", via=session.name, clock=self.clock
            )
            try:
                return act(director)
            finally:
                director.close()

    def check_director_pin(self, event: Served, pin: str, phone: str, name: str) -> None:
        """Refuse (``RuleError``) a Director's PIN that is not ``event``'s, typed by ``name``
        on ``phone``, each wrong one counted (``PinAttempts``)."""
        stored = event.pin("director")
        if stored is None:
            raise RuleError(
                _(
                    "only the Director, and from a phone only once a Director PIN is set "
                    "(ask the Director)"
                ),
                "VII.1",
            )
        check_stored(stored, "director")
        self._needs_strong_pin(pin, "director_pin", matched=False)
        self.attempts().attempt("director", phone, name, lambda: pin_matches(stored, pin))
        self._needs_strong_pin(pin, "director_pin", matched=True)
