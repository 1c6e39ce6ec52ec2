"""The keys' footer changes when the keys it shows change, and only then (a dialog opened and
closed, or another tab, leaves the same keys: rebuilding them was ~7 % of a key's CPU); it
changes its keys in place, showing what a rebuild would."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Footer

from tdconsole.domain.slices.draw import Draw
from tdconsole.ui.app import ConsoleApp, build_app
from tdconsole.ui.screens.console_keys import TABS
from tdconsole.ui.widgets.keys_footer import KeysFooter

from .conftest import frozen, paid, settle
from .test_repaints import calls_to
from .textual_reach import FooterKey, composed


def shown(app: ConsoleApp) -> list[tuple[str, bool]]:
    """The keys the footer shows, each with whether it is offered."""
    footer = app.screen.query_one(KeysFooter)
    return [(key.key, not key.disabled) for key in footer.query("FooterKey")]  # type: ignore[attr-defined]


async def test_a_dialog_opened_and_closed_leaves_the_footer_alone(app: ConsoleApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        before, built = shown(app), footer.recomposed
        assert ("e", True) in before and ("u", True) in before
        for keys in (("e", "escape"), ("2",), ("1",), ("p", "escape")):
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
        assert footer.recomposed == built
        assert shown(app) == before


async def test_the_console_opens_with_its_footer_built_once_and_no_key_made_compact(
    app: ConsoleApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the console opens, its screen signals new keys three times before the footer's first
    rebuild has run: one rebuild answers them all. Textual's keys are made compact as they
    are mounted and then told they are not (each styled twice more): ours never are."""
    classes = calls_to(
        monkeypatch,
        "set_class",
        FooterKey,
        noted=lambda key, add, *names: add and not key.has_class("-command-palette"),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        assert footer.recomposed == 1
        assert ("e", True) in shown(app)
        assert True not in classes
        compact = [key.key for key in footer.query(FooterKey) if key.has_class("-compact")]
        assert compact == ["ctrl+p"]


async def test_the_footer_follows_the_keys_when_they_change(tmp_path: Path) -> None:
    names = [f"P{i}" for i in range(12)]
    service = paid(tmp_path / "serata.tdc", "Serata", names, rng=random.Random(5))
    service.execute(Draw())
    app = build_app(service, frozen)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        built = footer.recomposed
        keys = dict(shown(app))
        assert keys.get("g") is True and "e" not in keys
        await pilot.press("g")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert service.state.phase == "elimination"
        keys = dict(shown(app))
        assert "g" not in keys and keys.get("e") is True
        assert footer.updated > 0
        assert footer.recomposed == built
        assert built_now(footer) == on_show(footer)
    service.close()


def described(key: FooterKey) -> tuple[object, ...]:
    return (
        key.key,
        key.key_display,
        key.description,
        key.action,
        key.has_class("-disabled"),
        key.has_class("-command-palette"),
        key.tooltip,
    )


def on_show(footer: KeysFooter) -> list[tuple[object, ...]]:
    """The footer's keys as they are shown, in order."""
    return [described(key) for key in footer.query_children(FooterKey)]


def built_now(footer: KeysFooter) -> list[tuple[object, ...]]:
    """The keys a rebuild of the footer would show now (Textual's own footer's)."""
    return [described(key) for key in composed(footer, Footer) if isinstance(key, FooterKey)]


async def test_another_tab_s_keys_change_the_footer_in_place_as_a_rebuild_would(
    app: ConsoleApp,
) -> None:
    """A tab that shows a key more or fewer (and a dialog, a field focused) leaves the
    footer's key widgets in place: the ones there change, the ones more are added, the ones
    fewer removed, and the footer shows exactly the keys a rebuild would."""
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        first = list(footer.query_children(FooterKey))
        counts: set[int] = set()
        for key in [*(str(n) for n in range(1, len(TABS) + 1)), "2", "1", "3"]:
            await pilot.press(key)
            await settle(pilot)
            assert app.screen.query_one(KeysFooter) is footer
            assert on_show(footer) == built_now(footer), key
            counts.add(len(on_show(footer)))
        assert footer.recomposed == 1
        assert footer.updated > 0 and len(counts) > 1
        kept = set(footer.query_children(FooterKey))
        assert kept & set(first)


async def test_an_update_that_finds_the_keys_shown_changes_nothing(app: ConsoleApp) -> None:
    """An update asked for when the keys changed, run after they went back (a field focused
    and left before the next frame), leaves the footer's widgets as they are."""
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        widgets, built, updated = list(footer.children), footer.recomposed, footer.updated
        await footer.recompose()
        await settle(pilot)
        assert list(footer.children) == widgets
        assert (footer.recomposed, footer.updated) == (built, updated)
