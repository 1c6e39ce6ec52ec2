"""The one error type for a refused action, worded in English and Italian."""

from __future__ import annotations


class RuleError(Exception):
    """An action the console refuses, with the article of the regulation it enforces.

    ``article`` is written as the regulation numbers it (``"III.2"``, ``"7.7"``) or is ``None``
    when the refusal is a matter of input rather than of a rule. ``message`` is English and
    ``it`` the same message in Italian (the console's two languages); both say what is wrong and
    what to do. ``str(error)`` is the English message with the citation (logs and tests rely on
    it); ``text(lang)`` is the message in the console's language, with the citation.
    """

    def __init__(self, message: str, article: str | None = None, *, it: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.article = article
        self.it = it

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("it" or "en"; English when no Italian was given)."""
        message = self.it if lang == "it" and self.it else self.message
        if self.article:
            return f"{message} (Art. {self.article})"
        return message

    def __str__(self) -> str:
        return self.text("en")
