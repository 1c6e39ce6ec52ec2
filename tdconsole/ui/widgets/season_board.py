"""The season's standings on the room display, between levels (docs/season.md).

Shown during a break when the season counting the event says ``room_display = true``
(``tdconsole season set room_display=true``): the season's name and its first places, in lines
wide enough to read across a room. The season is read afresh (read-only, in a worker) when each
break begins: evenings finished elsewhere since the last one are counted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual import work
from textual.message import Message
from textual.widgets import Static

from tdconsole.domain.errors import RuleError
from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from tdconsole.domain.clock import ClockStatus

ROWS = 10
"""Places shown on the TV."""


def board_lines(document: dict[str, Any], lang: str, rows: int = ROWS) -> list[str]:
    """The board's lines: a title, then ``place  player  points`` for the first ``rows``."""

    tr = Translator(lang)
    standings = document["standings"][:rows]
    width = max([len(r["player"]) for r in standings] + [10])
    lines = [tr("SEASON STANDINGS — {season}", season=document["season"]), ""]
    points = tr("points")
    for row in standings:
        place = f"{row['place']}{'=' if row['tied'] else ''}"
        lines.append(f"{place:>4}  {row['player']:<{width}}  {row['points']:>8} {points}")
    return lines


class SeasonBoard(Static):
    DEFAULT_CSS = """
    SeasonBoard { height: auto; display: none; margin: 1 0; }
    """

    class Loaded(Message):
        def __init__(self, lines: list[str] | None) -> None:
            super().__init__()
            self.lines = lines

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self.between = False
        self.lines: list[str] | None = None
        """What the board shows; None: no season, or one not meant for the room."""

    def show(self, status: ClockStatus | None) -> None:
        """Follow the clock: shown during a break, read afresh when a break begins."""
        between = status is not None and status.is_break
        if between and not self.between:
            path = self._event_path()
            if path is not None:
                self._read(path)
        self.between = between
        self._shown()

    def _shown(self) -> None:
        self.display = self.between and self.lines is not None

    def _event_path(self) -> Path | None:
        service = getattr(self.app, "service", None)
        path = getattr(getattr(service, "store", None), "path", None)
        return path if isinstance(path, Path) else None

    @work(thread=True, exclusive=True, group="season-board")
    def _read(self, path: Path) -> None:
        # lazy: the season's modules, read in this worker when a break begins
        from tdconsole.ui.season_reading import season_of

        try:
            document = season_of(path, self.tr.lang)
        except RuleError:
            document = None  # a refused season file: the Director reads why with `season`
        shown = document is not None and document["room_display"] and document["standings"]
        lines = board_lines(document, self.tr.lang) if document and shown else None
        self.post_message(self.Loaded(lines))

    def on_season_board_loaded(self, message: Loaded) -> None:
        message.stop()
        self.lines = message.lines
        if message.lines is not None:
            title, *rest = message.lines
            body = Text("\n".join(rest), justify="center")
            self.update(Group(Text(title, justify="center", style="bold"), body))
        self._shown()
