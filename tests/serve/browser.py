"""A real browser for the served views: Debian's chromium, driven by selenium's chromedriver.

The page's terminal is xterm.js inside textual-serve's script; the test reads what it shows
through xterm's own buffer API. The hook below notes the terminal object when textual-serve's
script builds it (it sets ``fitAddon`` on it first), before any byte arrives.
"""

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

HOOK = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "fitAddon", {
      value, writable: true, configurable: true, enumerable: true,
    });
    window.tdconsoleTerminal = this;
  },
});
"""

SCREEN = """
const t = window.tdconsoleTerminal;
if (!t || !t.terminal) { return null; }
const buffer = t.terminal.buffer.active, lines = [];
for (let i = 0; i < t.terminal.rows; i++) {
  const line = buffer.getLine(buffer.viewportY + i);
  lines.push(line ? line.translateToString(true) : "");
}
return lines.join("\\n");
"""

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
            # The page's size exactly (a window's frame would take some of it). The pixel
            # ratio stays 1: textual-serve's canvas renderer draws the glyphs too large at
            # higher ratios under headless chromium's emulation.
            metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            if phone:
                driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
            yield driver
        finally:
            driver.quit()


def screen_text(driver: Any) -> str:
    """What the page's terminal shows now, line by line ('' before it is built)."""
    return str(driver.execute_script(SCREEN) or "")


def wait_for_text(driver: Any, *texts: str, timeout: float = 20.0) -> str:
    """The terminal's text once it shows every one of ``texts`` (selenium's own wait)."""
    from selenium.webdriver.support.ui import WebDriverWait

    def shown(d: Any) -> str | bool:
        text = screen_text(d)
        return text if all(t in text for t in texts) else False

    try:
        found: str = WebDriverWait(driver, timeout, poll_frequency=0.05).until(shown)
    except Exception as exc:
        raise AssertionError(
            f"the page never showed {texts!r}; it shows:\n{screen_text(driver)}"
        ) from exc
    return found


def type_keys(driver: Any, keys: str) -> None:
    """Type into the terminal as a person would (xterm's input field)."""
    from selenium.webdriver.common.by import By

    field = driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
    field.send_keys(keys)


def click_text(driver: Any, text: str) -> None:
    """Tap (click) the middle of ``text`` where the terminal shows it, as a finger would."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    lines = screen_text(driver).splitlines()
    row, column = 0, -1
    for row, line in enumerate(lines):  # noqa: B007 (the row found is used below)
        column = line.find(text)
        if column >= 0:
            break
    else:
        raise AssertionError(f"{text!r} is not on the page:\n" + "\n".join(lines))
    screen = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
    size = driver.execute_script(
        "const t = window.tdconsoleTerminal.terminal; return [t.cols, t.rows];"
    )
    box = screen.rect
    cell_w, cell_h = box["width"] / size[0], box["height"] / size[1]
    x = (column + len(text) / 2) * cell_w - box["width"] / 2
    y = (row + 0.5) * cell_h - box["height"] / 2
    ActionChains(driver).move_to_element_with_offset(screen, int(x), int(y)).click().perform()


def wait_for_element(driver: Any, css: str, *texts: str, timeout: float = 20.0) -> str:
    """The text of the page's element ``css`` once it shows every one of ``texts``."""
    from selenium.webdriver.support.ui import WebDriverWait

    script = "const e = document.querySelector(arguments[0]); return e ? e.innerText : null;"

    def shown(d: Any) -> str | bool:
        text = d.execute_script(script, css) or ""
        return str(text) if all(t in text for t in texts) else False

    try:
        found: str = WebDriverWait(driver, timeout, poll_frequency=0.05).until(shown)
    except Exception as exc:
        now = driver.execute_script(script, css)
        raise AssertionError(f"{css} never showed {texts!r}; it shows {now!r}") from exc
    return found
