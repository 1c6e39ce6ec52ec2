"""The console's ``u`` asks first, naming the action it undoes and, when another terminal
recorded it, whose it is; when another terminal acts between the question and Enter, nothing is
undone and the notice names that action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tdconsole.domain.play import Bust
from tdconsole.domain.slices.change_settings import ChangeSettings
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.screens.console import ConsoleScreen
from tdconsole.ui.textual_reach import notifications

from .test_actions import text_of

MakeApp = Callable[..., ConsoleApp]


def out(service: Tournament, name: str) -> bool:
    return service.state.find(name).status == "out"  # type: ignore[union-attr]


def question(console: ConsoleApp) -> str:
    assert isinstance(console.screen, ConfirmDialog)
    return text_of(console.screen.query_one("#question"))


async def bust_here(console: ConsoleApp, director: Any, name: str) -> None:
    """``name`` busted on this console: its notice offers "u to undo"."""
    console.post_message(CommandRequested(Bust(names=[name], declined=True)))
    await director.pause()
    assert console.service is not None and out(console.service, name)


async def asked_to_undo_a_bust(console: ConsoleApp, director: Any, name: str) -> None:
    """``name`` eliminated on this console, then ``u``: the question names that bust."""
    await bust_here(console, director, name)
    await director.press("u")
    await director.pause()
    assert question(console).startswith("Undo: ") and name in question(console)


def bust_elsewhere(console: ConsoleApp, name: str) -> None:
    assert console.service is not None
    other = Tournament.open(console.service.store.path, actor="Bruno")
    other.execute(Bust(names=[name], declined=True))
    other.close()


async def test_u_names_another_terminals_bust_and_whose_it_is_before_undoing_it(
    make_app: MakeApp,
) -> None:
    """Attack: the console's notice offers "u to undo" its action; meanwhile another terminal busts
    a player; ``u``. Holds: the question names the other terminal's bust and whose it is;
    Escape leaves it; Enter undoes that one, not the console's own."""
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as director:
        await director.pause()
        assert console.service is not None
        console.post_message(CommandRequested(ChangeSettings(assignments=[("keep", "3")])))
        await director.pause()
        assert any("u to undo" in n.message for n in notifications(console))
        bust_elsewhere(console, "Moretti")
        console.poll()
        await director.press("u")
        await director.pause()
        asked = question(console)
        assert asked.startswith("Undo Bruno's action, not recorded on this console:")
        assert "Moretti" in asked
        await director.press("escape")
        await director.pause()
        assert isinstance(console.screen, ConsoleScreen)
        assert out(console.service, "Moretti"), "Escape: the other terminal's bust stands"
        await director.press("u", "enter")
        await director.pause()
        assert not out(console.service, "Moretti")
        assert console.service.state.settings.backup.keep == 3


async def test_another_terminals_action_between_the_question_and_enter_is_named_not_undone(
    make_app: MakeApp,
) -> None:
    """Attack: ``u`` asks about the console's own bust; before Enter another terminal busts a
    player. Holds: Enter undoes nothing; the notice names the other bust and whose it is; the
    next ``u`` asks about that one."""
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as director:
        await director.pause()
        assert console.service is not None
        await asked_to_undo_a_bust(console, director, "Rossi")
        bust_elsewhere(console, "Moretti")
        await director.press("enter")
        await director.pause()
        assert out(console.service, "Moretti") and out(console.service, "Rossi")
        asked = [n.message for n in notifications(console) if n.severity == "warning"]
        assert asked and "Bruno" in asked[-1] and "Moretti" in asked[-1]
        await director.press("u")
        await director.pause()
        assert "Bruno's" in question(console) and "Moretti" in question(console)
        await director.press("enter")
        await director.pause()
        assert not out(console.service, "Moretti") and out(console.service, "Rossi")


async def test_u_asks_then_undoes_its_own_action(make_app: MakeApp) -> None:
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as director:
        await director.pause()
        assert console.service is not None
        await asked_to_undo_a_bust(console, director, "Moretti")
        assert out(console.service, "Moretti"), "asked, not yet undone"
        await director.press("enter")
        await director.pause()
        assert not out(console.service, "Moretti")
