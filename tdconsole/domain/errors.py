"""The one error type for a refused action."""

from __future__ import annotations


class RuleError(Exception):
    """An action the console refuses, with the article of the regulation it enforces.

    ``article`` is written as the regulation numbers it (``"III.2"``, ``"7.7"``) or is ``None``
    when the refusal is a matter of input rather than of a rule. The message says what is wrong
    and what to do; ``str(error)`` adds the citation.
    """

    def __init__(self, message: str, article: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.article = article

    def __str__(self) -> str:
        if self.article:
            return f"{self.message} (Art. {self.article})"
        return self.message
