"""The season's standings on the room display between levels: a board shown during breaks when
the season says ``room_display = true``, read afresh when each break begins."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tdhelpers.season_events import EVENING_1, EVENING_2, play_event
from textual.app import App, ComposeResult

from tdconsole.season.load import load, season_json
from tdconsole.season.seasonfile import Season, write_season
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.season_board import SeasonBoard, board_lines

BREAK = SimpleNamespace(is_break=True)
LEVEL = SimpleNamespace(is_break=False)


class BoardApp(App[None]):
    """The board alone, on an app that has the event open (as the room display's has)."""

    def __init__(self, event: Path) -> None:
        super().__init__()
        self.service = SimpleNamespace(store=SimpleNamespace(path=event))

    def compose(self) -> ComposeResult:
        yield SeasonBoard(Translator("it"), id="board")


def season_with(folder: Path, *, room_display: bool) -> Path:
    play_event(folder / "sera-1.tdc", "Prima sera", *EVENING_1, day=1)
    play_event(folder / "sera-2.tdc", "Seconda sera", *EVENING_2, day=8)
    play_event(folder / "stasera.tdc", "Stasera", ["Anna", "Ugo", "Vera"], ["Vera"], day=15)
    path = folder / "club.season.toml"
    events = ("sera-1.tdc", "sera-2.tdc", "stasera.tdc")
    write_season(path, Season(name="Club", events=events, room_display=room_display), new=True)
    return folder / "stasera.tdc"


def test_the_board_lines() -> None:
    document: dict[str, Any] = {
        "season": "Club",
        "standings": [
            {"place": 1, "tied": False, "player": "Anna", "points": "40.30"},
            {"place": 2, "tied": True, "player": "[b]Bruno Bianchi", "points": "39.68"},
            {"place": 2, "tied": True, "player": "Zoë", "points": "39.68"},
        ],
    }
    assert board_lines(document, "it") == [
        "CLASSIFICA DELLA STAGIONE — Club",
        "",
        "   1  Anna                 40.30 punti",
        "  2=  [b]Bruno Bianchi     39.68 punti",
        "  2=  Zoë                  39.68 punti",
    ]
    assert board_lines(document, "en", rows=1)[0] == "SEASON STANDINGS — Club"
    assert len(board_lines(document, "en", rows=1)) == 3


async def test_shown_during_breaks_only(tmp_path: Path) -> None:
    event = season_with(tmp_path, room_display=True)
    expected = season_json(load(tmp_path / "club.season.toml"), "it")["standings"]
    app = BoardApp(event)
    async with app.run_test() as pilot:
        board = app.query_one(SeasonBoard)
        board.show(LEVEL)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not board.display and board.lines is None  # not read outside a break
        board.show(BREAK)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert board.display
        assert board.lines is not None and board.lines[0] == "CLASSIFICA DELLA STAGIONE — Club"
        first = expected[0]
        assert board.lines[2].split() == ["1", first["player"], first["points"], "punti"]
        board.show(LEVEL)
        assert not board.display


async def test_not_shown_unless_the_season_says_so(tmp_path: Path) -> None:
    app = BoardApp(season_with(tmp_path, room_display=False))
    async with app.run_test() as pilot:
        board = app.query_one(SeasonBoard)
        board.show(BREAK)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not board.display and board.lines is None


async def test_the_room_display_shows_the_season_during_a_break(
    make_app: Any, demo_file: Path
) -> None:
    from tdconsole.domain.slices.clock_control import ClockControl
    from tdconsole.domain.slices.edit_level import EditLevel
    from tdconsole.service import Tournament

    from .conftest import frozen

    folder = demo_file.parent
    play_event(folder / "sera-1.tdc", "Prima sera", *EVENING_1, day=1)
    events = ("sera-1.tdc", demo_file.name)
    write_season(
        folder / "club.season.toml", Season(name="Club", events=events, room_display=True), new=True
    )
    service = Tournament.open(demo_file, clock=frozen)
    service.execute(EditLevel(level=1, break_minutes=10))
    service.execute(ClockControl(action="next"))  # level 1 → the break after it
    service.close()

    app = make_app("display")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        board = app.screen.query_one("#display-season", SeasonBoard)
        assert board.display and board.lines is not None
        assert board.lines[0] == "CLASSIFICA DELLA STAGIONE — Club"
        assert board.lines[2].split() == ["1", "Anna", "24.49", "punti"]  # 10·√6, 1st of 6
