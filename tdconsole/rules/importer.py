"""Parse a regulation text into articles (number, title if any, verbatim text).

The formats understood are those of the regulations the console ships summaries for:

* dotted numbers, Roman title + number (``I.1.``, ``VI.4-A.``) or game-rule numbers (``1.1.``,
  ``3.1 -``, ``6.8-A.``), at the start of a line or right after the end of a sentence, so two
  articles on one line (``… finalisti.III.5. Il big blind …``) are kept apart, while a reference
  inside a sentence (``al Titolo V.1. Sia …``) is not taken for an article;
* ``Art. VII - Title TEXT…`` headings, Roman, possibly several on one line; the title is the
  first capitalised word and the lowercase words after it;
* ``Art. N — Title`` headings on a line of their own followed by ``1.``, ``2.`` paragraphs,
  which become articles ``N.1``, ``N.2`` (index lines starting with a bullet are ignored);
* a block of bare-numbered paragraphs (``1.``, ``3-A.``) with no heading after dotted articles:
  its numbers get the prefix ``irr.`` (``irr.3-A``) so they never collide with ``3.1`` & co.

Numbers are kept as the source writes them: nothing is renumbered, filled in or merged.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tdconsole.domain.errors import RuleError
from tdconsole.domain.texts import clean_text
from tdconsole.i18n import SOURCE, Msg, _
from tdconsole.rules.books import (
    ImportedArticle,
    ImportedBook,
    check_book_name,
    imported_dir,
)
from tdconsole.store.faults import own_words
from tdconsole.store.reading import read_input
from tdconsole.store.system import make_folder

IRREGULARITIES_PREFIX = "irr."

_ROMAN = r"[IVXLCDM]+"
_ART_ROMAN = re.compile(rf"\bArt\.\s*({_ROMAN})\s*[-—–]\s+")
_ART_ARABIC = re.compile(r"(?m)^[ \t]*Art\.\s*(\d+)\s*[-—–]\s*(.+?)\s*$")
_DOTTED = re.compile(rf"(?<![0-9A-Za-z])((?:{_ROMAN}|\d+)\.\d+(?:-[A-Z])?)(?:\.|[ \t]+-)(?=\s|$)")
_BARE = re.compile(r"(?m)^[ \t]*(\d+(?:-[A-Z])?)\.(?=\s)")
_SENTENCE_END = ".!?:;"


@dataclass(frozen=True)
class ParsedArticle:
    number: str
    title: str | None
    text: str


@dataclass
class ParseResult:
    articles: list[ParsedArticle] = field(default_factory=list)
    notes: list[Msg] = field(default_factory=list)
    """What the parser warns about, said in the reader's language."""

    def warn(self, note: Msg) -> None:
        self.notes.append(note)

    @property
    def warnings(self) -> list[str]:
        """The warnings in English."""
        return self.warnings_in(SOURCE)

    def warnings_in(self, lang: str) -> list[str]:
        """The warnings in ``lang``."""
        return [note.text(lang) for note in self.notes]

    @property
    def numbers(self) -> list[str]:
        return [a.number for a in self.articles]


@dataclass(frozen=True)
class _Marker:
    start: int  # where the marker begins
    end: int  # where the article's own text begins
    kind: str  # "roman-art" | "arabic-art" | "dotted" | "bare"
    number: str
    title: str | None = None


def _line_prefix(text: str, pos: int) -> str:
    line_start = text.rfind("\n", 0, pos) + 1
    return text[line_start:pos].strip()


def _roman_title(text: str, pos: int) -> tuple[str, int]:
    """The title after ``Art. VII - ``: a capitalised word and the lowercase words after it."""
    words = list(re.finditer(r"\S+", text[pos:]))
    if not words:
        return "", pos
    taken = [words[0]]
    for word in words[1:]:
        w = word.group()
        if not w[0].isalpha() or not w[0].islower():
            break
        taken.append(word)
    title = " ".join(w.group() for w in taken).rstrip(".:")
    return title, pos + taken[-1].end()


def _markers(text: str) -> list[_Marker]:
    found: list[_Marker] = []
    for m in _ART_ROMAN.finditer(text):
        if _line_prefix(text, m.start())[:1] in ("•", "*", "·"):
            continue
        title, end = _roman_title(text, m.end())
        found.append(_Marker(m.start(), end, "roman-art", m.group(1), title or None))
    for m in _ART_ARABIC.finditer(text):
        found.append(_Marker(m.start(), m.end(), "arabic-art", m.group(1), m.group(2)))
    for m in _DOTTED.finditer(text):
        prefix = _line_prefix(text, m.start())
        if prefix and prefix[-1] not in _SENTENCE_END:
            continue
        found.append(_Marker(m.start(), m.end(), "dotted", m.group(1)))
    for m in _BARE.finditer(text):
        found.append(_Marker(m.start(), m.end(), "bare", m.group(1)))
    found.sort(key=lambda mk: mk.start)
    # a marker that starts inside another (e.g. a bare "3." inside "3.1 -") is dropped
    kept: list[_Marker] = []
    for mk in found:
        if kept and mk.start < kept[-1].end:
            continue
        kept.append(mk)
    return kept


def _clean(chunk: str) -> str:
    lines = [ln.rstrip() for ln in chunk.strip().splitlines()]
    text = "\n".join(lines).strip()
    return text.rstrip("|").rstrip()


def parse_regulation(text: str) -> ParseResult:
    """Split ``text`` into articles. Text before the first article (a preamble) is skipped.

    Control, bidi and zero-width characters are dropped and line breaks kept (``texts``)."""
    text = clean_text(text, "text", limit=len(text))
    markers = _markers(text)
    result = ParseResult()
    seen: set[str] = set()
    heading: _Marker | None = None  # the current "Art. N —" heading, if its paragraphs follow
    heading_used = False
    seen_dotted = False

    def add(number: str, title: str | None, body: str) -> None:
        if number in seen:
            result.warn(
                _("article {number} appears twice; the first one is kept").format(number=number)
            )
            return
        seen.add(number)
        result.articles.append(ParsedArticle(number, title, _clean(body)))

    def close_heading(until: int) -> None:
        nonlocal heading, heading_used
        if heading is not None and not heading_used:
            add(heading.number, heading.title, text[heading.end : until])
        heading, heading_used = None, False

    for i, mk in enumerate(markers):
        nxt = markers[i + 1].start if i + 1 < len(markers) else len(text)
        body = text[mk.end : nxt]
        if mk.kind in ("roman-art", "arabic-art"):
            close_heading(mk.start)
            if mk.kind == "roman-art":
                add(mk.number, mk.title, body)
            else:
                heading, heading_used = mk, False
                if body.strip():  # text right under the heading, before paragraph 1
                    result.warn(
                        _(
                            "text under the heading of Art. {number} before its first "
                            "paragraph is not kept"
                        ).format(number=mk.number)
                    )
        elif mk.kind == "dotted":
            close_heading(mk.start)
            seen_dotted = True
            add(mk.number, None, body)
        elif heading is not None:
            heading_used = True
            add(f"{heading.number}.{mk.number}", heading.title, body)
        else:
            prefix = IRREGULARITIES_PREFIX if seen_dotted else ""
            add(prefix + mk.number, None, body)
    close_heading(len(text))
    if not result.articles:
        raise RuleError(
            _(
                "no numbered articles found in the text; number them like "
                "'I.1.', '1.1.', 'Art. VII - Title' or 'Art. 4 — Title' "
                "followed by '1.' paragraphs"
            ),
        )
    return result


MAX_REGULATION = 16 * 1024 * 1024
"""A regulation is text: a few hundred kilobytes; 16 MiB is more than any."""


def parse_file(path: Path) -> ParseResult:
    try:
        raw = read_input(path, MAX_REGULATION, _("a regulation's text"))
    except OSError as exc:
        raise RuleError(
            _("cannot read {path}: {strerror}; check the file name").format(
                path=path, strerror=own_words(exc)
            ),
        ) from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    return parse_regulation(text)


def import_file(
    path: Path,
    name: str,
    parsed: ParseResult | None = None,
    before_replace: Callable[[], object] | None = None,
) -> tuple[ImportedBook, ParseResult, Path]:
    """Parse ``path`` (unless ``parsed`` is given) and store it as the imported book ``name``.

    ``before_replace`` runs once the new text is written beside the old one and before it
    takes its place (recording the import in the event's log): if it raises, nothing changes.
    """
    check_book_name(name)
    if parsed is None:
        parsed = parse_file(path)
    book = ImportedBook(
        name=name,
        source=path.name,
        imported_at=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        articles=tuple(
            ImportedArticle(number=a.number, title=a.title, text=a.text) for a in parsed.articles
        ),
    )
    directory = imported_dir()
    make_folder(directory)
    target = directory / f"{name}.json"
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(book.model_dump_json(indent=1), encoding="utf-8")
    try:
        if before_replace is not None:
            before_replace()
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(target)
    return book, parsed, target
