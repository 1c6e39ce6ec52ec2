"""A real browser for the served pages: Debian's chromium, driven by selenium's chromedriver.
The one place the tests start chromium (the room's screens, the floor's phones).

``freeze`` puts the page in the Page Lifecycle's *frozen* state, as a phone's browser does when
the phone is locked, through chromium's own DevTools websocket rather than chromedriver: while
the page is frozen chromedriver is not asked anything, so it can never hang on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
MISSING = (
    None
    if CHROMIUM and CHROMEDRIVER
    else "no chromium/chromedriver: install Debian's `chromium` and `chromium-driver` "
    "(apt-get install -y chromium chromium-driver; .ci/run does)"
)

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)
COMMAND_SECONDS = 40
"""The longest a single chromedriver command may take (selenium's own default is 120 s)."""
QUIT_SECONDS = 15.0
"""How long the browser is given to quit before its processes are killed."""
DEVTOOLS_SECONDS = 10.0
"""The longest one DevTools command over the websocket may take."""


@contextmanager
def chromium(
    width: int, height: int, *, phone: bool = False, pixel_ratio: float = 1.0
) -> Iterator[Any]:
    """A fresh headless chromium (its own profile folder) showing pages of exactly
    ``width`` × ``height`` CSS pixels (``phone``: a touch screen in chromedriver's mobile
    emulation, at ``pixel_ratio``). Whatever happens, its processes are gone afterwards."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, MISSING
    with tempfile.TemporaryDirectory(prefix="tdconsole-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        if phone:
            metrics = {"width": width, "height": height, "pixelRatio": pixel_ratio, "touch": True}
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        else:
            options.add_argument(f"--window-size={width},{height}")
        service = Service(CHROMEDRIVER)
        driver = webdriver.Chrome(options=options, service=service)
        processes = _tree(service.process.pid)
        try:
            driver.command_executor.client_config.timeout = COMMAND_SECONDS
            driver.set_page_load_timeout(30)
            driver.set_script_timeout(10)
            if not phone:
                _page_size(driver, width, height)
            processes = _tree(service.process.pid)
            yield driver
        finally:
            processes |= _tree(service.process.pid)
            quitting = threading.Thread(target=driver.quit, daemon=True)
            quitting.start()
            quitting.join(QUIT_SECONDS)
            _kill(processes)


def _page_size(driver: Any, width: int, height: int) -> None:
    """The page's size exactly (a window's frame would take some of it)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


SCRIPTS: dict[int, list[tuple[str, str]]] = {}
"""The scripts ``on_every_page`` gave each browser (by ``id`` of its driver): each tab's own
(its handle) and the script's identifier, for ``fresh_page``."""


def on_every_page(driver: Any, source: str) -> None:
    """Run ``source`` before each page's own scripts on ``driver``'s tab, until ``fresh_page``."""
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    SCRIPTS.setdefault(id(driver), []).append((driver.current_window_handle, added["identifier"]))


def fresh_page(driver: Any, width: int, height: int, *, phone: bool = False) -> Any:
    """``driver`` (a ``chromium`` of ``width`` × ``height``) as a fresh browser would be: on
    one blank tab (every other closed), the scripts ``on_every_page`` gave it removed, every
    cookie gone, the cache emptied, the storage of every site the tabs showed cleared, the page
    ``width`` × ``height`` again (``phone``: its phone's emulation kept). So a module's cases
    share one chromium (1.1 s of CPU to start one, 0.1 s for this) and none sees what another
    did, in whatever order they run. (A new tab each time costs 0.2 s: a new renderer.)"""
    visited: set[str] = set()
    for handle in list(driver.window_handles):
        driver.switch_to.window(handle)
        history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})
        for entry in history["entries"]:
            parts = entry["url"].split("/")
            if parts[0] in ("http:", "https:") and len(parts) > 2:
                visited.add("/".join(parts[:3]))
        if len(driver.window_handles) > 1:
            driver.close()  # (its scripts, sizes and history go with it)
    kept = driver.window_handles[0]
    driver.switch_to.window(kept)
    driver.get("about:blank")
    for tab, identifier in SCRIPTS.pop(id(driver), []):
        if tab == kept:
            driver.execute_cdp_cmd(
                "Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier}
            )
    driver.execute_cdp_cmd("Page.resetNavigationHistory", {})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    for origin in sorted(visited):
        driver.execute_cdp_cmd(
            "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
        )
    if not phone:
        _page_size(driver, width, height)
    return driver


# -- the processes of one browser ---------------------------------------------------------
def _started(pid: int) -> str | None:
    """The start time of process ``pid`` (None once it is gone): a pid is reused, this is not."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[19]


def _tree(root: int) -> set[tuple[int, str]]:
    """``root`` and every process under it, each with its start time."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found: set[tuple[int, str]] = set()
    todo = [root]
    while todo:
        pid = todo.pop()
        started = _started(pid)
        if started is not None:
            found.add((pid, started))
            todo.extend(children.get(pid, []))
    return found


def _kill(processes: set[tuple[int, str]]) -> None:
    """Kill each of ``processes`` still running (the same process: its start time checked)."""
    for pid, started in processes:
        if _started(pid) == started:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


# -- a locked phone -----------------------------------------------------------------------
PROBE = """
window.tdcProbe = {ticks: 0, seen: []};
setInterval(() => { window.tdcProbe.ticks += 1; }, 250);
for (const name of ["freeze", "resume", "visibilitychange"]) {
  document.addEventListener(name, () => {
    const said = name === "visibilitychange" ? document.visibilityState : name;
    window.tdcProbe.seen.push([said, window.tdcProbe.ticks]);
  });
}
"""
"""What the page is given before it is frozen: a timer counting four times a second, and the
lifecycle's own events as the page sees them ("hidden", "freeze", "resume", "visible"),
each with the count at that moment."""


@dataclass(frozen=True)
class Frozen:
    """What the page itself saw of one freeze."""

    seconds: float
    """How long it was frozen (wall clock)."""
    ticks: int
    """The timer's count at the freeze …"""
    ticks_after: int
    """… and right after the thaw (a page running all along would have counted 4 a second)."""
    seen: list[tuple[str, int]]
    """The lifecycle events the page received, with the timer's count then."""


def freeze(driver: Any, seconds: float, meanwhile: Callable[[], None]) -> Frozen:
    """Freeze the page ``driver`` shows for ``seconds``, running ``meanwhile`` while it is
    frozen; thaw it and say what the page saw. Every wait is bounded; the caller spends no CPU
    while the page stays frozen (one sleep)."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    bound = seconds + 2 * DEVTOOLS_SECONDS + 60.0  # (+ ``meanwhile``: a server's restart)
    return asyncio.run(asyncio.wait_for(_freeze(address, seconds, meanwhile), bound))


async def _freeze(address: str, seconds: float, meanwhile: Callable[[], None]) -> Frozen:
    timeout = aiohttp.ClientTimeout(total=DEVTOOLS_SECONDS)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        async with http.get(f"http://{address}/json/list") as answer:
            targets = await answer.json()
        page = next(t for t in targets if t["type"] == "page")
        async with http.ws_connect(
            page["webSocketDebuggerUrl"], max_msg_size=0, timeout=aiohttp.ClientWSTimeout()
        ) as devtools:
            ids = itertools.count(1)

            async def call(method: str, **params: Any) -> dict[str, Any]:
                sent = next(ids)
                await devtools.send_json({"id": sent, "method": method, "params": params})
                async with asyncio.timeout(DEVTOOLS_SECONDS):
                    while True:
                        message = await devtools.receive_json()
                        if message.get("id") == sent:
                            assert "error" not in message, message
                            result: dict[str, Any] = message["result"]
                            return result

            async def read(expression: str) -> Any:
                found = await call("Runtime.evaluate", expression=expression, returnByValue=True)
                return found["result"].get("value")

            await read(PROBE)
            await asyncio.sleep(0.6)  # (the timer has counted)
            # Locked: another page in front (the lock screen), so this one is hidden, then
            # frozen. Unlocked: thawed, then in front again. (Thawed but never shown again,
            # chromium leaves its touch input stuck: chromedriver's next tap would hang.)
            lock_screen = (await call("Target.createTarget", url="about:blank"))["targetId"]
            try:
                async with asyncio.timeout(DEVTOOLS_SECONDS):
                    while await read("document.visibilityState") != "hidden":
                        await asyncio.sleep(0.05)
                ticks = await read("window.tdcProbe.ticks")
                await call("Page.setWebLifecycleState", state="frozen")
                start = time.monotonic()
                try:
                    await _in_thread(meanwhile)
                    await asyncio.sleep(max(0.0, seconds - (time.monotonic() - start)))
                finally:
                    await call("Page.setWebLifecycleState", state="active")
                frozen_for = time.monotonic() - start
            finally:
                await call("Page.bringToFront")
                await call("Target.closeTarget", targetId=lock_screen)
            after = await read("JSON.stringify(window.tdcProbe)")
    probe = json.loads(after)
    return Frozen(
        frozen_for, ticks, int(probe["ticks"]), [(str(n), int(t)) for n, t in probe["seen"]]
    )


async def _in_thread(call: Callable[[], None]) -> None:
    """``call()`` on a thread of its own: a ``call`` that never returns times out the caller's
    wait and is left behind (asyncio's own executor would hold ``asyncio.run`` until it did)."""
    loop = asyncio.get_running_loop()
    ended: asyncio.Future[None] = loop.create_future()

    def said(error: BaseException | None) -> None:
        if not ended.done():
            if error is None:
                ended.set_result(None)
            else:
                ended.set_exception(error)

    def run() -> None:
        error: BaseException | None = None
        try:
            call()
        except BaseException as exc:
            error = exc
        with contextlib.suppress(RuntimeError):  # (the loop closed meanwhile)
            loop.call_soon_threadsafe(said, error)

    threading.Thread(target=run, daemon=True, name="tdconsole-meanwhile").start()
    await ended


def wait_for(driver: Any, script: str, timeout: float = 10.0) -> Any:
    """Wait until ``script`` returns something true in the page, and return it; if it never
    does, fail saying what the page shows."""
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script(script)
        )
    except Exception as exc:
        text = driver.execute_script("return document.body.innerText")
        raise AssertionError(f"never true: {script}\nthe page shows:\n{text}") from exc
