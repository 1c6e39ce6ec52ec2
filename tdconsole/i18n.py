"""The console's languages: GNU gettext catalogues, one translation for every part.

Messages are written in English in the code and marked once: ``_("...")`` for a sentence,
``ngettext(singular, plural, n)`` for every count, ``pgettext(context, "...")`` where one English
word has two meanings in another language (a break, "Pausa", and a stopped clock). Placeholders
are named, ``{name}``, and filled with ``.format(name=...)``.

The marks return a ``Msg``: a message not yet said in any language. It is said when it reaches a
reader, in the reader's language (``msg.text("it")``); ``str(msg)`` is English (logs, tests). A
refusal raised deep in the domain (``RuleError(_("..."))``) is thus worded in the language of the
console that shows it. Where the language is known already (a screen, a report),
``translation(lang).gettext(...)`` says it at once.

The translations live in ``tdconsole/locale/<lang>/LC_MESSAGES/tdconsole.po``, compiled to the
``.mo`` beside it that ships in the wheel (see docs/development.md, "Translating"); any
catalogue found there is a language the console offers. English is the code's own and needs
no catalogue.
``pseudo`` is a test language that wraps every translated text in ``⟦…⟧``, so a test can find
words that escaped translation.

This module imports nothing of textual or rich: the domain uses it.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Protocol

DOMAIN = "tdconsole"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
"""The language the messages are written in."""
PSEUDO = "pseudo"
"""A test language: every translated text is wrapped in ``OPEN``…``CLOSE``."""
OPEN, CLOSE = "⟦", "⟧"

__all__ = [
    "CLOSE",
    "OPEN",
    "PSEUDO",
    "Msg",
    "Said",
    "_",
    "languages",
    "ngettext",
    "npgettext",
    "pgettext",
    "say",
    "translation",
]


class Said(Protocol):
    """Anything that can be said in a language (a ``Msg``, a refusal, a cause)."""

    def text(self, lang: str = ...) -> str: ...


class _Pseudo(_gettext.NullTranslations):
    """Every text wrapped in markers: what is not wrapped escaped translation."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"


@cache
def languages() -> tuple[str, ...]:
    """The languages the console speaks: English and every compiled catalogue shipped."""
    found = sorted(mo.parent.parent.name for mo in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


@cache
def translation(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang``; English (the messages as written) for an unknown one."""
    if lang == PSEUDO:
        return _Pseudo()
    if lang == SOURCE or lang not in languages():
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def say(value: object, lang: str) -> object:
    """``value`` as a reader of ``lang`` sees it: anything sayable in words, the rest as is."""
    text = getattr(value, "text", None)
    if callable(text) and not isinstance(value, str):
        return text(lang)
    return value


class Msg:
    """A message marked for translation, said in a language only when it is read."""

    __slots__ = ("args", "context", "msgid", "n", "plural")

    def __init__(
        self,
        msgid: str,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        self.args: dict[str, Any] = dict(args or {})

    def format(self, **args: Any) -> Msg:
        """The message with its placeholders' values (said in the reader's language when they
        can be: another ``Msg``, a refusal)."""
        return Msg(
            self.msgid,
            plural=self.plural,
            n=self.n,
            context=self.context,
            args={**self.args, **args},
        )

    def template(self, lang: str) -> str:
        """The message in ``lang`` with its placeholders still to fill."""
        catalogue = translation(lang)
        if self.plural is not None:
            count = self.n if self.n is not None else 0
            if self.context is not None:
                return catalogue.npgettext(self.context, self.msgid, self.plural, count)
            return catalogue.ngettext(self.msgid, self.plural, count)
        if self.context is not None:
            return catalogue.pgettext(self.context, self.msgid)
        return catalogue.gettext(self.msgid)

    def text(self, lang: str = SOURCE) -> str:
        values = {key: say(value, lang) for key, value in self.args.items()}
        if self.n is not None:
            values.setdefault("n", self.n)
        return self.template(lang).format(**values)

    def __str__(self) -> str:
        return self.text(SOURCE)

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, args={self.args!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.msgid, self.plural, self.n, self.context, self.args) == (
                other.msgid,
                other.plural,
                other.n,
                other.context,
                other.args,
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.n, self.context))


def _(msgid: str) -> Msg:
    """Mark a message for translation."""
    return Msg(msgid)


def ngettext(singular: str, plural: str, n: int) -> Msg:
    """Mark a message that counts ``n`` of something (``{n}`` is filled with it)."""
    return Msg(singular, plural=plural, n=n)


def pgettext(context: str, msgid: str) -> Msg:
    """Mark a message whose words mean different things in different places."""
    return Msg(msgid, context=context)


def npgettext(context: str, singular: str, plural: str, n: int) -> Msg:
    return Msg(singular, plural=plural, n=n, context=context)
