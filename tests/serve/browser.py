"""A real browser for the served pages: Debian's chromium, driven by selenium's chromedriver."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

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


@contextmanager
def chromium(width: int, height: int, *, phone: bool = False) -> Iterator[Any]:
    """A fresh headless chromium (its own profile folder) showing pages of exactly
    ``width`` × ``height`` CSS pixels (``phone``: a touch screen, as a phone in portrait)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, MISSING
    with tempfile.TemporaryDirectory(prefix="tdconsole-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={width},{height}")
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(10)
        try:
            # The page's size exactly (a window's frame would take some of it).
            metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            if phone:
                driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
            yield driver
        finally:
            driver.quit()
