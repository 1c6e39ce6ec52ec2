"""The settings screen (o), driven by keys: grouped, labelled, checked as typed (Art. VII.1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget
from textual.widgets import Input, Static

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.screens.settings import SettingsScreen

from .conftest import opened_by, paid, pressed, settle
from .test_actions import messages, text_of
from .test_repaints import calls_to

SIZE = (120, 40)
CLEAR = ("end", "ctrl+u")
"""A field's text taken away: the cursor to its end, then everything before it."""


def shown_errors(app: ConsoleApp) -> list[str]:
    errors = app.screen.query(".settings-error").results(Static)
    return [text_of(e).strip() for e in errors if e.display]


async def test_settings_are_grouped_labelled_checked_and_recorded(app: ConsoleApp) -> None:
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened_by(pilot, "o", SettingsScreen)
        sections = [text_of(s).strip() for s in screen.query(".settings-section")]
        assert sections == [
            "Evento",
            "Iscrizione, Art. I",
            "Sorteggio e tavoli, Art. II e IV",
            "Doti e gettoni, Art. III.1-III.4",
            "Livelli dei bui, Art. III.5",
            "Premi, Art. V",
            "Decisioni e sanzioni, Art. VI-VII",
            "Copie di sicurezza",
            "Stampa",
            "Schermi della sala",
        ]
        labels = [text_of(label).strip() for label in screen.query(".settings-label")]
        assert "Posti per tavolo" in labels and "Primo livello, minuti" in labels
        helps = " ".join(text_of(h) for h in screen.query(".settings-help"))
        assert "Art. III.5 · il primo livello, più lungo" in helps
        assert "first_minutes" not in helps and "table_seats" not in " ".join(labels)
        # table_seats is the 9th field Tab reaches: checked as typed, refused in Italian, by
        # its label.
        chain = screen.focus_chain
        fields = chain[chain.index(screen.query(Input).first()) :]
        assert app.focused is fields[0]
        assert fields.index(screen.query_one("#s-table_seats", Input)) == 8
        screen.set_focus(fields[8])
        await pilot.press(*CLEAR, "1")
        await pilot.pause()
        assert shown_errors(app) == [
            "Posti per tavolo: deve essere almeno 2; correggi il valore e riprova"
        ]
        await pilot.press("1")
        await pilot.pause()
        assert shown_errors(app) == []
        # The first level shorter than the later ones (III.5): said with both labels.
        assert fields.index(screen.query_one("#s-first_minutes", Input)) == 19
        screen.set_focus(fields[19])
        await pilot.press(*CLEAR, *"15")
        await pilot.pause()
        (error,) = shown_errors(app)
        assert "«Livelli successivi, minuti» deve essere minore di «Primo livello, minuti»" in error
        assert "minutes" not in error
        # ctrl+s with a refused value records nothing and says why.
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.service is not None
        assert app.service.state.settings.seating.table_seats == 10
        assert any("Primo livello, minuti" in m for m in messages(app))
        await pilot.press(*CLEAR, *"45", "ctrl+s")
        await pilot.pause()
        settings = app.service.state.settings
        assert settings.seating.table_seats == 11 and settings.clock.first_minutes == 45
        assert not isinstance(app.screen, SettingsScreen)


async def test_the_draw_number_is_not_called_a_suit(tmp_path: Path) -> None:
    from tdconsole.ui.app import build_app

    from .conftest import frozen

    names = [f"P{i}" for i in range(12)]
    service = paid(tmp_path / "e.tdc", "Prova", names)
    app = build_app(service, frozen)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pressed(pilot, "s")
            seed = app.screen.query_one("#seed", Input)
            assert seed.placeholder.startswith("Numero del sorteggio (vuoto: a caso")
    finally:
        service.close()


async def test_the_settings_open_styled_once_and_checked_only_when_a_field_changes(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the settings cost a second of CPU: each field said it changed as it was mounted
    and every field was checked again for each (35 × 35), and the whole list was styled again
    as the focus went to the list, then to its first field, and as the screen met its size
    class. Now: no check until a field changes, the first field focused at once, the list
    styled as it is mounted and as the screen is shown (Textual's own), no more."""
    checked = calls_to(monkeypatch, "_check", SettingsScreen, noted=lambda screen, *a: 1)
    styled = calls_to(
        monkeypatch, "update_node_styles", Widget, noted=lambda node, *a: type(node).__name__
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        styled.clear()
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.focused is screen.query(Input).first()
        assert checked == []
        assert styled.count("VerticalScroll") == 0
        assert styled.count("SettingsScreen") <= 1
        await pilot.press("backspace")
        await settle(pilot)
        assert checked
