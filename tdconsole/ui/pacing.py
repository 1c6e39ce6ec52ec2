"""How often a console repaints for other terminals, and how it tells of their actions, so that
a busy floor (phones counting every second) never keeps the Director's keys waiting nor covers
his screen with notices.

Pure bookkeeping on a monotonic clock the App gives; the App does the painting.

- ``RepaintPacer``: a poll repaints at once what another terminal recorded; while the floor is
  busy (the last repaint for others brought more than ``BUSY_ACTIONS`` of their actions) it
  repaints at most once every ``BUSY_REPAINT_SECONDS``, the rest waiting for the next poll.
- ``NewsNotices``: one notice per action of another terminal, at most ``NEWS_NOTICES`` showing
  at once; beyond that one notice says how many actions came, and while it shows the next ones
  are only counted (said by the next such notice once it has gone). The room panel lists the
  latest actions meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

NEWS_NOTICES = 3
"""The most notices of single actions of other terminals showing at once."""
NEWS_SECONDS = 8.0
"""How long a notice of other terminals' actions shows."""
BUSY_ACTIONS = 3
"""More actions of other terminals than this at one repaint: the floor is busy."""
BUSY_REPAINT_SECONDS = 1.0
"""While the floor is busy, the least time between two repaints for other terminals."""


@dataclass
class RepaintPacer:
    painted_at: float | None = None
    """When the last repaint for other terminals was (monotonic seconds)."""
    busy: bool = False
    """Whether that repaint brought more than ``BUSY_ACTIONS`` actions of other terminals."""

    def due(self, now: float) -> bool:
        """Whether a poll that found news repaints now (else at a later poll)."""
        if not self.busy or self.painted_at is None:
            return True
        return now - self.painted_at >= BUSY_REPAINT_SECONDS

    def painted(self, now: float, actions: int) -> None:
        """A repaint for other terminals was made, bringing ``actions`` of theirs."""
        self.painted_at = now
        self.busy = actions > BUSY_ACTIONS


@dataclass
class NewsNotices:
    shown: list[float] = field(default_factory=list)
    """When each notice of a single action still showing was raised."""
    summary_until: float = 0.0
    """Until when the notice saying how many actions came shows."""
    unsaid: int = 0
    """Actions counted while that notice showed, for the next one to say."""

    def plan(self, now: float, actions: int) -> tuple[int, int]:
        """For ``actions`` new actions of other terminals: how many to notify one by one (the
        first ones) and how many a single notice says (0: none)."""
        self.shown = [t for t in self.shown if now - t < NEWS_SECONDS]
        if now < self.summary_until:
            self.unsaid += actions
            return 0, 0
        total = actions + self.unsaid
        if total == 0:
            return 0, 0
        if self.unsaid == 0 and len(self.shown) + actions <= NEWS_NOTICES:
            self.shown.extend([now] * actions)
            return actions, 0
        self.unsaid = 0
        self.summary_until = now + NEWS_SECONDS
        return 0, total
