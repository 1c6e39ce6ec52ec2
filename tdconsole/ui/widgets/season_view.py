"""The season's standings on a tab of their own (docs/season.md).

The season shown is the first season file (by name) that counts the open event, beside it or in
the data folder. Its events are read (read-only) in a worker thread, never on the UI's: when the
tab is shown, and when the event's phase changes (an evening that finishes changes the season).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import DataTable, Static

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.ui.i18n import Translator

if TYPE_CHECKING:
    from tdconsole.domain.state import State


def columns() -> tuple[tuple[str, Msg], ...]:
    """The standings' columns: (key, label)."""
    return (
        ("Place", pgettext("season", "Place")),
        ("Player", _("Player")),
        ("Events", _("Events")),
        ("Points", _("Points")),
        ("Counted", _("Counted")),
        ("Wins", _("Wins")),
        ("Cashes", _("Cashes")),
        ("Best place", _("Best place")),
    )


def season_of(event: Path, lang: str) -> dict[str, Any] | None:
    """The ``season --json`` document of the first season counting ``event``, or None."""
    # lazy: the season's modules would weigh on the console's start-up; imported in the
    # worker that reads the season, after the first frame
    from tdconsole.season.load import load, season_json, seasons_for

    found = seasons_for(event)
    if not found:
        return None
    return season_json(load(found[0]), "en" if lang == "en" else "it")


def left_out_lines(document: dict[str, Any], tr: Translator) -> list[str]:
    """One line an event left out: its name (or file) and why."""
    lines = []
    for event in document["events"]:
        if event["status"] != "counted":
            name = event["name"] or Path(event["file"]).name
            lines.append(tr("left out: {name} — {reason}", name=name, reason=event["reason"]))
    return lines


class SeasonView(Vertical):
    DEFAULT_CSS = """
    SeasonView { height: 1fr; }
    SeasonView > #season-caption { height: auto; padding: 0 1; }
    SeasonView > DataTable { height: 1fr; }
    """

    class Loaded(Message):
        """The season was read (``document`` None: no season counts the event)."""

        def __init__(self, document: dict[str, Any] | None, problem: str | None) -> None:
            super().__init__()
            self.document = document
            self.problem = problem

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self._seen: tuple[Path, str] | None = None
        self.document: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text(self.tr("Reading the season…")), id="season-caption")
        yield DataTable[Text](id="season-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, label in columns():
            table.add_column(self.tr.say(label), key=key)

    def _event_path(self) -> Path | None:
        service = getattr(self.app, "service", None)
        store = getattr(service, "store", None)
        path = getattr(store, "path", None)
        return path if isinstance(path, Path) else None

    def show(self, state: State) -> None:
        """Read the season again when the event's phase changed (a finish changes it)."""
        path = self._event_path()
        if path is None:
            return
        key = (path, state.phase)
        if key != self._seen:
            self._seen = key
            self.reload()

    def on_show(self) -> None:
        # Other evenings may have finished meanwhile, on other machines: read it afresh.
        if self._seen is not None:
            self.reload()

    def reload(self) -> None:
        path = self._event_path()
        if path is not None:
            self._read(path)

    @work(thread=True, exclusive=True, group="season")
    def _read(self, path: Path) -> None:
        try:
            document = season_of(path, self.tr.lang)
        except RuleError as exc:  # a season file refused: said in its place
            self.post_message(self.Loaded(None, exc.text(self.tr.lang)))
            return
        self.post_message(self.Loaded(document, None))

    def on_season_view_loaded(self, message: Loaded) -> None:
        message.stop()
        self.document = message.document
        caption = self.query_one("#season-caption", Static)
        table = self.query_one(DataTable)
        table.clear()
        document = message.document
        if document is None:
            text = message.problem or self.tr(
                "No season counts this event: `tdconsole season new NAME`, then `season add EVENT`",
            )
            caption.update(Text(text))
            return
        counted = self.tr.ngettext("{n} event", "{n} events", document["events_counted"])
        head = self.tr(
            "{name} — {counted} of {events}, formula {formula}",
            name=document["season"],
            counted=counted,
            events=len(document["events"]),
            formula=document["formula"],
        )
        caption.update(Text("\n".join([head, *left_out_lines(document, self.tr)])))
        for row in document["standings"]:
            best = row["best_place"]
            table.add_row(
                Text(f"{row['place']}{'=' if row['tied'] else ''}", justify="right"),
                Text(row["player"]),
                Text(str(row["played"]), justify="right"),
                Text(row["points"], justify="right"),
                Text(str(row["counted"]), justify="right"),
                Text(str(row["wins"]), justify="right"),
                Text(str(row["cashes"]), justify="right"),
                Text("" if best is None else str(best), justify="right"),
            )
