"""A phone for the floor's browser tests: Debian's chromium through selenium, in mobile
emulation (390×844 CSS px at device scale 3, touch), and the floor's server in a process of its
own (so that a test can stop it and start it again on the same port)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
MISSING = (
    None
    if CHROMIUM and CHROMEDRIVER
    else "no chromium/chromedriver: install Debian's `chromium` and `chromium-driver` "
    "(apt-get install -y chromium chromium-driver)"
)
PHONE = {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True}
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
HERE = Path(__file__).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """The floor's server for one event on one loopback port, in its own process."""

    def __init__(self, event: Path, port: int) -> None:
        self.event, self.port = event, port
        self.process: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "floor_server.py"), str(self.event), str(self.port)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # blocks until the port is open (or it died)
        assert "ready" in line, f"the server did not start: {line!r}"

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None


@contextmanager
def served(event: Path) -> Iterator[Server]:
    server = Server(event, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def phone(landscape: bool = False) -> Iterator[Any]:
    """A fresh headless chromium emulating a phone (its own profile folder)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, MISSING
    metrics = dict(PHONE)
    if landscape:
        metrics["width"], metrics["height"] = PHONE["height"], PHONE["width"]
    with tempfile.TemporaryDirectory(prefix="tdconsole-phone-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(10)
        try:
            yield driver
        finally:
            driver.quit()


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
