"""Commands for the rulebooks: ``rule`` (search) and ``rules list|import``.

Each handler prints to stdout and returns 0, or raises RuleError for refused or bad input.
Their language: the command's own ``--lang``, else the console's (``--lang``, else the current
event's language, else Italian); refusals follow it too (``rules_common``). JSON is the same in
both languages. The calculators (``calc …``) are in ``calc_cmds``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tdconsole.cli.common import event_path, given_event
from tdconsole.cli.opened import act
from tdconsole.cli.parsing import cli_name
from tdconsole.cli.rules_common import (
    book_lang,
    command_lang,
    emit_document,
    say_line,
    speaks_command_lang,
)
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.import_rulebook import ImportRulebook
from tdconsole.i18n import _, ngettext
from tdconsole.rules.books import (
    SILENT,
    SILENT_WORDS,
    check_book_name,
    imported,
    imported_books,
    shipped_books,
)
from tdconsole.rules.importer import import_file, parse_file
from tdconsole.rules.search import search, silent


def cmd_rule(args: argparse.Namespace) -> int:
    lang = command_lang(args)
    query = " ".join(args.query)
    results = search(query, book=args.book, lang=book_lang(lang), limit=args.limit)
    quiet = silent(query, results, args.book)
    if args.json:
        document: dict[str, Any] = {"query": query, "lang": book_lang(lang), "silent": quiet}
        document["results"] = [r.as_json() for r in results]
        if quiet:  # the articles that govern where the regulation is silent
            document["articles"] = list(SILENT)
        emit_document(document)
        return 0
    if quiet:
        say_line(lang, SILENT_WORDS.format(articles="–".join(SILENT)))
    elif not results:
        say_line(lang, _("No article found."))
        return 0
    another = ", " + _("another rulebook").text(lang)
    for r in results:
        other = another if r.other_book and args.book is None else ""  # among the event's
        print(f"Art. {r.number} [{r.book}{other}] — {r.title}")
        print(f"  {r.summary}")
        if r.text:
            say_line(lang, _("  Text: {text}").format(text=r.text))
        if r.related:
            links = []
            for link in r.related:
                ref = link.number if link.book == r.book else f"{link.book} {link.number}"
                links.append(ref if link.available else f"{ref} (n/d)")
            say_line(lang, _("  See also: {links}").format(links=", ".join(links)))
    return 0


def cmd_rules_list(args: argparse.Namespace) -> int:
    language = command_lang(args)
    lang = book_lang(language)
    imported = {b.name: b for b in imported_books()}
    rows: list[dict[str, Any]] = []
    for book in shipped_books():
        extra = imported.pop(book.book, None)
        rows.append(
            {
                "book": book.book,
                "title": book.title.get(lang),
                "description": book.description.get(lang),
                "articles": len(book.articles),
                "source": book.source,
                "shipped": True,
                "imported": extra is not None,
                "imported_source": extra.source if extra else None,
            }
        )
    for name, extra in imported.items():
        rows.append(
            {
                "book": name,
                "title": extra.source,
                "description": None,
                "articles": len(extra.articles),
                "source": extra.source,
                "shipped": False,
                "imported": True,
                "imported_source": extra.source,
            }
        )
    if args.json:
        emit_document({"books": rows})
        return 0
    for row in rows:
        flag = _("  [+ imported text]").text(language) if row["imported"] else ""
        print(f"{row['book']:<12} {row['articles']:>4} art.  {row['title']}{flag}")
    return 0


def _chosen_event(args: argparse.Namespace) -> Path | None:
    """The event a rulebook import is recorded in: ``--event``, ``$TDCONSOLE_EVENT`` or the
    last one used; None when none was ever chosen (or the last one used is gone)."""
    given = given_event(args)
    try:
        path = event_path(args)
    except RuleError:
        if given:
            raise  # the event given is refused (a file here meant?): said, never passed over
        return None
    return path if given or path.exists() else None


def _record_import(
    args: argparse.Namespace, name: str, source: str, count: int, replaced: bool
) -> Callable[[], object] | None:
    """What records the import in the event's log before the text takes its place: the
    Director's command (VII.1), refused to floor staff (``--as``) like any other. With no
    event chosen there is nobody to record it: a new book is imported as is, but replacing
    one's text is refused, since that must be recorded."""
    path = _chosen_event(args)
    if path is None:
        if replaced:
            raise RuleError(
                _(
                    "the book {name!r} was imported before: replacing its text "
                    "is the Director's and is recorded in the event's log; give "
                    "--event PATH"
                ).format(name=name),
                "VII.1",
            )
        return None

    def record() -> None:
        act(args, ImportRulebook(book=name, source=source, articles=count, replaced=replaced))

    return record


def cmd_rules_import(args: argparse.Namespace) -> int:
    name = check_book_name(args.name)
    path = Path(args.file)
    parsed = parse_file(path)
    shipped = next((b for b in shipped_books() if b.book == name), None)
    matched: list[str] = []
    unknown: list[str] = []
    if shipped is not None:
        numbers = {a.number for a in shipped.articles}
        matched = [n for n in parsed.numbers if n in numbers]
        unknown = [n for n in parsed.numbers if n not in numbers]
        if not matched:
            raise RuleError(
                _(
                    "none of the {numbers} article numbers in {name} is in the "
                    "shipped book {name2!r}; import it under another --name"
                ).format(numbers=len(parsed.numbers), name=path.name, name2=name),
            )
    replaced = imported(name) is not None
    record = _record_import(args, name, path.name, len(parsed.numbers), replaced)
    _book, _parsed, target = import_file(path, name, parsed, before_replace=record)
    document = {
        "book": name,
        "file": str(path),
        "stored": str(target),
        "articles": parsed.numbers,
        "warnings": parsed.warnings,
        "shipped": shipped is not None,
        "matched": len(matched),
        "not_in_book": unknown,
        "replaced": replaced,
        "recorded": record is not None,
    }
    if args.json:
        emit_document(document)
        return 0
    lang = command_lang(args)
    count = len(parsed.numbers)
    say_line(
        lang,
        ngettext(
            "Imported {n} article from {file} as book '{name}' (stored in {target}).",
            "Imported {n} articles from {file} as book '{name}' (stored in {target}).",
            count,
        ).format(file=path.name, name=name, target=target),
    )
    if shipped is not None:
        say_line(
            lang,
            ngettext(
                "Verbatim text attached to {matched} of {n} article of '{name}'.",
                "Verbatim text attached to {matched} of {n} articles of '{name}'.",
                len(shipped.articles),
            ).format(matched=len(matched), name=name),
        )
        if unknown:
            say_line(
                lang, _("Not in the shipped book: {numbers}").format(numbers=", ".join(unknown))
            )
    for warning in parsed.warnings_in(book_lang(lang)):
        print(f"warning: {warning}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``rule`` and ``rules`` to the command line."""
    fmt = argparse.RawDescriptionHelpFormatter

    p = subparsers.add_parser(
        "rule",
        help=_("search the regulations by article number or words"),
        description=_(
            "Search the rulebooks in Italian or English, by number (III.3, 7.7, "
            "'Art. 4.2', 6.8-b, irr.3-A) or by words (side pot, piatto, dote, misdeal, bottone). "
            "Best match first."
        ),
        formatter_class=fmt,
    )
    p.add_argument(
        "query", nargs="+", metavar=_("WORDS"), help=_("an article number or some words")
    )
    p.add_argument("--book", metavar=_("NAME"), help=_("only this book (see `rules list`)"))
    p.add_argument(
        "--lang",
        dest="rule_lang",
        choices=("it", "en"),
        help=_("language of titles and summaries (default: the console's, else it)"),
    )
    p.add_argument(
        "--limit", type=int, metavar="N", default=5, help=_("how many results (default 5)")
    )
    p.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    p.set_defaults(func=speaks_command_lang(cmd_rule))

    rules = subparsers.add_parser(
        cli_name("ImportRulebook"),
        help=_("the rulebooks: list them, import a text"),
        description=_("List the rulebooks or import a regulation text."),
    )
    rules_sub = rules.add_subparsers(
        dest="rules_command", metavar=f"{{list,{cli_name('ImportRulebook', 1)}}}"
    )
    lst = rules_sub.add_parser("list", help=_("the rulebooks shipped and imported"))
    lst.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    lst.add_argument("--lang", dest="rule_lang", choices=("it", "en"), help=_("language"))
    lst.set_defaults(func=speaks_command_lang(cmd_rules_list))
    rules.set_defaults(func=speaks_command_lang(cmd_rules_list), json=False, rule_lang=None)


import_rulebook = speaks_command_lang(cmd_rules_import)
"""``rules import FILE --name NAME``: its parser is built from its fields
(``domain.slices.import_rulebook``), its refusals said in the command's language."""
