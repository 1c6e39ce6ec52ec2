"""The event's settings (o), grouped as the regulation is, each named and explained in the
console's language with its article (the words of ``config/ordine.toml``, see
``settings_help``). A value is checked as it is typed, with every other change on the screen;
ctrl+s records the changes as one ``set`` (``ChangeSettings``, Director only, Art. VII.1).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Static

from tdconsole.domain.errors import RuleError
from tdconsole.domain.settings_help import label, shipped_help
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.i18n import _
from tdconsole.ui.i18n import Translator, say_bindings
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.screens.backdrop import StillBeneath
from tdconsole.ui.screens.base import STYLESHEET
from tdconsole.ui.widgets.changed import update_changed
from tdconsole.ui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from tdconsole.domain.settings import Configured, Settings


def shown_value(value: Any, lang: str) -> str:
    """A setting's value as the Director types it."""
    if isinstance(value, bool):
        return (_("yes") if value else _("no")).text(lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(shown_value(v, lang) for v in value)
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


class SettingsScreen(StillBeneath):
    CSS_PATH = STYLESHEET
    AUTO_FOCUS = ".settings-value"
    """The first field has the focus from the start (Textual's own choice, the scrolled list,
    then the field: the whole list styled again twice, each time a focus moves)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", str(_("Close"))),
        Binding("ctrl+s", "save", str(_("Record"))),
    ]

    def __init__(self, tr: Translator, event: Configured) -> None:
        super().__init__()
        self.tr = tr
        say_bindings(self, self.tr)
        self.settings = event.settings
        """The settings as recorded, which the changes typed apply to."""
        self.original = {
            key: shown_value(value, tr.lang) for key, value in self.settings.flat().items()
        }

    def compose(self) -> ComposeResult:
        tr, lang = self.tr, self.tr.lang
        with Vertical(id="settings-box") as box:
            box.border_title = tr.cite(tr("Settings"), ["VII.1"])
            box.border_subtitle = "ctrl+s " + tr("Record") + " · Esc " + tr("Cancel")
            with VerticalScroll(id="settings-scroll"):
                for section in shipped_help():
                    title = section.title.get(lang) or section.title.get("en", section.name)
                    yield Static(Text(title, style="bold"), classes="settings-section")
                    for item in section.fields:
                        if item.key not in self.original:
                            continue
                        label, meaning = item.words(lang)
                        with Horizontal(classes="settings-row"):
                            yield Label(label, classes="settings-label", markup=False)
                            yield Input(
                                self.original[item.key],
                                id=f"s-{item.key}",
                                classes="settings-value",
                                compact=True,
                            )
                        cited = item.cited(lang)
                        help_line = f"{cited} · {meaning}" if cited else meaning
                        yield Static(help_line, classes="settings-help", markup=False)
                        error = Static(
                            "", id=f"e-{item.key}", classes="settings-error", markup=False
                        )
                        error.display = False
                        yield error
            yield Static("", id="settings-note", markup=False)
        yield KeysFooter()

    # -- checked as typed ------------------------------------------------------------------
    def changes(self) -> list[tuple[str, str]]:
        out = []
        for field in self.query(".settings-value").results(Input):
            key = (field.id or "")[2:]
            if field.value.strip() != self.original.get(key, ""):
                out.append((key, field.value.strip()))
        return out

    def _check(self, key: str | None = None) -> Settings:
        """Every change applied in order; the first refused raises (RuleError)."""
        settings = self.settings
        pending = self.changes()
        # The field being typed goes last, so a refusal names it.
        pending.sort(key=lambda change: change[0] == key)
        for name, value in pending:
            settings = settings.with_value(name, value)
        return settings

    _edited = False
    """A field was changed since the screen opened (each field says it changed as it is
    mounted with its value: until one really is, there is nothing to check or note)."""

    @on(Input.Changed, ".settings-value")
    def _typed(self, event: Input.Changed) -> None:
        key = (event.input.id or "")[2:]
        if not self._edited:
            if event.value.strip() == self.original.get(key, ""):
                return
            self._edited = True
        error = self.query_one(f"#e-{key}", Static)
        for other in self.query(".settings-error").results(Static):
            if other is not error:
                other.display = False
        try:
            self._check(key)
        except RuleError as exc:
            error.update(exc.text(self.tr.lang))
            error.display = True
            event.input.add_class("-refused")
        else:
            error.display = False
            event.input.remove_class("-refused")
        self._note()

    def _note(self) -> None:
        changed = self.changes()
        note = self.query_one("#settings-note", Static)
        if not changed:
            update_changed(note, "")
            return

        names = ", ".join(label(key, self.tr.lang) for key, _value in changed)
        update_changed(note, self.tr("To record (ctrl+s): {names}", names=names))

    @on(Input.Submitted, ".settings-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    # -- actions ---------------------------------------------------------------------------
    def action_save(self) -> None:
        changed = self.changes()
        if not changed:
            self.app.pop_screen()
            return
        try:
            self._check()
        except RuleError as exc:
            self.notify(exc.text(self.tr.lang), severity="error", markup=False)
            return
        self.post_message(CommandRequested(ChangeSettings(assignments=changed), self))

    def action_close(self) -> None:
        self.app.pop_screen()

    def show(self, event: Configured) -> None:
        self.settings = event.settings
