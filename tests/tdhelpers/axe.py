"""An accessibility audit of a served page: axe-core (Deque's engine, from npm) injected into the
page selenium has open, its serious and critical violations returned.

``.ci/run`` installs axe-core with npm into ``.ci/npm``; elsewhere set ``TDCONSOLE_AXE`` to an
``axe.min.js``, or the tests that audit skip saying so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / ".ci" / "npm" / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> Path | None:
    """Where axe-core's script is, if it is installed."""
    named = os.environ.get("TDCONSOLE_AXE")
    path = Path(named) if named else KEPT
    return path if path.is_file() else None


MISSING = (
    None
    if axe_script()
    else "no axe-core: `npm install --prefix .ci/npm axe-core@4` (.ci/run does), "
    "or set TDCONSOLE_AXE to its axe.min.js"
)

GRAVE = ("serious", "critical")


def audit(driver: Any, *, impacts: tuple[str, ...] = GRAVE) -> list[dict[str, Any]]:
    """The page's axe-core violations of the given impacts (serious and critical by default),
    each as axe reports it (``id``, ``impact``, ``help``, ``nodes``)."""
    script = axe_script()
    assert script is not None, MISSING
    driver.execute_script(script.read_text(encoding="utf-8"))
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(r.violations), e => done({error: String(e)}));"
    )
    assert not isinstance(result, dict), result
    return [v for v in result if v.get("impact") in impacts]


def said(violations: list[dict[str, Any]]) -> str:
    """The violations in a line each, for an assertion's message."""
    return "\n".join(
        f"{v['impact']}: {v['id']} ({v['help']}) at "
        + ", ".join(str(n.get("target")) for n in v.get("nodes", [])[:3])
        for v in violations
    )
