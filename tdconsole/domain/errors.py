"""The one error type for a refused action, said in the language of whoever reads it."""

from __future__ import annotations

from tdconsole.i18n import SOURCE, Said, _


class RuleError(Exception):
    """An action the console refuses, with the article of the regulation it enforces.

    ``article`` is written as the regulation numbers it (``"III.2"``, ``"7.7"``) or is ``None``
    when the refusal is a matter of input rather than of a rule. The message is marked for
    translation (``RuleError(_("..."))``, see ``tdconsole.i18n``) and says what is wrong and what
    to do. ``str(error)`` is the English message with the citation (logs and tests rely on it);
    ``text(lang)`` is the message in the reader's language, with the citation.
    """

    def __init__(self, message: Said, article: str | None = None) -> None:
        self.said: Said = message
        self.message = self.said.text(SOURCE)
        """The message in English, without the citation."""
        super().__init__(self.message)
        self.article = article

    def text(self, lang: str = SOURCE) -> str:
        """The message in ``lang``, with the article it enforces."""
        if self.article:
            return (
                _("{message} (Art. {article})")
                .format(message=self.said, article=self.article)
                .text(lang)
            )
        return self.said.text(lang)

    def __str__(self) -> str:
        return self.text(SOURCE)
