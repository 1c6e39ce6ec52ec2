"""The pure domain: the regulation's rules as commands, events and a folded State.

No I/O, no clock reads, no randomness of its own, no UI imports. Importing this package
registers every event type.
"""

from tdconsole.domain import clock_events, payouts, play, registration, rulings, seating  # noqa: F401
from tdconsole.domain.errors import RuleError

__all__ = ["RuleError"]
