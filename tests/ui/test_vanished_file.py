"""The event file deleted under the console: the key that records is refused in one line that
says so and what to do, and nothing is recorded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.textual_reach import notifications

from .conftest import settle

MakeApp = Callable[..., ConsoleApp]


async def test_a_key_that_records_on_a_deleted_file_is_refused(
    make_app: MakeApp, demo_file: Path
) -> None:
    console = make_app("director", path=demo_file, lang="en")
    async with console.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        service = console.service
        assert service is not None and service.state.clock is not None
        running, seq = service.state.clock.running, service.state.last_seq
        demo_file.unlink()
        await pilot.press("space")  # the clock: pause or resume
        await settle(pilot)
        said = [
            n.message for n in notifications(console) if "deleted, moved or replaced" in n.message
        ]
        assert len(said) == 1 and "nothing was recorded" in said[0] and "\n" not in said[0]
        assert service.state.clock.running is running and service.state.last_seq == seq
