"""A season that shows itself in the room, beside an event at its break: the season's files made
through the season's own functions (``create_season``, ``add_events``, ``save``), so that the
served break reads its standings as a club's would."""

from __future__ import annotations

from pathlib import Path

from tdconsole.season.editing import add_events, changing, create_season, save
from tdhelpers.room_stages import LONG
from tdhelpers.season_events import Out, play_event

HARD_EVENINGS: tuple[tuple[list[str], list[Out]], ...] = (
    (
        [LONG, "Δημήτρης Παπαδόπουλος", "Zoë Ångström", "李小龍",
         "Maximiliane Alexandra von Hohenzollern-Sigmaringen", "Siobhán Ní Bhriain", "[red]Bob",
         "Anna", "Eva"],
        ["Eva", "Anna", "[red]Bob", "Siobhán Ní Bhriain",
         "Maximiliane Alexandra von Hohenzollern-Sigmaringen", "李小龍", "Zoë Ångström",
         "Δημήτρης Παπαδόπουλος"],
    ),
    (
        ["Иван Петров", "Łukasz Żółkiewski", "Nguyễn Thị Minh Khai", "Ömer Çelik", "Søren",
         "Ángel"],
        ["Ángel", "Søren", ("Łukasz Żółkiewski", "Nguyễn Thị Minh Khai"), "Ömer Çelik"],
    ),
)  # fmt: skip
"""Two evenings of hard names (nine players at most: no final draw to play), the 49 letters
winning the first; the season's ten first places are long, accented and non-Latin names, two
of them tied."""


def season_beside(event: Path, *, shown: bool = True) -> Path:
    """A season counting two finished evenings of hard names and ``event`` (its file beside the
    event's), shown in the room when ``shown``; its path."""
    folder = event.parent
    evenings = [
        play_event(folder / f"sera-{n}.tdc", f"Sera {n}", *players, day=n)
        for n, players in enumerate(HARD_EVENINGS, start=1)
    ]
    path, _season = create_season(str(folder / "Circolo"), title="Circolo")
    add_events(path, [*evenings, event])
    if shown:
        with changing(path, None) as season:
            save(path, season, "set room_display=true", room_display=True)
    return path
