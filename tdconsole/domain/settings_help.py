"""What each setting is called and means, in both languages, read from ``config/ordine.toml``.

The shipped settings file is the one place where a setting is explained: after a section,
``# Title, articles | it: Titolo, articoli``; after a setting, ``# Article | Label | meaning``
and, on the next line, ``# it: Etichetta | significato``. The settings screen and the refusals
of ``set`` take their words from here, so the explanation a Director reads in the file and the
one on the screen are the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tdconsole.i18n import _, pgettext

_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=")
_SECTION = re.compile(r"^\[([A-Za-z_][A-Za-z0-9_]*)\]")
_DECISION = re.compile(r"Decision \((.+)\)")
SUBJECTS = {"colour-up": pgettext("a decision's subject", "colour-up")}
"""A Decision named by its subject rather than an article, said in the reader's language."""


@dataclass(frozen=True)
class FieldHelp:
    """One setting: its short key (as ``set`` takes it), its article and its words."""

    key: str
    section: str
    article: str
    """``Art. I.1``, ``Decision (IV.4)``, ``Decision`` (no article), or empty."""
    label: dict[str, str] = field(default_factory=dict)
    meaning: dict[str, str] = field(default_factory=dict)

    def cited(self, lang: str) -> str:
        """The article in ``lang``: "Art. I.1", "Decisione (IV.4)"."""
        decision = _DECISION.fullmatch(self.article)
        if decision:
            subject = SUBJECTS.get(decision.group(1))
            article = subject.text(lang) if subject else decision.group(1)
            return _("Decision ({article})").format(article=article).text(lang)
        if self.article.startswith("Art. "):
            return _("Art. {articles}").format(articles=self.article[5:]).text(lang)
        if self.article == "Decision":  # a Decision of rules.md that no article governs
            return _("Decision").text(lang)
        return self.article

    def words(self, lang: str) -> tuple[str, str]:
        """(label, meaning) in ``lang``, English where the file has no translation."""
        label = self.label.get(lang) or self.label.get("en") or self.key
        meaning = self.meaning.get(lang) or self.meaning.get("en", "")
        return label, meaning


@dataclass(frozen=True)
class SectionHelp:
    """A group of settings (the file's ``[section]``; ``""`` for the event's own)."""

    name: str
    title: dict[str, str]
    fields: list[FieldHelp]


def _comment(line: str) -> str | None:
    """The comment of a TOML line (text after a ``#`` outside quotes), or None."""
    quote = ""
    escaped = False
    for i, ch in enumerate(line):
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[i + 1 :].strip()
    return None


def _article(raw: str) -> str:
    raw = raw.strip()
    if raw in ("", "—", "-"):
        return ""
    if raw.startswith(("Art.", "Decision")):
        return raw
    return f"Art. {raw}"


def parse_help(text: str) -> list[SectionHelp]:
    """The sections and settings of a settings file written in the shape above."""
    sections = [SectionHelp("", {"en": "Event", "it": "Evento"}, [])]
    last: FieldHelp | None = None
    for line in text.splitlines():
        stripped = line.strip()
        comment = _comment(line)
        section = _SECTION.match(stripped)
        if section:
            title: dict[str, str] = {}
            if comment:
                english, _, italian = comment.partition("|")
                title["en"] = english.strip()
                if italian.strip().startswith("it:"):
                    title["it"] = italian.strip()[3:].strip()
            sections.append(SectionHelp(section.group(1), title, []))
            last = None
            continue
        key = _KEY.match(stripped)
        if key and comment is not None:
            parts = [part.strip() for part in comment.split("|", 2)]
            if len(parts) == 3:
                last = FieldHelp(
                    key=key.group(1),
                    section=sections[-1].name,
                    article=_article(parts[0]),
                    label={"en": parts[1]},
                    meaning={"en": parts[2]},
                )
                sections[-1].fields.append(last)
                continue
        if stripped.startswith("#") and last is not None and comment and comment.startswith("it:"):
            label, _, meaning = comment[3:].partition("|")
            last.label["it"] = label.strip()
            last.meaning["it"] = meaning.strip()
            continue
        if stripped:
            last = None
    return [s for s in sections if s.fields]


def config_dir() -> Path:
    """The shipped configuration folder (installed wheel or source checkout)."""
    installed = Path(__file__).resolve().parent.parent / "_config"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent.parent / "config"


def default_settings_path() -> Path:
    return config_dir() / "ordine.toml"


@cache
def shipped_help() -> tuple[SectionHelp, ...]:
    """The help of the shipped ``ordine.toml`` (read once)."""
    path: Path = default_settings_path()
    return tuple(parse_help(path.read_text(encoding="utf-8")))


def field_help(key: str) -> FieldHelp | None:
    for section in shipped_help():
        for item in section.fields:
            if item.key == key:
                return item
    return None


def label(key: str, lang: str) -> str:
    """A setting's name in ``lang`` (the key itself if the file does not explain it)."""
    found = field_help(key)
    return found.words(lang)[0] if found else key
