"""Two terminals changing the season at the same moment: the second reads the first's change
before making its own, so neither is written over (the season file is read, changed and written
under the folder's lock, ``changing_season``)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tdconsole.cli import main
from tdconsole.season import seasonfile
from tdconsole.season.seasonfile import changing_season, read_season, validate_season, write_season


def test_a_change_made_while_another_is_under_way_is_not_lost(
    evenings: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = evenings[0].parent
    assert main(["season", "new", str(folder / "club"), "--name", "Club"]) == 0
    path = folder / "club.season.toml"
    other: list[int] = []
    second = threading.Thread(
        target=lambda: other.append(
            main(["--lang", "en", "season", "--season", str(path), "add", str(evenings[0])])
        )
    )
    with changing_season(path) as season:  # the first terminal, in the middle of its change
        second.start()
        second.join(timeout=1.0)  # the second waits for it (or, unlocked, runs to its end)
        write_season(path, validate_season({**season.model_dump(), "best": 3}, path))
    second.join()
    assert other == [0], capsys.readouterr().err
    changed = read_season(path)
    assert changed.best == 3  # the first change…
    assert changed.events == ("sera-1.tdc",)  # …and the second, made on top of it


def test_a_season_held_too_long_is_refused_in_one_line_and_left_alone(
    evenings: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = evenings[0].parent
    assert main(["season", "new", str(folder / "club"), "--name", "Club"]) == 0
    path = folder / "club.season.toml"
    before = path.read_bytes()
    monkeypatch.setattr(seasonfile, "BUSY_SECONDS", 0.0)
    capsys.readouterr()
    with changing_season(path):
        code = main(["--lang", "en", "season", "--season", str(path), "set", "best=2"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().endswith(
        "another terminal is still changing the season: try again in a moment"
    ), err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
