"""UI fixtures: the demo event on a temporary file, a frozen clock, apps built by the factory.

Nothing a test sees may depend on how fast the machine is. Besides the frozen clock: keys are
pressed one at a time, each once the app is at rest (``settle``); a notification stays until
the test ends (Textual drops it when its timeout passes on the wall clock); and a snapshot is
taken with the app at rest and its text cursors still (a focused field blinks every half
second of wall time)."""

from __future__ import annotations

import asyncio
import math
import random
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import pytest
import textual.css.stylesheet
from tdhelpers.support import copy_event, started
from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, TextArea
from textual.worker import Worker

from tdconsole.demo import build_demo
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, Mode, build_app
from tdconsole.ui.keyboard import Keyboard

from .textual_reach import animating, key_name, unicode_name, update_now, wait_for_screen

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
"""The frozen moment every UI test (and snapshot) sees."""

SIZE = (120, 40)
"""The terminal the console's tests run in."""

S = TypeVar("S")


def frozen() -> datetime:
    return NOW


class ParsedOnce:
    """Textual's CSS parser (``textual.css.parse.parse``, where its stylesheets call it), with
    what it returned kept for the session: each console a test starts parses the same texts,
    at the same places, with the same variables, and Textual parses every one of them again
    per App (a new stylesheet at its first screen: a noticeable part of each start's CPU).

    Sound: the parse is a function of its arguments alone, and they are all in the key (the
    variables by their value: a stylesheet's tokens, once read, are never changed; a new set
    of variables is a new dict); Textual keeps parsed rules and hands them to its stylesheets
    again itself (its per-stylesheet cache). A call with raw ``variables`` is passed through."""

    KEPT_VARIABLES = 16
    """How many variables' dicts are kept alive (so their ``id`` names them)."""

    def __init__(self, parse: Callable[..., Iterable[Any]]) -> None:
        self.parse = parse
        self.rules: dict[tuple[object, ...], list[Any]] = {}
        self.by_id: dict[int, tuple[object, int]] = {}
        self.numbers: dict[tuple[object, ...], int] = {}

    def _number(self, tokens: dict[str, list[Any]] | None) -> int:
        """A number for the value of ``tokens`` (the same for equal variables)."""
        if tokens is None:
            return -1
        kept = self.by_id.get(id(tokens))
        if kept is not None and kept[0] is tokens:
            return kept[1]
        value = tuple((name, tuple(token)) for name, token in tokens.items())
        number = self.numbers.setdefault(value, len(self.numbers))
        if len(self.by_id) >= self.KEPT_VARIABLES:
            del self.by_id[next(iter(self.by_id))]
        self.by_id[id(tokens)] = (tokens, number)
        return number

    def __call__(
        self,
        scope: str,
        css: str,
        read_from: tuple[str, str],
        variables: dict[str, str] | None = None,
        variable_tokens: dict[str, list[Any]] | None = None,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
    ) -> Iterable[Any]:
        if variables is not None:
            return self.parse(
                scope, css, read_from, variables, variable_tokens, is_default_rules, tie_breaker
            )
        key = (scope, css, read_from, self._number(variable_tokens), is_default_rules, tie_breaker)
        rules = self.rules.get(key)
        if rules is None:
            rules = self.rules[key] = list(
                self.parse(
                    scope,
                    css,
                    read_from,
                    variable_tokens=variable_tokens,
                    is_default_rules=is_default_rules,
                    tie_breaker=tie_breaker,
                )
            )
        return iter(rules)


@pytest.fixture(scope="session", autouse=True)
def css_parsed_once() -> Iterator[None]:
    """Every console of the session reads the CSS Textual parsed for the first (``ParsedOnce``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(textual.css.stylesheet, "parse", ParsedOnce(textual.css.stylesheet.parse))
        yield


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo event built once a session, as a test builds it: in a data folder of its own,
    with no remembered event (its clock is stopped, so nothing in it ages)."""
    folder = tmp_path_factory.mktemp("ui-demo")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TDCONSOLE_DATA_DIR", str(folder / "data"))
        patch.delenv("TDCONSOLE_EVENT", raising=False)
        return build_demo(folder / "demo.tdc", now=NOW)


@pytest.fixture
def demo_file(tmp_path: Path, demo_template: Path) -> Path:
    """The demo event, a test's own: a copy of the session's (``support.copy_event``)."""
    return copy_event(demo_template, tmp_path / "demo.tdc")


MakeApp = Callable[..., ConsoleApp]


def _messages_pending(app: App[Any]) -> bool:
    nodes: list[MessagePump] = [app]
    for screen in app.screen_stack:
        nodes.extend(screen.walk_children(with_self=True))
    return any(node.message_queue_size for node in nodes)


def _awaited(app: App[Any], *, workers: bool, writes: bool) -> list[Worker[Any]]:
    """The workers ``settle`` waits for: all, or the console's writes alone, or none."""
    return [w for w in app.workers if workers or (writes and w.group == "write")]


async def settle(pilot: Pilot[Any], *, workers: bool = True, writes: bool = True) -> None:
    """Wait until the app is at rest: its workers (a rule search, a printout, the opening of
    the event, a field's suggestion) finished, no message (a key, a mount, a focus, what a
    worker posted) waiting in the app or in any widget of its screens, and the screen laid
    out and painted; or until the app has ended. Nothing here waits on the wall clock: the
    app is at rest when these say so. As a terminal's frame does, one paint follows the
    messages of a key, not one per message. With ``workers=False`` (``pilot.pause()``), a
    worker still running is left to run: a test may hold one back on purpose; but a write of
    the console (``ui.writes``) is waited for, unless ``writes=False`` (a test that holds the
    event file)."""
    app = pilot.app
    while True:
        # Every message waiting in the app and its screen processed (what Textual's
        # ``Pilot.pause()`` does before its guess from the CPU time that the app is idle).
        await wait_for_screen(pilot)
        if not app.is_running:
            # The app ended (a crash, ``q``): what is left in its queues is never processed.
            # The test goes on, and ``run_test`` raises the app's error as it exits.
            return
        running = _awaited(app, workers=workers, writes=writes)
        if running:
            # A worker may start another (the demo is built, then opened): those too.
            await asyncio.gather(*(w.wait() for w in running), return_exceptions=True)
            continue
        if _messages_pending(app):
            continue
        # The screen laid out and painted; what it asked for after the paint
        # (``call_after_refresh``), or a new size, is a message for the next round.
        update_now(app.screen)
        await asyncio.sleep(0)
        at_rest = not _messages_pending(app) and not _awaited(app, workers=workers, writes=writes)
        if at_rest and not lapse(app):
            return


LAPSES = "type_ahead_lapses"
"""Where an app's type-ahead windows wait to pass (``by_hand``)."""


def lapse(app: App[Any]) -> bool:
    """The type-ahead windows the app waits on passed (``ui.keyboard``): a key letter left
    alone acts. True when there was one. A test's app at rest has waited longer than any
    window: keys pressed one at a time are keys pressed alone; keys sent together
    (``send_at_once``) are typed within it."""
    keys = getattr(app, "keys", None)
    waiting: list[int] = [] if keys is None else keys.__dict__.pop(LAPSES, [])
    for number in waiting:
        app.call_later(keys.lapse, number)
    return bool(waiting)


def lapse_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The type-ahead's window passes when the test's app is at rest (``lapse``), never on the
    wall clock: a busy machine cannot split a word sent at once, nor a test be timed."""

    def later(self: Keyboard, number: int) -> None:
        self.__dict__.setdefault(LAPSES, []).append(number)

    monkeypatch.setattr(Keyboard, "lapse_later", later)


@pytest.fixture(autouse=True)
def by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    lapse_by_hand(monkeypatch)


@asynccontextmanager
async def console(
    service: Tournament, clock: Callable[[], datetime] = frozen, **options: Any
) -> AsyncIterator[tuple[ConsoleApp, Pilot[Any]]]:
    """The console on ``service`` (``build_app``'s ``options``) run at ``SIZE``, at rest; the
    service is closed after, whatever the test found."""
    app = build_app(service, clock, **options)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            yield app, pilot
    finally:
        service.close()


async def pressed(pilot: Pilot[Any], key: str, *, workers: bool = False) -> None:
    """``key`` pressed on the app at rest, and its messages processed (``pilot.pause()``);
    with ``workers``, what it started finished too (``settle``)."""
    await settle(pilot, workers=workers)
    await pilot.press(key)
    await settle(pilot, workers=workers)


async def opened_by(pilot: Pilot[Any], key: str, kind: type[S], *, workers: bool = False) -> S:
    """The screen ``key`` opens on the app at rest (``pressed``), which must be a ``kind``."""
    await pressed(pilot, key, workers=workers)
    screen = pilot.app.screen
    assert isinstance(screen, kind)
    return screen


def paid(path: Path, name: str, players: list[str], **create: Any) -> Tournament:
    """A new event on the frozen clock, ``players`` registered and paid, not drawn yet."""
    service = Tournament.create(path, name, load_settings(), clock=frozen, **create)
    service.execute(Register(names=players))
    service.execute(Pay(names=players))
    return service


SIX = ["Ada", "Bea", "Cid", "Dan", "Eva", "Fil"]


def six_started(path: Path) -> Tournament:
    """An event of the ``SIX`` players drawn and started at the frozen clock: a final from
    the draw."""
    service = Tournament.create(path, "e", load_settings(), clock=frozen, rng=random.Random(1))
    return started(service, SIX)


async def tab_rows(pilot: Pilot[Any], key: str, table: str) -> list[list[str]]:
    """The rows of the table ``table`` (a selector) on the tab ``key`` shows, the app at rest."""
    await pilot.press(key)
    await settle(pilot)
    view: DataTable[object] = pilot.app.screen.query_one(table, DataTable)
    return [[str(cell) for cell in view.get_row_at(i)] for i in range(view.row_count)]


def key_event(key: str) -> events.Key:
    """The event Textual's pilot sends for ``key`` (``App._press_keys``)."""
    if len(key) == 1 and not key.isalnum():
        key = key_name(key)
    try:
        char: str | None = unicodedata.lookup(unicode_name(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def still_cursors(app: App[Any]) -> None:
    """Stop the blinking of every text cursor: a focused field shows its cursor, always."""
    for screen in app.screen_stack:
        for field in screen.query(Input).results():
            field.cursor_blink = False
        for area in screen.query(TextArea).results():
            area.cursor_blink = False


@pytest.fixture(autouse=True)
def keys_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pilot.press`` sends each key once the app is at rest after the one before, and
    ``pilot.pause()`` (and the snapshots' ``wait_for_scheduled_animations``) waits until the
    app's messages are processed and painted (``settle``).
    Textual's guess from the CPU time that the app is idle is wrong both ways: on a busy
    machine a key typed into a dialog can land before the dialog is up and its field
    focused; on a quiet one every key waits a fixed pause of wall clock, and the console's
    timers repaint it meanwhile."""
    pause = Pilot.pause

    async def one_at_a_time(self: Pilot[Any], *keys: str) -> None:
        for key in keys:
            if not self.app.is_running:
                return
            if key.startswith("wait:"):
                await asyncio.sleep(float(key.removeprefix("wait:")) / 1000)
            else:
                event = key_event(key)
                event.set_sender(self.app)
                self.app.post_message(event)
            await settle(self)
            if animating(self.app):
                # An animation the key started (a scroll): its end, and what follows it.
                await self.app.animator.wait_until_complete()
                await settle(self)

    async def at_rest(self: Pilot[Any], delay: float | None = None) -> None:
        if delay is not None:
            await pause(self, delay)
        else:
            await settle(self, workers=False)

    async def animations_done(self: Pilot[Any]) -> None:
        await settle(self, workers=False)
        await self.app.animator.wait_until_complete()
        await settle(self, workers=False)

    monkeypatch.setattr(Pilot, "press", one_at_a_time)
    monkeypatch.setattr(Pilot, "pause", at_rest)
    monkeypatch.setattr(Pilot, "wait_for_scheduled_animations", animations_done)


@pytest.fixture(autouse=True)
def lasting_notifications(monkeypatch: pytest.MonkeyPatch) -> None:
    """A notification stays until the test ends, however long the steps before it is looked
    at take on a busy machine."""
    notify = ConsoleApp.notify

    def lasting(self: ConsoleApp, message: str, **kwargs: Any) -> None:
        kwargs["timeout"] = math.inf
        notify(self, message, **kwargs)

    monkeypatch.setattr(ConsoleApp, "notify", lasting)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's ``snap_compare``, with the screen at rest for the picture:
    the workers done and the text cursors still."""

    def compare(
        app: App[Any],
        run_before: Callable[[Pilot[Any]], Awaitable[None]] | None = None,
        **kwargs: Any,
    ) -> bool:
        async def at_rest(pilot: Pilot[Any]) -> None:
            if run_before is not None:
                await run_before(pilot)
            await settle(pilot)
            still_cursors(pilot.app)

        return snap_compare(app, run_before=at_rest, **kwargs)

    return compare


@pytest.fixture
def make_app(demo_file: Path) -> Iterator[MakeApp]:
    services: list[Tournament] = []

    def make(
        mode: Mode = "director",
        path: Path | None = None,
        lang: str | None = None,
        actor: str | None = None,
    ) -> ConsoleApp:
        role = "floor" if mode == "floor" else "director"
        service = Tournament.open(
            path or demo_file, clock=frozen, role=role, actor=actor, rng=random.Random(7)
        )
        services.append(service)
        return build_app(service, frozen, mode=mode, lang=lang, actor=actor)  # type: ignore[arg-type]

    yield make
    for service in services:
        service.close()


@pytest.fixture
def app(make_app: MakeApp) -> ConsoleApp:
    return make_app()


def bust_at(service: Tournament, table: int, leave: int) -> None:
    """Eliminate players of ``table`` (declining the second stack) until ``leave`` are left."""
    from tdconsole.domain.play import Bust

    while True:
        players = service.state.players_at(service.state.tables[table])
        if len(players) <= leave:
            return
        service.execute(Bust(names=[players[-1].name], declined=True))


@pytest.fixture
def closing_file(demo_file: Path) -> Path:
    """The demo with table 1 down to three players: it must close (Art. IV.4)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    service.close()
    return demo_file


@pytest.fixture
def final_file(demo_file: Path) -> Path:
    """The demo down to nine players: the final is due (Art. IV.2)."""
    service = Tournament.open(demo_file, clock=frozen)
    bust_at(service, 1, 3)
    bust_at(service, 2, 3)
    bust_at(service, 3, 3)
    service.close()
    return demo_file
