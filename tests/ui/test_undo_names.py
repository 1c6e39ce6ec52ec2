"""The console's ``u`` undoes the action its notice named: when another terminal
acted meanwhile, ``u`` names that action and whose it is, and only the next ``u`` undoes it."""

from __future__ import annotations

from collections.abc import Callable

from tdconsole.domain.play import Bust
from tdconsole.domain.registration import ChangeSettings
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.messages import CommandRequested
from tdconsole.ui.textual_reach import notifications

MakeApp = Callable[..., ConsoleApp]


def out(service: Tournament, name: str) -> bool:
    return service.state.find(name).status == "out"  # type: ignore[union-attr]


async def test_u_does_not_undo_another_terminals_bust_unasked(make_app: MakeApp) -> None:
    """Attack: the console's notice offers "u to undo" its action; meanwhile another terminal busts
    a player; ``u``. Holds: the other terminal's bust stands, ``u`` names it and whose it is, and
    only a second ``u`` undoes it."""
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as director:
        await director.pause()
        assert console.service is not None
        console.post_message(CommandRequested(ChangeSettings(assignments=[("keep", "3")])))
        await director.pause()
        assert any("u to undo" in n.message for n in notifications(console))
        # Another terminal busts a player meanwhile.
        other = Tournament.open(console.service.store.path, actor="Bruno")
        other.execute(Bust(names=["Moretti"], declined=True))
        other.close()
        await director.press("u")
        await director.pause()
        assert out(console.service, "Moretti"), "the other terminal's bust stands"
        assert console.service.state.settings.backup.keep == 3
        asked = [n.message for n in notifications(console) if n.severity == "warning"]
        assert asked and "Bruno" in asked[-1] and "Moretti" in asked[-1]
        await director.press("u")  # asked, and confirmed: that one is undone
        await director.pause()
        assert not out(console.service, "Moretti")
        assert console.service.state.settings.backup.keep == 3


async def test_u_undoes_its_own_action_when_nobody_acted(make_app: MakeApp) -> None:
    console = make_app("director", lang="en")
    async with console.run_test(size=(120, 40)) as director:
        await director.pause()
        assert console.service is not None
        console.post_message(CommandRequested(Bust(names=["Moretti"], declined=True)))
        await director.pause()
        assert out(console.service, "Moretti")
        await director.press("u")
        await director.pause()
        assert not out(console.service, "Moretti")
