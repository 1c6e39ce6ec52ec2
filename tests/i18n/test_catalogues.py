"""The gettext catalogues: every message of the code translated in every language shipped,
placeholders kept, plural forms right, and the compiled catalogue the one the wheel ships."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import tdconsole
from tdconsole.i18n import DOMAIN, LOCALE_DIR, languages, ngettext

PACKAGE = Path(tdconsole.__file__).parent
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": None}
"""What marks a message (see docs/development.md, "Translating"): gettext's own names and the
console's ``tr("...")``."""

TRANSLATED = [lang for lang in languages() if lang != "en"]


@cache
def extracted() -> dict[tuple[str, str | None], str]:
    """Every message of the code: (msgid, context) -> where it is."""
    found: dict[tuple[str, str | None], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((msgid, context), f"{filename}:{lineno}")
    return found


def catalogue(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_italian_is_shipped() -> None:
    assert "it" in languages()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    messages = catalogue(lang)
    missing = [
        f"{where}: {msgid!r}"
        for (msgid, context), where in sorted(extracted().items(), key=lambda kv: kv[1])
        if (entry := messages.get(msgid, context)) is None
        or not all(entry.string if isinstance(entry.string, tuple) else (entry.string,))
    ]
    assert not missing, f"{len(missing)} messages without a translation:\n" + "\n".join(missing)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_fuzzy_and_no_obsolete_entry(lang: str) -> None:
    messages = catalogue(lang)
    fuzzy = [m.id for m in messages if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries: {fuzzy}"
    assert not messages.obsolete, f"obsolete entries: {list(messages.obsolete)}"
    used = set(extracted())
    unused = [
        m.id
        for m in messages
        if m.id and ((m.id[0] if isinstance(m.id, tuple) else m.id), m.context) not in used
    ]
    assert not unused, f"entries no code uses: {unused}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    wrong = []
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = set().union(*(fields(i) for i in ids)) | ({"n"} if len(ids) > 1 else set())
        for text in strings:
            try:
                extra = fields(text) - allowed
            except ValueError as exc:
                wrong.append(f"{ids[0]!r}: {exc}")
                continue
            if extra:
                wrong.append(f"{ids[0]!r}: {sorted(extra)} not in the English")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_compiled_catalogue_is_the_source_compiled(lang: str) -> None:
    """``pybabel compile`` was run after the last change to the ``.po`` (docs/development.md)."""
    source = catalogue(lang)
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
        shipped = read_mo(mo)

    def pairs(cat: Catalog) -> set[tuple[object, object, object]]:
        # A plural's ids and strings: tuples read from the .po, lists from the .mo.
        def plain(value: object) -> object:
            return tuple(value) if isinstance(value, list) else value

        return {(plain(m.id), plain(m.string), m.context) for m in cat if m.id and not m.fuzzy}

    assert pairs(shipped) == pairs(source)
    assert shipped.plural_forms == source.plural_forms


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("n", [0, 1, 2, 11])
def test_plural_forms_are_chosen_for_every_count(lang: str, n: int) -> None:
    """Every plural message gives a sentence with the count in it for 0, 1, 2 and 11."""
    for message in catalogue(lang):
        if isinstance(message.id, tuple):
            singular, plural = message.id
            # Its other placeholders filled with any value: the count is what is checked.
            others = (fields(singular) | fields(plural)) - {"n"}
            said = ngettext(singular, plural, n).format(**{name: "x" for name in others})
            if message.context is not None:
                said.context = message.context
            text = said.text(lang)
            assert text and "{" not in text, (message.id, n, text)


def test_italian_plurals_read_right() -> None:
    def seats(n: int) -> str:
        return ngettext("{n} seat free", "{n} seats free", n).text("it")

    assert [seats(n) for n in (0, 1, 2, 11)] == [
        "0 posti liberi",
        "1 posto libero",
        "2 posti liberi",
        "11 posti liberi",
    ]
