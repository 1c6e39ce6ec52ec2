"""A refusal in the console's words: the keys and fields to use, not the command line's syntax.

The domain words its refusals once, for both faces, and the command line prints them as they
are (`dote Bruno`, --declined, --override REASON). The console says the same with its keys:
each piece of command-line syntax the domain uses is mapped here to what the Director does at
the console. Where words are involved, the pattern and its replacement are marked messages:
each language's catalogue gives the pattern as that language's refusals word it (a regular
expression, ``refusal pattern``) and the console's words for it (``refusal words``). A test
reads every refusal in the domain and checks that none keeps any command-line syntax once
mapped, so a new refusal cannot slip through unmapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, languages, pgettext

Words = str | Callable[[re.Match[str]], str]
Rule = tuple[Msg, Msg] | tuple[str, Words]
"""A piece of the command line and the console's words for it: two marked messages, or, where
no word is involved, a pattern and its replacement as they are."""

# Clause by clause first (where a key alone would not read as a sentence), then word by word.
_CONSOLE_WORDS: tuple[Rule, ...] = (
    # the second stack still open to a player out (Art. III.2)
    (
        pgettext(
            "refusal pattern",
            "record `dote ([^`]+) --stack 0`, or add --declined if he declines it",
        ),
        pgettext(
            "refusal words",
            r"give it to \1 with d, or press ctrl+r in the elimination if he declines it",
        ),
    ),
    # a second stack after a count at least the big blind (Art. III.2)
    (
        pgettext("refusal pattern", "give his stack now with `dote ([^`]+) --stack N`"),
        pgettext("refusal words", r"write \1's stack now in the second stack's field (d)"),
    ),
    # several players out in one hand
    (
        pgettext(
            "refusal pattern",
            "give --stacks, their stacks at the start of the hand, in the same order as the names",
        ),
        pgettext(
            "refusal words", "give each one's stack at the start of the hand (ctrl+n adds a player)"
        ),
    ),
    # closings and the final: the override reason is a field of their dialogs
    (
        pgettext("refusal pattern", r"\(add --override REASON\)"),
        pgettext("refusal words", "(write the reason in the override field)"),
    ),
    (
        pgettext("refusal pattern", "with --override REASON"),
        pgettext("refusal words", "by writing the reason in the override field"),
    ),
    # the fields of the dialogs
    (
        pgettext("refusal pattern", "give --reason TEXT"),
        pgettext("refusal words", "write the reason"),
    ),
    (
        pgettext("refusal pattern", "give --text TEXT"),
        pgettext("refusal words", "write the decision"),
    ),
    (
        pgettext("refusal pattern", "give --chips N"),
        pgettext("refusal words", "give the chips counted"),
    ),
    (
        pgettext("refusal pattern", "give --orbits 1 or 2"),
        pgettext("refusal words", "choose one or two orbits"),
    ),
    (
        pgettext("refusal pattern", "--orbits goes with a suspension only"),
        pgettext("refusal words", "orbits go with a suspension only"),
    ),
    (
        pgettext("refusal pattern", "--tables K chooses another"),
        pgettext("refusal words", "the number of tables chooses another"),
    ),
    (
        pgettext("refusal pattern", "give --bb, --ante, --minutes or --break"),
        pgettext("refusal words", "change the big blind, the ante, the minutes or the break"),
    ),
    # a season's alias: the console edits no season file
    (
        pgettext("refusal pattern", r"remove the alias that joins them \(`season unalias`\)"),
        pgettext("refusal words", "remove the alias that joins them from the season file"),
    ),
    # a copy on a second device: its console takes it over with O
    (
        pgettext("refusal pattern", "or `tdconsole take-over` if it is gone"),
        pgettext("refusal words", "or press O if it is gone"),
    ),
    (
        pgettext("refusal pattern", "`take-over` is for the copy on a second device"),
        pgettext("refusal words", "O is for the copy on a second device"),
    ),
    # commands that are keys at the console
    (r"`final --count \.\.\.`", "f"),
    (
        pgettext("refusal pattern", "`start` first"),
        pgettext("refusal words", "g first"),
    ),
    (
        pgettext("refusal pattern", "is set at `start`"),
        pgettext("refusal words", "is set at the start (g)"),
    ),
    ("`start`", "g"),
    ("`draw`", "s"),
    ("`undo`", "u"),
    ("`set table_seats=N`", "o: table_seats"),
    (
        pgettext("refusal pattern", r"\(see `standings`\)"),
        pgettext("refusal words", "(tab 2, Players)"),
    ),
    (
        pgettext("refusal pattern", "use `new` with another path"),
        pgettext("refusal words", "choose another name"),
    ),
    (
        pgettext("refusal pattern", "see `rules list` for the names"),
        pgettext("refusal words", "the rulebook tab (5) lists them"),
    ),
    (r" \(tdconsole state --json\)", ""),
    (
        pgettext("refusal pattern", "use clock next"),
        pgettext("refusal words", "press n"),
    ),
    (
        pgettext("refusal pattern", "use clock add"),
        pgettext("refusal words", "press +"),
    ),
    ("clock next", "n"),
    ("clock announce", "a"),
    (
        pgettext("refusal pattern", "with clock add/sub/set"),
        pgettext("refusal words", "with + and -"),
    ),
    (
        pgettext("refusal pattern", "use clock set MM:SS"),
        pgettext("refusal words", "use + and -"),
    ),
    # what is left: a setting, by its name, changed with o
    (r"--([a-z][a-z-]*)(?: [A-Z]+\b)?", lambda m: f"{m.group(1).replace('-', '_')} (o)"),
)


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], Words], ...]:
    # Compiled at the first refusal, not when the console starts: each marked rule once for
    # every language shipped (a refusal may reach the console in any of them).
    rules: list[tuple[re.Pattern[str], Words]] = []
    for pattern, words in _CONSOLE_WORDS:
        if isinstance(pattern, str):
            assert not isinstance(words, Msg)
            rules.append((re.compile(pattern), words))
            continue
        assert isinstance(words, Msg)
        said = {(pattern.template(lang), words.template(lang)) for lang in languages()}
        rules += [(re.compile(p), w) for p, w in sorted(said)]
    return tuple(rules)


def console_words(message: str) -> str:
    """``message`` with the command line's syntax said as the console's keys and fields."""
    for pattern, words in _compiled():
        message = pattern.sub(words, message)
    return message


def console_text(exc: RuleError, lang: str) -> str:
    """The refusal in the console's language and words, with its article."""
    return console_words(exc.text(lang))
