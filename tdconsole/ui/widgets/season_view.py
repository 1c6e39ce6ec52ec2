"""The season's standings on a tab of their own (docs/season.md).

The season shown is the first season file (by name) that counts the open event, beside it or in
the data folder. Its events are read (read-only) in a worker thread, never on the UI's: when the
tab is shown, and when the event's phase changes (an evening that finishes changes the season).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.widgets import Button, DataTable, Input, Static

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _, pgettext
from tdconsole.ui.i18n import Translator
from tdconsole.ui.widgets.shown import follow

if TYPE_CHECKING:
    from tdconsole.domain.console_view import ConsoleView


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
    SeasonView > #season-actions { height: auto; }
    SeasonView #season-name { width: 1fr; }
    SeasonView > DataTable { height: 1fr; }
    """

    class Loaded(Message):
        """The season was read (``document`` None: no season counts the event)."""

        def __init__(
            self, document: dict[str, Any] | None, problem: str | None, path: Path | None = None
        ) -> None:
            super().__init__()
            self.document = document
            self.problem = problem
            self.path = path

    class Changed(Message):
        """A change of the season done, or refused: what to say, and how."""

        def __init__(self, text: str, severity: SeverityLevel) -> None:
            super().__init__()
            self.text = text
            self.severity: SeverityLevel = severity

    def __init__(self, tr: Translator, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tr = tr
        self._seen: tuple[Path, str] | None = None
        self.document: dict[str, Any] | None = None
        self.season_path: Path | None = None
        """The season file shown (the first counting the event), once read."""
        self.loaded = False
        """The season was read once (or found missing)."""

    def compose(self) -> ComposeResult:
        yield Static(Text(self.tr("Reading the season…")), id="season-caption")
        with Horizontal(id="season-actions"):
            yield Input(placeholder=self.tr("New season: its name, Enter"), id="season-name")
            yield Button(self.tr("Add this event"), id="season-add")
            yield Button(self.tr("Print the season"), id="season-print")
        yield DataTable[Text](id="season-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, label in columns():
            table.add_column(self.tr.say(label), key=key)
        follow(self, lambda shown: self.show(shown.event))

    def first_focus(self) -> str:
        """Where the tab's cursor goes as it opens: the standings, also when no season counts
        the event (a name typed is a player's search on every tab, docs/console.md; the new
        season's name is the palette's "Season: new season", or a click on its field)."""
        return "#season-table"

    def _event_path(self) -> Path | None:
        service = getattr(self.app, "service", None)
        store = getattr(service, "store", None)
        path = getattr(store, "path", None)
        return path if isinstance(path, Path) else None

    def show(self, event: ConsoleView) -> None:
        """Read the season again when the event's phase changed (a finish changes it)."""
        path = self._event_path()
        if path is None:
            return
        key = (path, event.view.phase)
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
        self._season(path)

    @work(thread=True, exclusive=True, group="season-change")
    def _change(self, action: str, name: str) -> None:
        """A season made, this event added: never dropped for a read asked meanwhile."""
        self._season(self._event_path(), (action, name))

    def _season(self, path: Path | None, change: tuple[str, str] | None = None) -> None:
        """In a worker (off the UI thread): the season counting the event at ``path`` read;
        first, a ``change`` asked on the tab (``(action, name)``), through the functions the
        command line's ``season`` uses, its outcome said in a notice."""
        # lazy: the season's modules (60–120 ms past the console's), in the season's workers
        from tdconsole.ui.season_reading import season_changed, season_document, season_file_of

        if change is not None:
            action, name = change
            try:
                said = season_changed(action, name, path, getattr(self.app, "actor", None))
            except RuleError as exc:
                self.post_message(self.Changed(exc.text(self.tr.lang), "error"))
                return
            if said is None:
                return
            self.post_message(self.Changed(said.text(self.tr.lang), "information"))
        if path is None:
            return
        try:
            found = season_file_of(path)
            document = None if found is None else season_document(found, self.tr.lang)
        except RuleError as exc:  # a season file refused: said in its place
            self.post_message(self.Loaded(None, exc.text(self.tr.lang)))
            return
        self.post_message(self.Loaded(document, None, found))

    # -- the season made, this event added, the season printed --------------------------
    @on(Input.Submitted, "#season-name")
    def _new(self, event: Input.Submitted) -> None:
        event.stop()
        self._change("new", event.value)

    @on(Button.Pressed, "#season-add")
    def add_this_event(self) -> None:
        self._change("add", "")

    @on(Button.Pressed, "#season-print")
    async def print_season(self) -> None:
        """The print dialog on the season's standings (the Season tab's report): a file in
        the event's print folder (PDF, HTML, CSV, text) or the printer, as every report."""
        await self.screen.run_action("print")

    def on_season_view_changed(self, message: Changed) -> None:
        message.stop()
        self.notify(message.text, severity=message.severity, markup=False)
        if message.severity == "information":  # (the season is read again: ``_season``)
            self.query_one("#season-name", Input).value = ""

    def on_season_view_loaded(self, message: Loaded) -> None:
        message.stop()
        self.document = message.document
        self.season_path = message.path
        caption = self.query_one("#season-caption", Static)
        table = self.query_one(DataTable)
        table.clear()
        document = message.document
        self.loaded = True
        if document is None:
            text = message.problem or self.tr(
                "No season counts this event: ctrl+p, Season: new season (its name, Enter), "
                "then add this event",
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
