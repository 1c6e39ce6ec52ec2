"""Every command written in one module has a parser and a dialog built from its fields alone:
the same fields, in the same order, with the same words (``cli.slice_cmds``,
``ui.dialogs.slice_dialog``)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input

from tdconsole.cli.parsing import speaking
from tdconsole.cli.slice_cmds import MADE_APART, parser_for
from tdconsole.domain.slices.manifest import SLICE_DESCRIPTIONS
from tdconsole.domain.slices.spec import Slice, declared
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.base import PlayerSuggester
from tdconsole.ui.dialogs.slice_dialog import NAMED, SliceDialog

from .conftest import settle
from .test_actions import SIZE


def its_help(described: object) -> tuple[Slice, str]:
    """The command's slice, and its command-line help in English, spaces collapsed."""
    from tdconsole.domain.described import Description

    assert isinstance(described, Description)
    said = io.StringIO()
    with speaking("en"), contextlib.redirect_stdout(said), pytest.raises(SystemExit):
        # (a name's words up to its flag: ``close --plan --seats``'s field wants its value)
        parser_for(described).parse_args([*described.cli.split()[:2], "--help"])
    return declared(described.command), " ".join(said.getvalue().split())


@pytest.mark.parametrize("described", SLICE_DESCRIPTIONS, ids=lambda d: d.command)
def test_its_parser_asks_for_its_fields(described: object) -> None:
    found, help_text = its_help(described)
    for field in found.fields:
        if described.parsed_by:  # its own module's parser: its fields' words and labels
            shown = field.typed_words or (field.metavar.text("en"),)  # a word's: its words
            assert all(word in help_text for word in shown)
            assert field.label.text("en") in help_text
            continue
        metavar = field.metavar.text("en")
        if field.kind == "word":  # its words, as typed
            metavar = "{" + ",".join(field.typed_words) + "}"
        positional = field.required and not field.option
        option = f"--{field.flag or field.name} {metavar}"
        if field.kind == "flag":  # an option without a value
            assert f"[--{field.flag or field.name}]" in help_text
        elif field.kind in ("names", "wholes", "pairs", "assignments"):  # one or more
            given = metavar if positional else option
            assert f"{given} [{metavar} ...]" in help_text
        else:
            assert (metavar if positional else option) in help_text
        assert field.label.text("en") in help_text


async def test_every_commands_dialog_asks_for_its_fields(app: ConsoleApp) -> None:
    """Each command's dialog opened in turn over one console (and closed): its fields, in its
    slice's order, each with its label; a failure names the command."""
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        base = len(app.screen_stack)
        for described in SLICE_DESCRIPTIONS:
            found, command = declared(described.command), described.command
            app.push_screen(SliceDialog(app.tr, app.service.form(found)))  # type: ignore[union-attr]
            await settle(pilot)
            fields = [field.id for field in app.screen.query("Input, OptionList, Checkbox")]
            assert fields == [field.name for field in found.fields], command
            for field in found.fields:
                if field.kind == "flag":  # a switch, its words beside it
                    box = app.screen.query_one(f"#{field.name}", Checkbox)
                    assert str(box.label) == app.tr.say(field.label), command
                elif field.kind not in ("choice", "word"):  # (a list of its entries)
                    box = app.screen.query_one(f"#{field.name}", Input)
                    assert box.placeholder == app.tr.say(field.label), command
            while len(app.screen_stack) > base:
                app.pop_screen()
            await settle(pilot)


def test_a_command_made_apart_has_the_command_lines_run_and_no_key() -> None:
    """``new`` and ``rules import``: the command line makes them from what it reads (a new
    event's file, a rulebook's text), each by its run; the console has no key for them."""
    apart = [d for d in SLICE_DESCRIPTIONS if declared(d.command).made_apart]
    assert sorted(d.command for d in apart) == sorted(MADE_APART)
    assert [d.keys for d in apart] == [() for _d in apart]


@pytest.mark.parametrize("described", SLICE_DESCRIPTIONS, ids=lambda d: d.command)
def test_its_help_cites_the_articles_its_dialog_cites(described: object) -> None:
    found, help_text = its_help(described)
    if " --" in described.cli:  # told apart by a flag: its help is the flag's
        flag = described.cli.split()[1]
        if len(described.cli.split()) > 2:  # its field after the flag: the field's words
            return
        assert f"{flag} {found.heading.text('en')}" in help_text
        return
    if found.articles:
        assert f"{found.heading.text('en')} (Art. {', '.join(found.articles)})" in help_text


async def test_the_palettes_disqualify_name_opens_its_dialog_on_him(app: ConsoleApp) -> None:
    from tdconsole.ui.screens.console import palette_entries

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        player = app.service.state.in_players()[3]  # type: ignore[union-attr]
        entry = next(e for e in palette_entries(app.screen) if e[0] == f"Squalifica {player.name}")
        entry[1]()  # type: ignore[operator]
        await settle(pilot)
        assert isinstance(app.screen, SliceDialog)
        assert app.screen.declared.command.__name__ == "Disqualify"
        assert app.screen.query_one("#name", Input).value == player.name
        assert app.screen.title_text().startswith(f"Squalifica: {player.name} (")
        assert app.screen.title_text().endswith("Art. VI.2, VII.1")


async def test_a_command_without_a_field_is_a_question_enter_records_it(app: ConsoleApp) -> None:
    from textual.widgets import Button, Static

    from .test_actions import text_of

    service = app.service
    assert service is not None
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.push_screen(SliceDialog(app.tr, service.form(declared("SignPhonesOut"))))
        await settle(pilot)
        assert not app.screen.query("Input, OptionList")
        assert app.screen.query_one("#ok", Button).has_focus
        asked = text_of(app.screen.query_one("#dialog-note", Static)).strip()
        assert asked == "Ogni telefono collegato al floor servito rientra con il PIN del floor."
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, SliceDialog)
        assert service.state.phones_signed_out == 1


async def test_a_kept_dialog_opened_again_completes_the_players_a_new_one_does(
    app: ConsoleApp, tmp_path: Path
) -> None:
    """The second stack's dialog is kept (``Slice.kept``): opened again, its name field
    completes the players still to be named, as when it was built, not only those in."""
    from .test_key_misfires import registration

    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, SliceDialog)
        await pilot.press("escape")
        await settle(pilot)
        service = registration(tmp_path)
        state = service.state
        dialog.reopen(service.form(dialog.declared))
        suggester = dialog.query_one("#name", Input).suggester
        assert isinstance(suggester, PlayerSuggester)
        named = [p.name for p in state.ordered_players() if p.status in NAMED]
        assert "registered" in {p.status for p in state.ordered_players()}
        assert [p.name for p in suggester.players] == named


def test_the_closings_and_the_finals_own_dialogs_read_no_state() -> None:
    """The two dialogs kept for their boards of counts (and the closing's move plan) read
    what they show from the domain's ``Closing`` and ``Finalists``, never the State."""
    from test_layers import graph

    edges = graph()
    for name in ("tdconsole.ui.dialogs.close_table", "tdconsole.ui.dialogs.final"):
        assert "tdconsole.domain.state" not in edges[name], name
