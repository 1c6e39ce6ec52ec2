"""One browser session of ``tdconsole serve``: the room display, or the floor on a phone.

The display opens the event read-only and can do nothing (no command palette, no action). The
floor asks the floor PIN (when one is set; one must be when served beyond this machine) and the
staff member's name before anything else, then acts through the service as that name, on the
floor's role, like ``tdconsole --as NAME floor``. A Director-only action asks the Director's
PIN and runs as the Director, through the same service path. Wrong PINs are counted across
every session of the event (``store.attempts``). When the Director changes the floor PIN, every
floor session asks it again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from textual import on

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _
from tdconsole.ui.app import ConsoleApp, wall_clock
from tdconsole.ui.i18n import Lang
from tdconsole.ui.served.messages import ClockToggleRequested, FloorUndoRequested

if TYPE_CHECKING:
    from collections.abc import Callable

    from tdconsole.service import Tournament
    from tdconsole.store.attempts import PinAttempts
    from tdconsole.ui.app import Clock

ServedView = Literal["display", "floor"]
PARENT_SECONDS = 1.0


def _opener(path: Path, clock: Clock) -> Callable[[], Tournament]:
    def load() -> Tournament:
        from tdconsole.service import Tournament

        return Tournament.open(path, role="floor", clock=clock)

    return load


class ServedApp(ConsoleApp):
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        path: Path,
        view: ServedView,
        *,
        public: bool = False,
        lang: Lang | None = None,
        clock: Clock = wall_clock,
    ) -> None:
        super().__init__(
            None, clock, mode=view, lang=lang, loader=_opener(path, clock), title=path.stem
        )
        self.event_path = path
        self.public = public
        """Served beyond this machine: the floor refuses to open without a floor PIN."""
        self.staff: str | None = None
        """The name typed at the sign-in, once the PIN was accepted."""
        self._signed_pin: str | None = None
        self._attempts: PinAttempts | None = None
        self._server_pid = os.getppid()
        self._phone = f"session-{os.getpid()}"
        """This browser session, as the wrong PINs are counted."""

    async def on_mount(self) -> None:
        await super().on_mount()
        self.set_interval(PARENT_SECONDS, self._server_alive)

    def _server_alive(self) -> None:
        """A session whose server is gone (killed) leaves: no one can reach it any more."""
        if os.getppid() != self._server_pid:
            self.exit(0)

    @property
    def attempts(self) -> PinAttempts:
        if self._attempts is None:
            from tdconsole.store.attempts import PinAttempts

            self._attempts = PinAttempts(self.event_path)
        return self._attempts

    def close_service(self) -> None:
        if self.service is not None:
            self.service.close()
        if self._attempts is not None:
            self._attempts.close()

    # -- screens ---------------------------------------------------------------------------
    async def _open_screen(self) -> None:
        if self.mode == "display":
            await super()._open_screen()
            return
        from tdconsole.ui.screens.base import MainScreen

        screen: MainScreen | None = None
        if self.staff is None:
            from tdconsole.ui.served.sign_in import SignInScreen

            pins = self.service.state.pins if self.service is not None else {}
            sign_in = SignInScreen(self.tr, self.sign_in, needs_pin="floor" in pins)
            await self._replace(sign_in)
            return
        from tdconsole.ui.served.phone import PhoneFloorScreen

        screen = PhoneFloorScreen(self.tr)
        await self._replace(screen)
        self.refresh_views()
        self.tick()

    async def _replace(self, screen: object) -> None:
        from textual.screen import Screen

        assert isinstance(screen, Screen)
        if len(self.screen_stack) > 1:
            await self.switch_screen(screen)
        else:
            await self.push_screen(screen)

    def refresh_views(self) -> None:
        service = self.service
        if self.mode == "floor" and self.staff is not None and service is not None:
            changed = service.state.pins.get("floor") != self._signed_pin
            if changed:
                self.sign_out()
                return
        super().refresh_views()

    def sign_out(self) -> None:
        """The floor PIN changed: this session asks for it again."""
        self.staff = None
        self._signed_pin = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.run_worker(self._open_screen(), exclusive=True, group="open-event")

    # -- the floor's sign-in -----------------------------------------------------------------
    def sign_in(self, pin: str, name: str) -> None:
        """Check the floor PIN and the name; open the floor as that name. Raises RuleError."""
        from tdconsole.domain.access import pin_matches
        from tdconsole.service import Tournament

        if self.service is None:
            return
        self.service.poll()
        state = self.service.state
        stored = state.pins.get("floor")
        if stored is None and self.public:
            raise RuleError(
                _("no floor PIN is set: the Director sets one (`tdconsole set floor_pin=NNNN`)"),
                "VII.1",
            )
        staff = " ".join(name.split())
        if not staff:
            raise RuleError(
                _("type your name: it is recorded on every action you take"),
                "VII.1",
            )
        if staff.casefold() == state.settings.director.casefold():
            raise RuleError(
                _("that is the Director's name: type your own"),
                "VII.1",
            )
        if stored is not None:
            self.attempts.attempt("floor", self._phone, staff, lambda: pin_matches(stored, pin))
        opened = Tournament.open(self.event_path, actor=staff, role="floor", clock=self.clock)
        self.service.close()
        self.service = opened
        self.staff = staff
        self._signed_pin = stored
        self.run_worker(self._open_screen(), exclusive=True, group="open-event")

    def who(self) -> object:  # type: ignore[override]
        from rich.text import Text

        if self.mode == "floor" and self.staff is not None:
            return Text(self.tr("Floor: {name}", name=self.staff))
        return super().who()

    # -- the Director's actions, behind the Director's PIN ----------------------------------
    def as_director(self, what: str, act: Callable[[Tournament], str]) -> None:
        """Ask the Director's PIN, then ``act`` on the event as the Director; refused when
        no Director PIN is set (nobody could tell the Director from anyone else)."""
        from tdconsole.domain.access import pin_matches
        from tdconsole.service import Tournament
        from tdconsole.ui.served.director_pin import DirectorPinDialog

        if self.service is None:
            return
        stored = self.service.state.pins.get("director")
        if stored is None:
            self.refused(
                RuleError(
                    _(
                        "{what}: only the Director, and from a browser only once a "
                        "Director PIN is set (`tdconsole set director_pin=NNNN`)"
                    ).format(what=what),
                    "VII.1",
                )
            )
            return

        def check(pin: str) -> None:
            self.attempts.attempt(
                "director", self._phone, self.staff or "", lambda: pin_matches(stored, pin)
            )
            director = Tournament.open(self.event_path, role="director", clock=self.clock)
            try:
                done = act(director)
            finally:
                director.close()
            self.poll()
            self.notify(done, timeout=6, markup=False)

        self.push_screen(DirectorPinDialog(self.tr, what, check))

    @on(ClockToggleRequested)
    def _clock_toggle(self, message: ClockToggleRequested) -> None:
        from tdconsole.domain.clock_events import ClockControl
        from tdconsole.ui.words import command_words

        message.stop()
        status = self.clock_status()
        if status is None:
            self.refused(
                RuleError(
                    _("the clock starts with the tournament"),
                    "III.5",
                )
            )
            return
        command = ClockControl(action="pause" if status.running else "start")

        def act(director: Tournament) -> str:
            director.execute(command)
            return command_words(command, self.tr)

        self.as_director(self.tr("pause or resume the clock"), act)

    @on(FloorUndoRequested)
    def _undo(self, message: FloorUndoRequested) -> None:
        from tdconsole.domain.summaries import summary_text

        message.stop()
        service = self.service
        if service is None:
            return
        service.poll()
        target = service.history.last_active
        owner = service.history.actors.get(target) if target is not None else None
        if owner is None or owner.casefold() == service.actor.casefold():
            try:
                summary = service.undo()
            except RuleError as exc:
                self.refused(exc)
                return
            self.refresh_views()
            self.notify(summary_text(summary, self.tr.lang), timeout=6, markup=False)
            return

        def act(director: Tournament) -> str:
            return summary_text(director.undo(), self.tr.lang)

        self.as_director(self.tr("undo {owner}'s action", owner=owner), act)
