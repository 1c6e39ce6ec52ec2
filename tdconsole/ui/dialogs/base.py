"""What every action dialog shares: a title citing its articles, OK / Cancel, F1 for the rules.

A dialog builds a Command from its fields and posts it up (``CommandRequested``); the App runs
it, closes the dialog when it is recorded, or leaves it open with the refusal in a notification.
It reads the players it names from a ``domain.roster.Roster`` the service gives (a command's
``Form``), never the State.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.identity import match_players, typed_key
from tdconsole.domain.numbers import CHIPS_MAX, whole_number
from tdconsole.domain.roster import Roster
from tdconsole.i18n import Msg, _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import CommandRequested, RulesRequested
from tdconsole.ui.refusals import console_text
from tdconsole.ui.screens.backdrop import Backdrop
from tdconsole.ui.widgets.changed import update_changed
from tdconsole.ui.words import where_seated

if TYPE_CHECKING:
    from tdconsole.domain.roster import Named
    from tdconsole.service import Tournament

__all__ = ["Dialog", "RulesRequested", "parse_int"]

R = TypeVar("R", bound="Roster")
"""What a player's dialog reads its players from: a ``Roster``, or a command's ``Form``."""


def parse_int(raw: str, what: Msg | str, *, required: bool = True) -> int | None:
    """A whole number typed in a field; ``what``: the field (a message, or its words already in
    the console's language)."""

    if not raw.strip():
        if required:
            raise RuleError(_("{what}: give a number").format(what=what))
        return None
    return whole_number(raw, what, low=-CHIPS_MAX)


def is_player_field(field: Input) -> bool:
    """A field that names players (one, or several as "a, b")."""
    return field.id in ("name", "players") or field.has_class("name")


class PlayerSuggester(Suggester):
    """Completes a name as people type it (the domain's ``match_players``: case and accents
    ignored): ``zoe`` suggests "Zoë Ångström" when she is the only one it may mean. Only a
    completion of what was typed is offered (a match inside the name, ``angstrom``, is still
    found when the dialog is recorded, but shows no completion)."""

    def __init__(self, players: list[Named]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.players = players

    async def get_suggestion(self, value: str) -> str | None:
        found = match_players(self.players, value) if value.strip() else []
        if len(found) != 1:
            return None
        name = found[0].name
        return name if typed_key(name).startswith(typed_key(value)) else None


class Dialog(Backdrop):
    """Subclasses set ``HEADING`` and ``ARTICLES``, compose ``body`` and build ``command``;
    ``roster``: the players its name fields name (none: it names none)."""

    HEADING: ClassVar[Msg] = _("Record")
    ARTICLES: ClassVar[tuple[str, ...]] = ()
    CLOSE_ON_SUCCESS: ClassVar[bool] = True
    HOLDS_KEYS: ClassVar[bool] = True
    """The keys typed while it opens wait for its first field (``ui.keyboard``)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_dialog", str(_("Cancel"))),
        Binding("ctrl+s", "submit", str(_("OK"))),
        Binding("f1", "rules", str(_("Rules"))),
    ]

    def __init__(self, tr: Translator, roster: Roster | None = None) -> None:
        super().__init__()
        self.tr = tr
        self.roster = roster
        say_bindings(self, self.tr)

    def heading_words(self) -> Msg:
        return self.HEADING

    def title_text(self) -> str:
        title = self.tr.say(self.heading_words())
        players = self.named_players()
        if players:
            title += ": " + "; ".join(players)
        if articles := self.articles():
            title = self.tr.cite(title, articles)
        return title

    def articles(self) -> tuple[str, ...]:
        """The articles the dialog applies now (its title cites them, F1 opens the first)."""
        return self.ARTICLES

    def named_players(self) -> list[str]:
        """The players the dialog's name fields name now, with their seats: the title says who
        the action applies to before it is recorded."""
        named = []
        for field in self.query(Input):
            if field.id != "name" and not field.has_class("name"):
                continue
            roster = self.roster
            player = roster.find(field.value) if roster and field.value.strip() else None
            if player is None:
                continue
            if player.status == "in" and player.table is not None and player.seat is not None:
                where = where_seated(self.tr, player.final, player.table, player.seat)
                named.append(f"{player.name} ({where})")
            else:
                named.append(player.name)
        return named

    def retitle(self) -> None:
        for box in self.query(".dialog"):
            box.border_title = Content(self.title_text())

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            # Content, not markup: the title confirms who is acted on, "Anna [/]" as typed.
            box.border_title = Content(self.title_text())
            box.border_subtitle = Content("ctrl+s OK · Esc " + self.tr("Cancel") + " · F1 Art.")
            with VerticalScroll(classes="dialog-body"):
                yield from self.body()
            yield Static(id="dialog-note", classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.ok_label(), variant="primary", id="ok")
                yield Button(self.tr("Cancel"), id="cancel")

    def ok_label(self) -> str:
        return self.tr("Record")

    def player_input(
        self,
        value: str = "",
        *,
        players: list[Named] | None = None,
        placeholder: str | None = None,
        id: str = "name",
    ) -> Input:
        """The name field of a one-player dialog, suggesting ``players`` (default: the
        players still in)."""
        if players is None:
            players = self.roster.listed() if self.roster is not None else []
        return Input(
            value,
            placeholder=placeholder or self.tr("Player"),
            id=id,
            classes="" if id == "name" else "name",
            suggester=PlayerSuggester(players),
        )

    def player_named(self, typed: str) -> Named | None:
        """The one player ``typed`` means (``Roster.match``), or None (none, or ambiguous:
        recording the dialog then says which)."""
        found = self.roster.match(typed) if self.roster is not None and typed.strip() else []
        return found[0] if len(found) == 1 else None

    def registered(self, typed: str) -> str:
        """The registered name ``typed`` means ("romano" → "Mario Romano"), so the log keeps
        the name, not the typing; as typed when it means none or several (refused then)."""
        player = self.player_named(typed)
        return player.name if player is not None else typed.strip()

    def body(self) -> ComposeResult:
        yield from ()

    def command(self) -> Command | None:
        """The command to run, or None when there is nothing to do. May raise RuleError."""
        raise NotImplementedError

    def then(self) -> Message | None:
        """What follows once the command is recorded (a handover's receipt), if anything."""
        return None

    def show_event(self, event: Tournament[Any]) -> None:
        """The event changed (here or on another terminal): refresh what the dialog shows."""
        self.update_note()

    def update_note(self) -> None:
        """Recompute the live lines (sums, amounts); called on every keystroke."""

    def set_note(self, text: object) -> None:
        """The note under the fields (set at every key): updated when its words change."""
        update_changed(self.query_one("#dialog-note", Static), text)  # type: ignore[arg-type]

    def first_focus(self) -> Widget | None:
        """Where the cursor goes when the dialog opens: its player field when it has one (the
        name typed right after the key lands there, whatever the dialog), else the first."""
        inputs = list(self.query(Input))
        players = [field for field in inputs if is_player_field(field)]
        fields = players or inputs
        return fields[0] if fields else None

    def label_fields(self) -> None:
        """Every field keeps its label once filled: the placeholder, said again on the field's
        top border (fields labelled beside them, compact ones and the count rows, have theirs)."""
        for field in self.query(Input):
            if field.placeholder and not field.compact:
                field.border_title = Content(field.placeholder)

    def on_mount(self) -> None:
        self.as_opened()

    def as_opened(self) -> None:
        """The dialog as it opens (mounted, or a kept one opened again: ``reopen``)."""
        self.label_fields()
        self.update_note()
        self.retitle()
        first = self.first_focus()
        if first is not None:
            first.focus()
        if isinstance(first, Input) and first.select_on_focus:
            # Its words selected, as Textual selects them when it is focused: a kept dialog
            # opened again may have it focused already, and gets no focus to select them (a
            # name typed replaces the player it opens on).
            first.select_all()
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release(self)

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        self.update_note()
        self.retitle()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    @on(Button.Pressed, "#ok")
    def _ok(self) -> None:
        self.action_submit()

    @on(Button.Pressed, "#cancel")
    def _cancel(self) -> None:
        self.dismiss(None)

    def action_dismiss_dialog(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        if articles := self.articles():
            self.post_message(RulesRequested(articles[0]))
            self.dismiss(None)

    def action_submit(self) -> None:
        try:
            command = self.command()
        except RuleError as exc:
            self.notify(console_text(exc, self.tr.lang), severity="error", markup=False)
            return
        if command is None:
            self.dismiss(None)
            return
        dialog = self if self.CLOSE_ON_SUCCESS else None
        hold = getattr(self.app, "hold_keys", None)
        if dialog is not None and hold is not None:
            hold(dialog)  # the keys typed until it closes go to what is in front then
        self.post_message(CommandRequested(command, dialog, self.then()))


class PlayerDialog(Dialog, Generic[R]):
    """A dialog for the player under the cursor (``e``, ``d``, the keys of a busy evening):
    built once, kept, and opened again emptied for the next one (``opened``)."""

    roster: R

    def __init__(self, tr: Translator, roster: R, name: str | None = None) -> None:
        super().__init__(tr, roster)
        self.first = name or ""
        """The player the dialog opens on (its first name field)."""
        self.lang = tr.lang
        """The language the dialog's words were composed in."""

    @classmethod
    def opened(cls, app: App[Any], tr: Translator, roster: R, name: str | None) -> Self:
        """The dialog for the key: the one kept from the last time, emptied, else a new one."""
        dialog = cls.kept(app, tr)
        if dialog is None:
            return cls(tr, roster, name).keep()
        dialog.first = name or ""
        dialog.reopen(roster)
        return dialog

    @classmethod
    def kept(cls, app: App[Any], tr: Translator, kind: str = "") -> Self | None:
        """The dialog of this kind (``kind``: of its class, which builds several) built at an
        earlier key and kept (``keep``), to open again once emptied (``reopen``); None when
        there is none, or it is open (the palette over it), or its words are in another
        language (then it is dropped)."""
        name = f"kept-{cls.__name__}{kind}"
        if not app.is_screen_installed(name):
            return None
        dialog = app.get_screen(name)
        if dialog in app.screen_stack or not isinstance(dialog, cls):
            return None
        if dialog.lang != tr.lang:
            app.uninstall_screen(name)
            dialog.remove()
            return None
        return dialog

    def keep(self) -> Self:
        """Keep this dialog when it closes, to be opened again (``kept``) instead of building
        one at each key: composing, styling and laying out its widgets is most of a key's CPU."""
        self.app.install_screen(self, f"kept-{type(self).__name__}{self.kind()}")
        return self

    def kind(self) -> str:
        """Which of its class's dialogs it is, when its class builds several (``kept``)."""
        return ""

    def reopen(self, roster: R) -> None:
        """Empty what the last opening left (the fields, the toggles), for ``roster``: the
        dialog opens as new, its name fields suggesting the players in play now."""
        self.roster = roster
        self.forget_backdrop()
        self.reset()
        for field in self.query(Input):
            if isinstance(field.suggester, PlayerSuggester):
                field.suggester.players = self.suggested()
        for box in self.query(VerticalScroll):
            box.scroll_home(animate=False)
        self.as_opened()

    def suggested(self) -> list[Named]:
        """The players its name fields complete: those still in."""
        return self.roster.listed()

    def show(self, roster: R) -> None:
        """The players changed (here or on another terminal): what the dialog shows follows."""
        self.roster = roster
        self.update_note()

    def reset(self) -> None:
        """The fields as a new dialog of this kind has them."""
        raise NotImplementedError

    def set_name(self, field: Input) -> None:
        """``field`` holding the player the dialog opens on, its cursor at the end."""
        field.value = self.first
        field.cursor_position = len(self.first)
