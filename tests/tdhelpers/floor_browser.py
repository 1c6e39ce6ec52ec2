"""A phone for the floor's browser tests: Debian's chromium through selenium, in mobile
emulation (390×844 CSS px at device scale 3, touch), and the floor's server in a process of its
own (so that a test can stop it and start it again on the same port)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tdhelpers.browser import MISSING, chromium, fresh_page  # (where chromium is started)
from tdhelpers.floor_pins import at_test_cost

PHONE = {"width": 390, "height": 844, "pixelRatio": 3.0}
HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
"""Where the server imports ``tdhelpers`` from."""
__all__ = ["MISSING", "Server", "fresh_phone", "phone", "served", "tap", "text_of", "wait"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """The floor's server for one event on one loopback port, in its own process."""

    def __init__(
        self, event: Path, port: int, ping: float | None = None, move: float | None = None
    ) -> None:
        self.event, self.port = event, port
        self.ping = ping
        """The streams' ping in seconds (``streams.PING_SECONDS`` unless given)."""
        self.move = move
        """The pages' wait before going on from the copy (``elsewhere.MOVE_SECONDS``)."""
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(TESTS), env.get("PYTHONPATH", "")])
        # (the server checks PINs at the cost this test hashed them with: tests/conftest.py)
        options = ["test-cost"] if at_test_cost() else []
        if self.ping is not None:
            options.append(f"ping={self.ping}")
        if self.move is not None:
            options.append(f"move={self.move}")
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "floor_server.py"),
                str(self.event),
                str(self.port),
                *options,
            ],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # blocks until the port is open (or it died)
        assert "ready" in line, f"the server did not start: {line!r}"

    def restart(self) -> None:
        """Stop the server and start it again on the same port."""
        self.stop()
        self.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


@contextmanager
def served(event: Path, ping: float | None = None) -> Iterator[Server]:
    server = Server(event, free_port(), ping)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def phone(landscape: bool = False) -> Iterator[Any]:
    """A fresh headless chromium emulating a phone (its own profile folder)."""
    width, height = PHONE["width"], PHONE["height"]
    if landscape:
        width, height = height, width
    with chromium(int(width), int(height), phone=True, pixel_ratio=PHONE["pixelRatio"]) as driver:
        yield driver


def fresh_phone(driver: Any) -> Any:
    """``driver`` (a ``phone()``) as a fresh phone would be (``browser.fresh_page``): so a
    module's cases share one chromium."""
    return fresh_page(driver, int(PHONE["width"]), int(PHONE["height"]), phone=True)


def wait(driver: Any, check: Any, what: str, timeout: float = 20.0) -> Any:
    """selenium's own wait for ``check(driver)``; fails saying ``what`` was awaited."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    # (the list is drawn afresh at every change: an element found may be gone a moment later)
    ignored = [StaleElementReferenceException]
    try:
        return WebDriverWait(
            driver, timeout, poll_frequency=0.05, ignored_exceptions=ignored
        ).until(check)
    except Exception as exc:
        body = driver.execute_script("return document.body.innerText")
        raise AssertionError(f"never {what}; the page shows:\n{body}") from exc


def tap(driver: Any, css: str) -> None:
    """Tap an element as a finger would (touch events through the emulation)."""
    from selenium.webdriver.common.by import By

    element = wait(
        driver,
        lambda d: next(
            (
                e
                for e in d.find_elements(By.CSS_SELECTOR, css)
                if e.is_displayed() and e.is_enabled()
            ),
            False,
        ),
        f"showed {css} enabled",
    )
    element.click()


def text_of(driver: Any, css: str) -> str:
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.CSS_SELECTOR, css).text)
