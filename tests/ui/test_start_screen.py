"""The start screen: a new event in the data folder, a recent one opened, a new one "like the
last one" (settings and structure copied, its players registered from a checklist); bad input
refused in one line that changes nothing."""

from __future__ import annotations

import errno
import os
import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from tdconsole.domain.play import Start
from tdconsole.domain.slices.draw import Draw
from tdconsole.domain.slices.pay import Pay
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament
from tdconsole.store.paths import events_dir, last_event
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.dialogs.register_again import RegisterAgainDialog
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.screens.start import StartScreen
from tdconsole.ui.widgets.choices import Tick
from tdconsole.ui.widgets.keys_footer import KeysFooter

from .conftest import frozen, settle
from .test_actions import SIZE, messages

PLAYERS = ["Rossi", "[red]Bianchi", "Verdi", "Neri", "Gallo", "Costa"]


def started_event(path: Path) -> None:
    """An evening played before: its own settings, six players (one withdrawn), its structure."""
    settings = load_settings()
    settings = settings.model_copy(update={"director": "Bianchi Carlo", "currency": "euro"})
    service = Tournament.create(path, "Prima sera", settings, rng=random.Random(3))
    try:
        service.execute(Register(names=[*PLAYERS, "Ritirato"]))
        from tdconsole.domain.slices.withdraw import Withdraw

        service.execute(Withdraw(name="Ritirato"))
        service.execute(Pay(names=PLAYERS))
        service.execute(Draw(tables=1, seed=1))
        service.execute(Start(stack=6000, big_blind=100, first_minutes=30, minutes=15))
    finally:
        service.close()


async def name_typed(pilot: Pilot[int], *keys: str) -> None:
    """On the start screen, ``keys`` pressed in the new event's name field."""
    await settle(pilot)
    pilot.app.screen.query_one("#new-name", Input).focus()
    await pilot.press(*keys)
    await settle(pilot)


def opened(app: ConsoleApp) -> Tournament:
    assert isinstance(app.screen_stack[1], ConsoleScreen) or isinstance(app.screen, ConsoleScreen)
    assert app.service is not None
    return app.service


async def test_a_new_event_from_the_start_screen_opens_the_console_on_it() -> None:
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#new-name", Input).focus()
        await pilot.press(*"venerdi")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        service = opened(app)
        path = events_dir() / "venerdi.tdc"
        assert service.store.path == path
        assert path.is_file()
        assert service.state.name == "venerdi"
        assert last_event() == path.resolve()
        service.close()


async def test_an_empty_name_or_a_taken_one_is_refused_and_changes_nothing() -> None:
    Tournament.create(events_dir() / "sabato.tdc", "sabato", load_settings()).close()
    before = (events_dir() / "sabato.tdc").read_bytes()
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#new-name", Input).focus()
        await pilot.press("space", "enter")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert messages(app)[-1] == ("give the new event a name: its file goes in the data folder")
        await pilot.press("backspace", *"sabato", "enter")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert "sabato.tdc already exists" in messages(app)[-1]
        assert "\n" not in messages(app)[-1]
    assert sorted(p.name for p in events_dir().iterdir()) == ["sabato.tdc"]
    assert (events_dir() / "sabato.tdc").read_bytes() == before


async def test_a_read_only_data_folder_is_said_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    events_dir().mkdir(parents=True)

    def read_only(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    # A read-only medium, said in the words every write says it in (the tests may run as
    # root, who writes anyway).
    monkeypatch.setattr("tdconsole.store.output.tempfile.mkdtemp", read_only)
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await name_typed(pilot, *"domenica", "enter")
        assert isinstance(app.screen, StartScreen)
        said = messages(app)[-1]
        assert "the medium is mounted read-only" in said and "choose another path" in said, said
    assert list(events_dir().iterdir()) == []


async def test_a_recent_event_is_opened_from_the_list_newest_first() -> None:
    events_dir().mkdir(parents=True)
    for number, name in enumerate(("uno", "due", "tre")):
        path = events_dir() / f"{name}.tdc"
        Tournament.create(path, name, load_settings()).close()
        os.utime(path, (1_800_000_000 + number * 60,) * 2)
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert [p.stem for p in screen.recent] == ["tre", "due", "uno"]
        screen.query_one("#recent", OptionList).focus()
        await pilot.press("down", "enter")
        await settle(pilot)
        service = opened(app)
        assert service.store.path == events_dir() / "due.tdc"
        assert service.state.name == "due"
        service.close()


async def test_like_the_last_one_copies_settings_and_structure_and_registers_the_ticked() -> None:
    events_dir().mkdir(parents=True)
    started_event(events_dir() / "prima.tdc")
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await name_typed(pilot, *"seconda", "ctrl+l")
        dialog = app.screen
        assert isinstance(dialog, RegisterAgainDialog)
        assert dialog.offered == PLAYERS  # the withdrawn left out, in registration order
        ticks = list(dialog.query(Tick))
        assert [str(t.label) for t in ticks] == PLAYERS  # "[red]Bianchi" shown literally
        await pilot.press("space")  # Rossi unticked
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        service = opened(app)
        assert service.store.path == events_dir() / "seconda.tdc"
        state = service.state
        assert [p.name for p in state.ordered_players()] == PLAYERS[1:]
        assert all(p.status == "registered" for p in state.ordered_players())
        assert state.settings.director == "Bianchi Carlo"
        assert state.settings.currency == "euro"
        assert state.settings.stacks.starting_stack == 6000
        assert state.settings.clock.first_minutes == 30
        assert state.settings.clock.minutes == 15
        assert state.settings.clock.second_bb_factor == 2
        assert state.phase == "registration"
        service.close()


async def test_like_the_last_one_past_the_cap_puts_the_last_on_the_waiting_list() -> None:
    events_dir().mkdir(parents=True)
    settings = load_settings()
    registration = settings.registration.model_copy(update={"max_players": 4})
    settings = settings.model_copy(update={"registration": registration})
    Tournament.create(events_dir() / "piccola.tdc", "piccola", settings).close()
    service = Tournament.open(events_dir() / "piccola.tdc")
    service.execute(Register(names=PLAYERS))
    service.close()
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await name_typed(pilot, *"ancora", "ctrl+l")
        await pilot.press("ctrl+s")
        await settle(pilot)
        state = opened(app).state
        statuses = [p.status for p in state.ordered_players()]
        assert statuses == ["registered"] * 4 + ["waitlisted"] * 2  # Art. I.1
        opened(app).close()


async def test_the_palette_s_start_screen_opens_another_event_and_esc_goes_back(
    demo_file: Path,
) -> None:
    service = Tournament.open(demo_file, clock=frozen, rng=random.Random(7))
    app = build_app(service, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ConsoleScreen)
        (go,) = [go for label, go, _k, _g in screen.palette_entries() if label.startswith("Events")]
        go()  # type: ignore[operator]
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        go()  # type: ignore[operator]
        await settle(pilot)
        app.screen.query_one("#new-name", Input).focus()
        await pilot.press(*"altra", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConsoleScreen)
        assert len(app.screen_stack) == 2
        assert opened(app).store.path == events_dir() / "altra.tdc"
        opened(app).close()


async def test_at_80_by_24_with_many_recent_events_every_field_is_reached() -> None:
    events_dir().mkdir(parents=True)
    for number in range(12):
        (events_dir() / f"sera-{number}.tdc").write_bytes(b"")
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen) and len(app.screen.recent) == 12
        field = app.screen.query_one("#open-path", Input)
        assert field.region.bottom > 23  # below the screen's edge, until the box scrolls
        app.screen.query_one("#demo").focus()
        await settle(pilot)
        await pilot.press("tab")  # the scroll to the field is animated: the key waits for it
        assert app.focused is field
        assert field.region.y >= 0 and field.region.bottom <= 23


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Quit", "Demo", "Like the chosen one")), ("it", ("Esci", "Demo", "Come quello"))],
)
async def test_the_start_screen_shows_its_keys_as_every_screen_does(
    lang: str, words: tuple[str, ...]
) -> None:
    app = build_app(None, frozen, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        footer = app.screen.query_one(KeysFooter)
        shown = {key.key: key.description for key in footer.query("FooterKey")}  # type: ignore[attr-defined]
        assert set(shown) >= {"escape", "ctrl+d", "ctrl+l"}, shown
        for key, word in zip(("escape", "ctrl+d", "ctrl+l"), words, strict=True):
            assert shown[key].startswith(word), shown
        assert footer.region.bottom == SIZE[1]


async def test_a_name_windows_refuses_is_refused_in_one_line_and_makes_nothing() -> None:
    app = build_app(None, frozen, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await name_typed(pilot, *"CON", "enter")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert messages(app)[-1] == (
            "'CON.tdc' is a name Windows keeps for a device: choose another name"
        )
    assert not events_dir().exists() or list(events_dir().iterdir()) == []
