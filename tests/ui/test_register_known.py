"""Registration from the players the club already knows: a few letters and Enter take a known
name (the data folder's earlier events, its seasons'), a new name is typed in full, and
``ctrl+l`` offers the last event's players, all ticked."""

from __future__ import annotations

import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tdconsole.domain.slices.register import Register
from tdconsole.season import known
from tdconsole.service import Tournament
from tdconsole.store.paths import events_dir
from tdconsole.store.settings_file import load_settings
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.register import RegisterDialog
from tdconsole.ui.dialogs.register_again import RegisterAgainDialog

from .conftest import console, frozen, settle

REGULARS = ["Mario Rossi", "Bianca Neri", "Marco Rossini", "Zoë Ångström", "Ugo Verdi"]


def earlier_event(name: str, players: list[str], *, age: int = 0) -> Path:
    """An event of the data folder with ``players`` registered, changed ``age`` hours ago."""
    path = events_dir() / f"{name}.tdc"
    service = Tournament.create(path, name, load_settings(), clock=frozen)
    service.execute(Register(names=players))
    service.close()
    stamp = path.stat().st_mtime - age * 3600
    os.utime(path, (stamp, stamp))
    return path


def tonight(tmp_path: Path) -> Tournament:
    return Tournament.create(tmp_path / "stasera.tdc", "Stasera", load_settings(), clock=frozen)


def names_of(service: Tournament) -> list[str]:
    return [p.name for p in service.state.ordered_players()]


@asynccontextmanager
async def typed_in_register(
    tmp_path: Path, letters: str
) -> AsyncIterator[tuple[ConsoleApp, Pilot[Any], Tournament]]:
    """The regulars known from an earlier event; ``i``, ``letters`` and Enter tonight: the
    dialog still open, nothing registered."""
    earlier_event("lunedi", REGULARS)
    service = tonight(tmp_path)
    async with console(service) as (app, pilot):
        await pilot.press("i", *letters, "enter")
        await settle(pilot)
        assert isinstance(app.screen, RegisterDialog)
        assert names_of(service) == []
        yield app, pilot, service


async def test_a_few_letters_and_enter_take_a_known_player_a_new_one_is_typed_whole(
    tmp_path: Path,
) -> None:
    async with typed_in_register(tmp_path, "bia") as (app, pilot, service):
        assert app.screen.query_one("#names", Input).value == "Bianca Neri, "  # taken
        await pilot.press(*"zoe", "enter", *"Anna Nuova", "enter")
        await settle(pilot)
        assert names_of(service) == ["Bianca Neri", "Zoë Ångström", "Anna Nuova"]


async def test_letters_naming_several_known_players_register_nothing_and_ask_for_more(
    tmp_path: Path,
) -> None:
    async with typed_in_register(tmp_path, "ross") as (app, pilot, service):
        assert "Marco Rossini" in str(app.screen.query_one("#dialog-note").render())
        await pilot.press(*"in", "enter", "enter")  # "rossin": Marco Rossini alone
        await settle(pilot)
        assert names_of(service) == ["Marco Rossini"]


async def test_ctrl_s_registers_the_letters_as_typed(tmp_path: Path) -> None:
    earlier_event("lunedi", REGULARS)
    service = tonight(tmp_path)
    async with console(service) as (_app, pilot):
        await pilot.press("i", *"Mario", "ctrl+s")
        await settle(pilot)
        assert names_of(service) == ["Mario"]


async def test_the_registered_are_not_offered_again(tmp_path: Path) -> None:
    earlier_event("lunedi", REGULARS)
    service = tonight(tmp_path)
    service.execute(Register(names=["Bianca Neri"]))
    async with console(service) as (_app, pilot):
        await pilot.press("i", *"bia", "enter")  # no known player left: a new name
        await settle(pilot)
        assert names_of(service) == ["Bianca Neri", "bia"]


async def test_like_the_last_one_offers_the_last_event_s_players_all_ticked(
    tmp_path: Path,
) -> None:
    earlier_event("older", ["Carla Bruni"], age=48)
    earlier_event("lunedi", ["Ugo Verdi", "Mario Rossi"], age=1)
    service = tonight(tmp_path)
    service.execute(Register(names=["Mario Rossi"]))
    async with console(service) as (app, pilot):
        await pilot.press("i", "ctrl+l")
        await settle(pilot)
        assert isinstance(app.screen, RegisterAgainDialog)
        assert app.screen.offered == ["Ugo Verdi"]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert names_of(service) == ["Mario Rossi", "Ugo Verdi"]


async def test_known_players_come_from_the_season_with_its_aliases(tmp_path: Path) -> None:
    """A season beside the event counts events outside the data folder: their players are
    known, under the season's name for a person (its alias)."""
    away = tmp_path / "away"
    away.mkdir()
    other = Tournament.create(away / "a.tdc", "A", load_settings(), clock=frozen)
    other.execute(Register(names=["Beppe", "Ugo Verdi"]))
    other.close()
    (tmp_path / "stagione.season.toml").write_text(
        'kind = "tdconsole season"\nname = "Stagione"\nevents = ["away/a.tdc"]\n'
        '[aliases]\n"Beppe" = "Giuseppe Sala"\n',
        encoding="utf-8",
    )
    service = tonight(tmp_path)
    try:
        assert service.known_players() == ["Giuseppe Sala", "Ugo Verdi"]
    finally:
        service.close()


async def test_the_known_players_are_read_off_the_console_thread_when_registration_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read in the background as the event opens at registration: neither ``i`` nor
    ``ctrl+l`` reads a file."""
    earlier_event("lunedi", REGULARS)
    service = tonight(tmp_path)
    read: list[str] = []
    reading = service.read_known_players

    def read_known_players() -> None:
        read.append(threading.current_thread().name)
        reading()

    service.read_known_players = read_known_players  # type: ignore[method-assign]
    listed: list[Path] = []
    listing = known.latest_events

    def latest_events(event: Path) -> list[Path]:
        listed.append(event)
        return listing(event)

    monkeypatch.setattr(known, "latest_events", latest_events)
    async with console(service) as (_app, pilot):
        await settle(pilot)
        assert len(read) == 1 and read[0] != threading.main_thread().name
        assert len(listed) == 1  # the data folder listed once for both

        def no_file(*_args: object) -> list[Path]:
            raise AssertionError("a file read on the console's thread")

        monkeypatch.setattr(known, "latest_events", no_file)
        monkeypatch.setattr(known, "known_names", no_file)
        assert "Bianca Neri" in service.known_players()
        assert "Bianca Neri" in service.last_event_players()  # "like the last one" too
        assert len(read) == 1
