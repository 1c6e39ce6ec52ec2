"""What the console loads before its first frame and after it: the start screen lists the
recent events without the event's models."""

from __future__ import annotations

from tdhelpers.support import printed_by_python

from tdconsole.store.paths import events_dir

HEAVY = ("pydantic", "tdconsole.service", "tdconsole.domain.state")
"""The event's models: what the first frame never waits for."""


def test_the_start_screen_lists_the_recent_events_without_the_event_s_models() -> None:
    events_dir().mkdir(parents=True)
    (events_dir() / "uno.tdc").write_bytes(b"")
    code = (
        "import asyncio, sys\nfrom tdconsole.ui.app import build_app\n"
        "async def main():\n"
        "    app = build_app(None, lang='en')\n"
        "    async with app.run_test() as pilot:\n"
        "        await app.workers.wait_for_complete()\n"
        "        await pilot.pause()\n"
        "        print(' '.join(p.stem for p in app.screen.recent))\n"
        f"        print(' '.join(m for m in {HEAVY!r} if m in sys.modules))\n"
        "asyncio.run(main())\n"
    )
    listed, loaded = printed_by_python(code).split("\n")[:2]
    assert listed == "uno"
    assert loaded.split() == []
