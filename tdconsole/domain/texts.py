"""Text that enters the log, and text that leaves it for a screen: one place for both.

A terminal obeys some characters instead of showing them: C0 and C1 controls (ESC starts a
sequence that can retitle the window or rewrite the screen, BEL rings, CR and LF start lines
that were never stored), bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder
what is shown, and zero-width characters (U+200B–U+200D, U+2060, U+FEFF) hide in a name.
These are the Unicode categories Cc, Cf, Zl, Zp (and lone surrogates, Cs).

**Input** (every command's text fields, through ``Command``'s validator; ``--as``): a *one-line*
field (a name, an event name, an article, a setting) holding any of them is refused with one
line; a *multi-line* field (a ruling's text, a reason, an override's reason: ``MULTILINE``)
keeps its line breaks (CR LF, CR, U+2028/U+2029 become LF), turns tabs into spaces and loses
the other controls. Every text is NFC-normalised and has a length limit (``limit_of``).
Refusals cite the Director's discretion (Art. VII.1): the regulation is silent on text.

**Output**: what an older file may still hold is escaped where it is read (``events.
event_from_json`` / ``event_from_data`` for every event read from a file or an import, and the
store's actor column): each such character becomes a visible ``\\u001b``, so no screen, report
or JSON document ever receives one. The command line's stdout and stderr escape whatever
else they print (``tdconsole.cli``); the console escapes file names and refusals it shows.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, Said, _, ngettext, pgettext

# Cc, Cf, Zl, Zp and Cs as of Unicode 14 (a test checks it against ``unicodedata``).
_RANGES = (
    (0x0000, 0x001F),
    (0x007F, 0x009F),
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x2028, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xD800, 0xDFFF),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
)


def _char_class(ranges: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"\\U{a:08x}" if a == b else f"\\U{a:08x}-\\U{b:08x}" for a, b in ranges)


UNSAFE = re.compile(f"[{_char_class(_RANGES)}]")
"""A character a terminal may obey instead of showing."""
_LINES_KEPT = re.compile(f"(?![\\n\\t])[{_char_class(_RANGES)}]")
"""The same, line feeds and tabs excepted (prose)."""

# The rest of Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties: Cf, which
# ``_RANGES`` holds, Variation_Selector and Other_Default_Ignorable_Code_Point), the
# blank Braille pattern and the musical null notehead: characters that show nothing, or
# nothing of their own, and so hide in a name ("Dire\u3164ttore" reads "Dire ttore" or
# "Direttore"). A test checks them.
_BLANK_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors and vowel separator
    (0x2065, 0x2065),
    (0x2800, 0x2800),  # Braille pattern blank
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # half-width Hangul filler
    (0x1D159, 0x1D159),  # musical symbol null notehead
    (0xE0000, 0xE0FFF),  # tags, variation selectors supplement, the rest reserved
)
BLANK = re.compile(f"[{_char_class(_BLANK_RANGES)}]")
"""A character that shows nothing in a one-line text (a name): refused as input."""

_SHOWS_NOTHING = frozenset({"\U0001d159"})  # musical symbol null notehead: drawn blank
"""Symbols that are drawn as nothing, beyond ``BLANK``'s (which are refused outright)."""


def shows_something(text: str) -> bool:
    """Whether ``text`` holds a character a reader sees: a letter, a digit, a mark of
    punctuation or a symbol (a space, a combining mark alone, a blank symbol show nothing)."""
    return any(
        unicodedata.category(ch)[0] in "LNPS" and ch not in _SHOWS_NOTHING and not BLANK.match(ch)
        for ch in text
    )


NAME_LIMIT = 60
"""A player's name, and who acts (``--as``)."""
LINE_LIMIT = 100
"""Any other one-line field: an event's name, an article, a card, a book's name."""
SETTING_LIMIT = 1000
"""A setting's value (a backup folder is a path)."""
MESSAGE_LIMIT = 200
"""The Director's message to the room: two lines on the TV."""
TEXT_LIMIT = 4000
"""A ruling's text, a reason: a few paragraphs."""

MULTILINE = frozenset({"text", "reason", "override"})
"""Fields that are prose: line breaks kept, other controls dropped."""
_LIMITS = {
    "name": LINE_LIMIT,
    "names": NAME_LIMIT,
    "players": NAME_LIMIT,
    "counts": NAME_LIMIT,
    "settings": SETTING_LIMIT,
    "assignments": SETTING_LIMIT,
    "message": MESSAGE_LIMIT,
}

_LABELS = {  # how a refusal names a command's field
    "name": pgettext("a command's field", "the name"),
    "names": pgettext("a command's field", "the name"),
    "players": pgettext("a command's field", "the player's name"),
    "counts": pgettext("a command's field", "the name"),
    "text": pgettext("a command's field", "the text"),
    "reason": pgettext("a command's field", "the reason"),
    "override": pgettext("a command's field", "the reason"),
    "settings": pgettext("a command's field", "the setting"),
    "assignments": pgettext("a command's field", "the setting"),
    "articles": pgettext("a command's field", "the article"),
    "actor": pgettext("a command's field", "who acts (--as)"),
    "message": pgettext("a command's field", "the message"),
}


def limit_of(field: str) -> int:
    """The longest text a command's field ``field`` accepts."""
    if field in MULTILINE:
        return TEXT_LIMIT
    return _LIMITS.get(field, LINE_LIMIT)


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def plain(text: str) -> bool:
    """True when ``text`` holds nothing a terminal would obey. ``str.isprintable`` (fast) is
    False for every such character, and for a few harmless ones (no-break spaces) that the
    pattern then lets through."""
    return text.isprintable() or UNSAFE.search(text) is None


def escape(text: str, *, keep_lines: bool = False) -> str:
    """``text`` with every character a terminal would obey written visibly (``\\u001b``).

    With ``keep_lines`` line feeds and tabs stay (prose shown on several lines).
    """
    if plain(text):  # the common case: nothing to do
        return text
    pattern = _LINES_KEPT if keep_lines else UNSAFE
    return pattern.sub(_escape_char, text)


def one_line(text: str) -> str:
    """Prose shown on one line (a log line, a table cell): line breaks become ' ⏎ '."""
    return " ⏎ ".join(part.strip() for part in escape(text, keep_lines=True).split("\n")).replace(
        "\t", " "
    )


def _label(field: str) -> Msg | str:
    """The field as a refusal names it (an unknown one by its name)."""
    return _LABELS.get(field, field)


def check_line(text: str, field: str, limit: int | None = None) -> str:
    """A one-line text as recorded: NFC; refused when it holds a control, bidi or zero-width
    character, one of Unicode's default-ignorable or blank ones (``BLANK``: a Hangul filler,
    a variation selector), or is longer than ``limit`` (the field's own by default)."""
    text = unicodedata.normalize("NFC", text)
    found = UNSAFE.search(text)
    if found is not None:
        code = f"U+{ord(found.group()):04X}"
        shown = escape(text)[:40]
        raise RuleError(
            _(
                "{field} '{text}' contains control characters or invisible ones ({code}): "
                "retype it on one line"
            ).format(field=_label(field), text=shown, code=code),
            "VII.1",
        )
    blank = BLANK.search(text)
    if blank is not None:
        raise RuleError(
            _(
                "{field} '{text}' contains a character that shows nothing ({code}): "
                "retype it with visible letters only"
            ).format(field=_label(field), text=text[:40], code=f"U+{ord(blank.group()):04X}"),
            "VII.1",
        )
    _check_length(text, field, limit)
    return text


def clean_text(text: str, field: str, limit: int | None = None) -> str:
    """Prose as recorded: NFC, line breaks as LF, tabs as spaces, other controls dropped;
    refused when longer than ``limit`` (the field's own by default)."""
    text = unicodedata.normalize("NFC", text)
    text = re.sub(r"\r\n?|[\u2028\u2029]", "\n", text).replace("\t", " ")
    text = _LINES_KEPT.sub("", text)
    _check_length(text, field, limit)
    return text


def _check_length(text: str, field: str, limit: int | None) -> None:
    limit = limit_of(field) if limit is None else limit
    if len(text) > limit:
        raise RuleError(
            ngettext(
                "{field} has {n} character, more than {limit}: shorten it",
                "{field} has {n} characters, more than {limit}: shorten it",
                len(text),
            ).format(field=_label(field), limit=limit),
            "VII.1",
        )


def check_input(data: Any, field: str) -> Any:
    """A command's field as given: every text in it (in lists, tuples, dict keys and values)
    checked or cleaned as its field's kind asks."""
    if isinstance(data, str):
        if field in MULTILINE:
            return clean_text(data, field)
        return check_line(data, field)
    if isinstance(data, list):
        return [check_input(item, field) for item in data]
    if isinstance(data, tuple):
        return tuple(check_input(item, field) for item in data)
    if isinstance(data, dict):
        return {check_input(k, field): check_input(v, field) for k, v in data.items()}
    return data


def escape_stored(data: Any, field: str) -> Any:
    """A stored field as read: every text in it escaped (``escape``), line breaks kept in
    prose. Identical for text recorded since input is checked, so names keep their keys."""
    if isinstance(data, str):
        return escape(data, keep_lines=field in MULTILINE)
    if isinstance(data, list):
        return [escape_stored(item, field) for item in data]
    if isinstance(data, dict):
        return {escape_stored(k, field): escape_stored(v, field) for k, v in data.items()}
    return data


def assignment(
    item: str, what: Said | str, *, at_first: bool = False, article: str | None = None
) -> tuple[str, str]:
    """``KEY=VALUE`` or ``NAME=N`` (``what``: the form) as its two parts, trimmed: split at
    the last ``=`` (a name may hold one), at the first with ``at_first`` (a setting's value
    may); one without its ``=``, its key or its value is refused in one line."""
    key, sep, value = item.partition("=") if at_first else item.rpartition("=")
    if not sep or not key.strip() or not value.strip():
        raise RuleError(
            _("{item!r} is not in the form {what}: write it as {what}").format(
                item=item, what=what
            ),
            article,
        )
    return key.strip(), value.strip()
