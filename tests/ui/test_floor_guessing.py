"""The Director's console says when someone may be guessing the served floor's PINs, from the
count ``tdconsole serve`` keeps (another process), once a minute at most."""

from __future__ import annotations

from pathlib import Path

import pytest

from tdconsole.domain.errors import RuleError
from tdconsole.store.attempts import PinAttempts
from tdconsole.ui.app import ConsoleApp
from tdconsole.ui.guessing import CHECK_SECONDS, NOTICE_AT, GuessWatch
from tdconsole.ui.textual_reach import notifications

from .conftest import NOW
from .test_actions import SIZE


def guesses(event: Path, n: int) -> None:
    served = PinAttempts(event, clock=NOW.timestamp)
    try:
        for k in range(n):
            with pytest.raises(RuleError):
                served.attempt("floor", f"10.0.0.{k}", f"guest {k}", lambda: False)
    finally:
        served.close()


def guessing_notices(app: ConsoleApp) -> list[str]:
    return [n.message for n in notifications(app) if "PIN del floor sbagliati" in n.message]


async def test_the_console_says_someone_may_be_guessing(app: ConsoleApp, demo_file: Path) -> None:
    moment = [100.0]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.monotonic = lambda: moment[0]
        assert app.views is not None
        app.views.guess_watch = GuessWatch()
        guesses(demo_file, NOTICE_AT - 1)  # a phone or two mistyping: nothing said
        app.poll()
        assert guessing_notices(app) == []
        guesses(demo_file, 1)
        moment[0] += 1.0
        app.poll()  # (the count is read again only every few seconds)
        assert guessing_notices(app) == []
        moment[0] += CHECK_SECONDS
        app.poll()
        await pilot.pause()
        said = [
            f"PIN del floor sbagliati: {NOTICE_AT} nell'ultimo minuto (qualcuno potrebbe "
            "tirare a indovinare; il floor rifiuta i PIN oltre 30 al minuto)"
        ]
        assert guessing_notices(app) == said
        moment[0] += CHECK_SECONDS * 2  # still guessing: said once a minute, not every read
        app.poll()
        await pilot.pause()
        assert guessing_notices(app) == said
