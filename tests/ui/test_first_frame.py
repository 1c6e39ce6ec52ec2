"""What the console loads before its first frame and after it: the first frame (the App, the
opening and start screens) loads none of the event's models; the worker that opens an event
imports, in one module, everything the console (or the room display) needs to show it, and
once its data is shown, in one module, what its keys open; only what waits for a real reason
(``tests/test_lazy_imports.py``) is left to later."""

from __future__ import annotations

from pathlib import Path

import pytest
from tdhelpers.support import printed_by_python

from tdconsole.service import Tournament
from tdconsole.store.paths import events_dir
from tdconsole.store.settings_file import load_settings

UI = Path(__file__).resolve().parents[2] / "tdconsole" / "ui"

HEAVY = ("pydantic", "tdconsole.service", "tdconsole.domain.state")
"""The event's models: what the first frame never waits for."""

KEPT_LAZY = {
    "tdconsole.ui.crash",  # a crash report, on a crash alone
    "tdconsole.ui.event_choice",  # the start screen's choice carried out
    "tdconsole.ui.printing",  # the reports and the printer, in a print's worker
    "tdconsole.ui.season_reading",  # the season's modules, in the season's workers
}
CALCULATORS = "tdconsole.ui.calculators."
"""Each calculator is imported by its name when it is opened (``calculators.form_class``)."""


def ui_modules() -> set[str]:
    found = set()
    for path in UI.rglob("*.py"):
        parts = ("tdconsole", *path.relative_to(UI.parent).with_suffix("").parts)
        found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def loaded_after(code: str) -> set[str]:
    """The console's modules, and the event's models, a fresh interpreter holds after
    ``code``."""
    probe = (
        f"{code}\nimport sys\n"
        f"print(' '.join(m for m in sys.modules if m.startswith('tdconsole.ui') or m in {HEAVY!r}))"
    )
    return set(printed_by_python(probe).split())


LATER = "tdconsole.ui.screens.console_later"
"""What the console's keys open, imported once the event's data is shown."""


def test_the_worker_that_opens_an_event_imports_all_that_comes_after_the_first_frame() -> None:
    first = loaded_after("import tdconsole.cli.ui_cmds\nimport tdconsole.ui.app")
    console = loaded_after("from tdconsole.ui.app import views_for\nviews_for('director')")
    display = loaded_after("from tdconsole.ui.app import views_for\nviews_for('display')")
    later = loaded_after("from tdconsole.ui.screens.console_actions import later\nlater()")
    assert first.isdisjoint({*HEAVY, "tdconsole.ui.app_views", "tdconsole.ui.words"})
    assert "tdconsole.ui.screens.display" not in console
    assert "tdconsole.ui.screens.console" not in display
    # The dialogs and the screens the keys open do not delay the event's data.
    assert console.isdisjoint(
        {
            LATER,
            "tdconsole.ui.dialogs.base",
            "tdconsole.ui.dialogs.eliminate",
            "tdconsole.ui.dialogs.print_report",
            "tdconsole.ui.screens.settings",
            "tdconsole.ui.screens.structure",
        }
    )
    left = ui_modules() - first - console - display - later
    assert {name for name in left if not name.startswith(CALCULATORS)} == KEPT_LAZY


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


WATCHED = """
import asyncio, sys, threading
from pathlib import Path
from tdconsole.ui.app import build_app
from tdconsole.ui.messages import EventChosen

threads = []


class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "tdconsole.ui.screens.console":
            threads.append(threading.get_ident())


sys.meta_path.insert(0, Watch())
"""


@pytest.mark.parametrize("way", ["loader", "start screen"])
def test_the_console_s_modules_are_imported_off_the_ui_thread(way: str) -> None:
    """Whether the event is given on the command line (opened by the loader) or chosen on
    the start screen, the worker that opens it imports the console's modules."""
    if way == "loader":
        path = events_dir() / "uno.tdc"
        events_dir().mkdir(parents=True)
        Tournament.create(path, "Uno", load_settings()).close()
        start = (
            "    from tdconsole.service import Tournament\n"
            f"    event = Path({str(path)!r})\n"
            "    app = build_app(None, lang='en', loader=lambda: Tournament.open(event))\n"
            "    async with app.run_test() as pilot:\n"
        )
    else:
        start = (
            "    app = build_app(None, lang='en')\n"
            "    async with app.run_test() as pilot:\n"
            "        await app.workers.wait_for_complete()\n"
            "        app.post_message(EventChosen('new', 'uno'))\n"
        )
    code = (
        f"{WATCHED}\nasync def main():\n{start}"
        "        for _ in range(50):\n"
        "            await app.workers.wait_for_complete()\n"
        "            await pilot.pause()\n"
        "            if type(app.screen).__name__ == 'ConsoleScreen':\n"
        "                break\n"
        "        ui = threading.main_thread().ident\n"
        "        print(type(app.screen).__name__, threads != [] and ui not in threads)\n"
        "asyncio.run(main())\n"
    )
    assert printed_by_python(code).split() == ["ConsoleScreen", "True"]


ORDER = """
import asyncio, sys, threading
from pathlib import Path
from tdconsole.service import Tournament
from tdconsole.ui.app import ConsoleApp, build_app

app = None
seen = []


WATCHED = {"tdconsole.ui.screens.console_later": "later", "tdconsole.domain.roster": "dialogs"}


class Watch:
    def find_spec(self, name, path=None, target=None):
        if name in WATCHED and app is not None:
            screen = app.screen
            shown = getattr(screen, "shown", None) is not None
            off_ui = threading.get_ident() != threading.main_thread().ident
            seen.append(f"{WATCHED[name]}:{type(screen).__name__}:shown={shown}:off_ui={off_ui}")


sys.meta_path.insert(0, Watch())
"""


def _console_on(
    path: Path, then: str, before: str = "", loader: str = "Tournament.open", heap: bool = False
) -> str:
    """A fresh interpreter's console opening ``path`` by its loader (``before`` run first, in
    ``main``; ``loader`` called with the path; ``heap``: ``settle_heap``), running ``then``
    (the app as ``app``) once the console is shown; what it printed."""
    code = (
        f"{ORDER}\nasync def main():\n"
        "    global app\n"
        f"{before}"
        f"    event = Path({str(path)!r})\n"
        f"    opener = lambda: {loader}(event)\n"
        f"    app = build_app(None, lang='en', loader=opener, settle_heap={heap})\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        for _ in range(50):\n"
        "            await app.workers.wait_for_complete()\n"
        "            await pilot.pause()\n"
        "            if type(app.screen).__name__ == 'ConsoleScreen':\n"
        "                break\n"
        f"{then}"
        "asyncio.run(main())\n"
    )
    return printed_by_python(code)


def _event() -> Path:
    path = events_dir() / "uno.tdc"
    events_dir().mkdir(parents=True)
    Tournament.create(path, "Uno", load_settings()).close()
    return path


def test_what_the_keys_open_is_imported_after_the_event_s_data_is_shown() -> None:
    """The worker hands the event over, the console shows its data, and only then, off the UI
    thread, what the keys open is imported, and the models its dialogs read
    (``Tournament.ready_faces``): the data waits for neither."""
    then = (
        "        for _ in range(50):\n"
        "            await app.workers.wait_for_complete()\n"
        "            await pilot.pause()\n"
        "            if 'tdconsole.domain.roster' in sys.modules:\n"
        "                break\n"
        "        print(' '.join(seen))\n"
    )
    assert _console_on(_event(), then).split() == [
        "later:ConsoleScreen:shown=True:off_ui=True",
        "dialogs:ConsoleScreen:shown=True:off_ui=True",
    ]


def test_a_key_that_comes_before_that_import_opens_its_dialog() -> None:
    """A key pressed as soon as the data shows, before the worker's import has run (here it
    never runs), imports what it opens itself: its dialog opens."""
    before = "    ConsoleApp._import_later = lambda self, views: None\n"
    then = (
        "        await pilot.press('i')\n"
        "        if app.keys.waiting is not None:  # (a letter alone acts once its window lapses)\n"
        "            await app.keys.lapse(app.keys.waiting.number)\n"
        "        for _ in range(5):\n"
        "            await pilot.pause()\n"
        "        print(type(app.screen).__name__, ' '.join(seen))\n"
    )
    out = _console_on(_event(), then, before)
    assert out.split() == [
        "RegisterDialog",
        "later:ConsoleScreen:shown=True:off_ui=False",
        "dialogs:ConsoleScreen:shown=True:off_ui=False",
    ]


@pytest.mark.parametrize("heap", [True, False], ids=["for-a-person", "in-a-test"])
def test_the_first_frame_is_set_aside_from_the_collector_while_the_event_opens(heap: bool) -> None:
    """For a person, the worker that opens the event first sets the first frame's objects
    aside from the collector: its collections walk only what the opening makes."""
    before = (
        "    import gc\n"
        "    frozen = []\n"
        "    def opened(event):\n"
        "        frozen.append(gc.get_freeze_count())\n"
        "        return Tournament.open(event)\n"
    )
    then = "        print(frozen[0] > 10_000)\n"
    assert _console_on(_event(), then, before, "opened", heap).split() == [str(heap)]
