"""Commands for rulings: ``rule`` (search), ``rules list|import`` and ``calc …`` (calculators).

Each handler prints to stdout and returns 0, or raises RuleError for refused or bad input.
Their language: the command's own ``--lang``, else the console's (``--lang``, else the current
event's language, else Italian); refusals follow it too. JSON is the same in both languages.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import lang as console_lang
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import Msg, _, ngettext, pgettext

if TYPE_CHECKING:
    from tdconsole.domain.settings import RulingSettings
    from tdconsole.rules.books import Lang


def _lang(args: argparse.Namespace) -> str:
    """The command's language; its own ``--lang`` is also the language of its refusals."""
    own = getattr(args, "rule_lang", None)
    if own:
        if getattr(args, "lang", None) is None:
            args.lang = own
        return str(own)
    from tdconsole.cli.data_cmds import follow_event_language

    follow_event_language(args)
    return console_lang(args)


def _book_lang(lang: str) -> Lang:
    """The rulebooks' language for the console's: they are written in Italian and English."""
    return "en" if lang == "en" else "it"


def _speaking(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A handler whose refusals are said in the command's language (the event's is looked up
    only when there is something to say)."""

    @functools.wraps(func)
    def run(args: argparse.Namespace) -> int:
        try:
            return func(args)
        except RuleError:
            _lang(args)
            raise

    return run


def _say(lang: str, message: Msg) -> None:
    print(message.text(lang))


def _emit(document: Any) -> None:
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _arts(articles: Any) -> str:
    return ", ".join(f"Art. {a}" for a in articles)


def _ints(values: list[str] | None, what: str) -> list[int]:
    out: list[int] = []
    for chunk in values or []:
        for part in re.split(r"[,\s]+", chunk.strip()):
            if not part:
                continue
            if not part.isdigit():
                raise RuleError(
                    _("{what}: {part!r} is not a seat number; use e.g. 1,2,5").format(
                        what=what, part=part
                    ),
                )
            out.append(int(part))
    return out


# ------------------------------------------------------------------------------ rule / rules


def cmd_rule(args: argparse.Namespace) -> int:
    from tdconsole.rules.search import search

    lang = _lang(args)
    query = " ".join(args.query)
    results = search(query, book=args.book, lang=_book_lang(lang), limit=args.limit)
    if args.json:
        _emit({"query": query, "lang": _book_lang(lang), "results": [r.as_json() for r in results]})
        return 0
    if not results:
        _say(lang, _("No article found."))
        return 0
    for r in results:
        print(f"Art. {r.number} [{r.book}] — {r.title}")
        print(f"  {r.summary}")
        if r.text:
            _say(lang, _("  Text: {text}").format(text=r.text))
        if r.related:
            links = []
            for link in r.related:
                ref = link.number if link.book == r.book else f"{link.book} {link.number}"
                links.append(ref if link.available else f"{ref} (n/d)")
            _say(lang, _("  See also: {links}").format(links=", ".join(links)))
    return 0


def cmd_rules_list(args: argparse.Namespace) -> int:
    from tdconsole.rules.books import imported_books, shipped_books

    language = _lang(args)
    lang = _book_lang(language)
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
        _emit({"books": rows})
        return 0
    for row in rows:
        flag = _("  [+ imported text]").text(language) if row["imported"] else ""
        print(f"{row['book']:<12} {row['articles']:>4} art.  {row['title']}{flag}")
    return 0


def _chosen_event(args: argparse.Namespace) -> Path | None:
    """The event a rulebook import is recorded in: ``--event``, ``$TDCONSOLE_EVENT`` or the
    last one used; None when none was ever chosen (or the last one used is gone)."""
    import os

    from tdconsole.cli.common import event_path

    try:
        path = event_path(args)
    except RuleError:
        return None
    given = getattr(args, "event", None) or os.environ.get("TDCONSOLE_EVENT")
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
        from tdconsole.cli.common import act
        from tdconsole.domain.rulings import ImportRulebook

        act(args, ImportRulebook(book=name, source=source, articles=count, replaced=replaced))

    return record


def cmd_rules_import(args: argparse.Namespace) -> int:
    from tdconsole.rules.books import check_book_name, imported, shipped_books
    from tdconsole.rules.importer import import_file, parse_file

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
        _emit(document)
        return 0
    lang = _lang(args)
    count = len(parsed.numbers)
    _say(
        lang,
        ngettext(
            "Imported {n} article from {file} as book '{name}' (stored in {target}).",
            "Imported {n} articles from {file} as book '{name}' (stored in {target}).",
            count,
        ).format(file=path.name, name=name, target=target),
    )
    if shipped is not None:
        _say(
            lang,
            ngettext(
                "Verbatim text attached to {matched} of {n} article of '{name}'.",
                "Verbatim text attached to {matched} of {n} articles of '{name}'.",
                len(shipped.articles),
            ).format(matched=len(matched), name=name),
        )
        if unknown:
            _say(lang, _("Not in the shipped book: {numbers}").format(numbers=", ".join(unknown)))
    for warning in parsed.warnings_in(_book_lang(lang)):
        print(f"warning: {warning}")
    return 0


# ------------------------------------------------------------------------------ calc

_PLAYER = re.compile(r"^(?:(\d+):)?([^=:]+)=(\d+)$")


def cmd_calc_sidepots(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import Contribution, as_json, side_pots

    folded = set(args.folded or [])
    contributions = []
    for i, item in enumerate(args.players, start=1):
        m = _PLAYER.match(item.strip())
        if not m:
            raise RuleError(
                _("bad player {item!r}: write [SEAT:]NAME=CHIPS, e.g. 3:Ada=1500").format(
                    item=item
                ),
            )
        seat = int(m.group(1)) if m.group(1) else i
        contributions.append(Contribution(m.group(2), seat, int(m.group(3)), m.group(2) in folded))
    unknown = folded - {c.player for c in contributions}
    if unknown:
        raise RuleError(
            _("--folded names unknown player(s): {unknown}").format(
                unknown=", ".join(sorted(unknown))
            ),
        )
    ranking = [[p for p in group.split("=") if p] for group in (args.ranking or [])]
    button = args.button if args.button is not None else contributions[-1].seat
    result = side_pots(contributions, ranking, button=button, chip_unit=args.unit)
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    _say(lang, _("Pots, in the order they are awarded (last side pot first, Art. 7.8):"))
    among = pgettext("pot", "among").text(lang)
    returned = pgettext("pot", "returned to").text(lang)
    labels = [pot.label(_book_lang(lang)) for pot in result.pots]
    width = max((len(label) for label in labels), default=0)
    for pot, label in zip(result.pots, labels, strict=True):
        shares = ", ".join(f"{s.player} {s.amount}" for s in pot.shares)
        who = returned if pot.name == "uncalled" else "→"
        print(
            f"  {label:<{width}} {pot.amount:>8}  {among} {', '.join(pot.eligible)}  {who} {shares}"
        )
    totals = ", ".join(f"{p} {w}" for p, w in result.won.items())
    _say(lang, _("Totals: {totals}").format(totals=totals))
    print(_arts(result.articles))
    return 0


def cmd_calc_chips(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import as_json, chips_pushed

    min_raise = args.min_raise if args.min_raise is not None else args.bb
    if min_raise is None:
        raise RuleError(
            _("give --bb (the big blind) or --min-raise"),
            "7.3",
        )
    result = chips_pushed(
        args.to_call,
        args.pushed,
        min_raise,
        single_chip=args.single_chip,
        declared_raise=args.declared_raise,
        stack=args.stack,
    )
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    letter = f" (6.8-{result.letter})" if result.letter else ""
    book = _book_lang(lang)
    print(f"{result.action_text(book).upper()}{letter}: {result.explain(book)}")
    if result.complete_to is not None:
        _say(lang, _("  complete to {amount}").format(amount=result.complete_to))
    if result.returned:
        _say(lang, _("  {amount} back to the player").format(amount=result.returned))
    print(_arts(result.articles))
    return 0


def cmd_calc_raise(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import as_json, minimum_raise

    bet = args.bet if args.bet is not None else args.bb
    result = minimum_raise(
        args.bb, bet, args.raised, args.to, all_in=args.all_in, chip_unit=args.unit
    )
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    explained = result.explain(_book_lang(lang))
    explained = f"{explained[:1].upper()}{explained[1:]}."
    _say(
        lang,
        _("Minimum: to {amount}. {explained}").format(
            amount=result.minimum_to, explained=explained
        ),
    )
    if result.valid is not None:
        if result.valid:
            _say(lang, _("  valid"))
        else:
            _say(lang, _("  not valid: complete to {amount}").format(amount=result.complete_to))
    print(_arts(result.articles))
    return 0


def cmd_calc_button(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import as_json, button_plan

    seats = _ints(args.seats, "--seats")
    out = _ints(args.out, "--out")
    sb: int | None = -1
    if args.sb is not None:
        sb = None if args.sb.lower() in ("none", "no", "-") else _ints([args.sb], "--sb")[0]
    result = button_plan(seats, args.button, out, args.hands, small_blind=sb, big_blind=args.bb)
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    players = ", ".join(map(str, result.players))
    _say(lang, _("Players in: seats {players}").format(players=players))
    for h in result.hands:
        sb_text = str(h.small_blind) if h.small_blind is not None else "—"
        tail = f"  — {h.explain(_book_lang(lang))} ({_arts(h.articles)})"
        dead = _(" (empty seat)").text(lang) if h.dead_button else ""
        line = _("  hand {hand}: button {button}{dead}, SB {sb}, BB {bb}").format(
            hand=h.hand, button=h.button, dead=dead, sb=sb_text, bb=h.big_blind
        )
        print(f"{line.text(lang)}{tail}")
    return 0


def cmd_calc_showdown(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import as_json, showdown

    hands: dict[str, str] = {}
    for item in args.hands:
        name, sep, cards = item.partition("=")
        if not sep or not name.strip() or not cards.strip():
            raise RuleError(
                _("bad hand {item!r}: write NAME=CARDS, e.g. Ada=AsKd").format(item=item),
            )
        if name.strip() in hands:
            raise RuleError(
                _("{strip} is given twice").format(strip=name.strip()),
            )
        hands[name.strip()] = cards
    rulings = _rulings_settings(args)
    result = showdown(
        hands,
        args.board or "",
        mode=args.mode,
        players_at_table=args.players,
        split_straight_flushes=args.split_straight_flushes,
        flush=args.flush or rulings.italiana_flush,
        ace_straight=args.ace_straight or rulings.italiana_ace_straight,
    )
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    for h in result.hands:
        label = h.name(lang)
        print(f"  {h.place}. {h.player:<12} {label:<28} {' '.join(h.cards)}")
    may_split = result.split_possible and not result.split
    winners = _(" and ").text(lang).join(result.winners)
    outcome = (
        ngettext("{winners} splits", "{winners} split", len(result.winners))
        if result.split
        else _("{winners} wins")
    )
    agree = _(" (Art. 9.2: two straight flushes: the players may agree to split)")
    _say(
        lang,
        _("{outcome}{agree}").format(
            outcome=outcome.format(winners=winners), agree=agree if may_split else ""
        ),
    )
    for reading in result.readings:
        said = reading.explain(lang)
        _say(
            lang,
            _("  reading {choice} (Art. {article}, {setting}): {explanation}").format(
                choice=reading.choice,
                article=reading.article,
                setting=reading.setting,
                explanation=said,
            ),
        )
    book = "" if result.book == "ordine" else f" [{result.book}]"
    print(_arts(result.articles) + book)
    return 0


def _rulings_settings(args: argparse.Namespace) -> RulingSettings:
    """The readings in force: the event's settings when there is one, else the shipped file."""
    from tdconsole.domain.settings import load_settings

    try:
        from tdconsole.cli.common import event_path
        from tdconsole.service import Tournament

        service = Tournament.open(event_path(args))
    except Exception:  # no event, or one that cannot be read: the shipped Decisions
        return load_settings().rulings
    try:
        return service.state.settings.rulings
    finally:
        service.close()


def cmd_calc_clock(args: argparse.Namespace) -> int:
    from tdconsole.rules.calculators import as_json, clock_call

    result = clock_call(args.granted, 0.0, args.elapsed)
    if args.json:
        _emit(as_json(result))
        return 0
    lang = _lang(args)
    left = f"{result.seconds_left:.0f}"
    if result.phase == "thinking":
        _say(
            lang,
            _("Thinking: {left} s left before the 10-second countdown").format(left=left),
        )
    elif result.phase == "countdown":
        _say(lang, _("Countdown: {left} s — said aloud by the Director").format(left=left))
    else:
        _say(lang, _("Time is up: the hand is folded"))
    print(_arts(result.articles))
    return 0


def _help(parser: argparse.ArgumentParser) -> Any:
    def show(args: argparse.Namespace) -> int:
        del args
        parser.print_help()
        return 0

    return show


def register(subparsers: Any) -> None:
    """Add ``rule``, ``rules`` and ``calc`` to the command line."""
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
    p.set_defaults(func=_speaking(cmd_rule))

    rules = subparsers.add_parser(
        "rules",
        help=_("the rulebooks: list them, import a text"),
        description=_("List the rulebooks or import a regulation text."),
    )
    rules_sub = rules.add_subparsers(dest="rules_command", metavar="{list,import}")
    lst = rules_sub.add_parser("list", help=_("the rulebooks shipped and imported"))
    lst.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    lst.add_argument("--lang", dest="rule_lang", choices=("it", "en"), help=_("language"))
    lst.set_defaults(func=_speaking(cmd_rules_list))
    rules.set_defaults(func=_speaking(cmd_rules_list), json=False, rule_lang=None)
    imp = rules_sub.add_parser(
        "import",
        help=_("import a regulation text (its verbatim articles)"),
        description=_(
            "Parse a regulation text (formats: 'I.1.', '1.1.', '3.1 -', '6.8-A.', "
            "'Art. VII - Title', 'Art. 4 — Title' + '1.' paragraphs) and store its articles. With "
            "the name of a shipped book (ordine, italiana-2, italiana-3, santelia) its verbatim "
            "text is shown next to that book's summaries; with a new name it becomes a searchable "
            "book of its own."
        ),
        formatter_class=fmt,
    )
    imp.add_argument("file", metavar=_("FILE"), help=_("the text file (UTF-8)"))
    imp.add_argument(
        "--name",
        required=True,
        metavar=_("NAME"),
        help=_("book name: lowercase letters, digits, '-'"),
    )
    imp.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    imp.set_defaults(func=_speaking(cmd_rules_import))

    calc = subparsers.add_parser(
        "calc",
        help=_("calculators for disputes at the table"),
        description=_(
            "Calculators for rulings; each result cites its articles. See `calc KIND --help`."
        ),
    )
    calc_sub = calc.add_subparsers(
        dest="calc_command", metavar="{sidepots,chips,raise,button,showdown,clock}"
    )
    calc.set_defaults(func=_help(calc))

    sp = calc_sub.add_parser(
        "sidepots",
        help=_("main and side pots, and who wins them (Art. 7.7-7.8)"),
        formatter_class=fmt,
        description=_(
            "Split the pot from each player's total contribution in the hand.\n"
            "Pots are listed in the order they are awarded: the last side pot first (Art. 7.8).\n"
            "Ties split the pot; odd chips go one each from the first winner clockwise from the\n"
            "button (Art. 1.3).\n\n"
            "example:\n  tdconsole calc sidepots 1:Ada=100 2:Bea=300 3:Cid=500 4:Dan=500 \\\n"
            "      --ranking Ada Bea Cid Dan --button 4\n"
            "  tdconsole calc sidepots 2:Ada=600 5:Bea=600 7:Cid=200 --folded Cid \\\n"
            "      --ranking Ada=Bea --button 7 --unit 25"
        ),
    )
    sp.add_argument(
        "players",
        nargs="+",
        metavar=_("[SEAT:]NAME=CHIPS"),
        help=_(
            "each player's total chips put in the pot this hand (seat optional: "
            "default 1, 2, 3… in the order given)"
        ),
    )
    sp.add_argument(
        "--ranking",
        nargs="+",
        metavar=_("GROUP"),
        help=_(
            "the players still in, best hand first; tied players joined by '=' "
            "(e.g. Ada Bea=Cid Dan)"
        ),
    )
    sp.add_argument("--folded", nargs="+", metavar=_("NAME"), help=_("players who folded"))
    sp.add_argument(
        "--button",
        type=int,
        metavar=_("SEAT"),
        help=_("the button's seat, for odd chips (default: the last player's seat)"),
    )
    sp.add_argument(
        "--unit",
        type=int,
        default=25,
        metavar="N",
        help=_("the smallest chip, for splitting (default 25)"),
    )
    sp.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    sp.set_defaults(func=_speaking(cmd_calc_sidepots))

    ch = calc_sub.add_parser(
        "chips",
        help=_("chips put in without a word: call, raise or completion (Art. 5.5, 6.8)"),
        formatter_class=fmt,
        description=_(
            "What chips pushed into the pot without a declaration amount to.\n"
            "6.8-A exact action; 6.8-B less than the bet: a call to complete; 6.8-C over the bet\n"
            "by no more than half the minimum raise: a call; 6.8-D by more than half: a raise to\n"
            "complete. 5.5: one oversized chip without 'raise' is a call.\n\n"
            "example:\n  tdconsole calc chips --to-call 400 --pushed 525 --bb 200\n"
            "  tdconsole calc chips --to-call 400 --pushed 1000 --bb 200 --single-chip"
        ),
    )
    ch.add_argument(
        "--to-call",
        metavar="N",
        type=int,
        required=True,
        help=_("chips the player must add to call (0: no bet open)"),
    )
    ch.add_argument("--pushed", type=int, metavar="N", required=True, help=_("chips he put in"))
    ch.add_argument(
        "--bb", type=int, metavar="N", help=_("the big blind (the minimum raise of Art. 7.3)")
    )
    ch.add_argument(
        "--min-raise", type=int, metavar="N", help=_("the minimum raise, if not the big blind")
    )
    ch.add_argument("--single-chip", action="store_true", help=_("one chip only (Art. 5.5)"))
    ch.add_argument(
        "--declared-raise",
        action="store_true",
        help=_("he said 'raise' without an amount (Art. 5.5)"),
    )
    ch.add_argument(
        "--stack", type=int, metavar="N", help=_("his chips before pushing (to spot an all-in)")
    )
    ch.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    ch.set_defaults(func=_speaking(cmd_calc_chips))

    rs = calc_sub.add_parser(
        "raise",
        help=_("the minimum raise under this regulation (Art. 7.3-7.4)"),
        formatter_class=fmt,
        description=_(
            "First raise of a round: at least one big blind over the bet (preflop: to\n"
            "double the big blind). Later raises: no minimum increment. An all-in that raises,\n"
            "even below the minimum, reopens the betting (Art. 7.4).\n\n"
            "example:\n  tdconsole calc raise --bb 200 --to 300\n"
            "  tdconsole calc raise --bb 200 --bet 1000 --raised --to 1025"
        ),
    )
    rs.add_argument("--bb", type=int, metavar="N", required=True, help=_("the big blind"))
    rs.add_argument(
        "--bet",
        metavar="N",
        type=int,
        help=_("the highest total bet in this round (default: the big blind; 0 = none)"),
    )
    rs.add_argument(
        "--raised", action="store_true", help=_("someone has already raised in this round")
    )
    rs.add_argument("--to", type=int, metavar="N", help=_("the proposed raise, as a total"))
    rs.add_argument("--all-in", action="store_true", help=_("the raise is all-in"))
    rs.add_argument(
        "--unit", type=int, metavar="N", default=25, help=_("the smallest chip (default 25)")
    )
    rs.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    rs.set_defaults(func=_speaking(cmd_calc_raise))

    bt = calc_sub.add_parser(
        "button",
        help=_("button and blinds after eliminations (Art. 2.4-2.5)"),
        formatter_class=fmt,
        description=_(
            "Who has the button and posts the blinds in the next hands.\n"
            "2.4: small blind out: the button stays one hand, then moves. Big blind out: the\n"
            "button advances, the next player posts the big blind directly, no small blind; the\n"
            "hand after, the button stays with both blinds; then it moves again.\n"
            "2.5: heads-up, the button posts the small blind.\n\n"
            "example:\n  tdconsole calc button --seats 1,2,3,4,5,6 --button 1 --out 3"
        ),
    )
    bt.add_argument(
        "--seats",
        metavar=_("SEATS"),
        nargs="+",
        required=True,
        help=_("occupied seats in the hand just played, eliminated players included"),
    )
    bt.add_argument(
        "--button",
        type=int,
        metavar=_("SEAT"),
        required=True,
        help=_("the button's seat in that hand"),
    )
    bt.add_argument("--out", nargs="+", metavar=_("SEATS"), help=_("seats eliminated in that hand"))
    bt.add_argument(
        "--hands", type=int, metavar="N", default=3, help=_("how many hands ahead (default 3)")
    )
    bt.add_argument(
        "--sb",
        metavar=_("SEAT"),
        help=_("small blind seat in that hand, or 'none' (default: normal)"),
    )
    bt.add_argument(
        "--bb", type=int, metavar=_("SEAT"), help=_("big blind seat in that hand (default: normal)")
    )
    bt.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    bt.set_defaults(func=_speaking(cmd_calc_button))

    sd = calc_sub.add_parser(
        "showdown",
        help=_("who wins: best five of seven (Art. 1.1-1.3) or Poker all'Italiana"),
        formatter_class=fmt,
        description=_(
            "Rank the hands shown. holdem: two cards each plus a 5-card board, best five\n"
            "of seven, suits never count, equal hands split (Art. 1.1-1.3). italiana: five cards\n"
            "each, the Circolo Santelia's order (flush above full, suits ♥ ♦ ♣ ♠, the wrap-around\n"
            "'minimum' straight, never a split; Art. 7-9); the reading of Art. 7.2 and 8.1-8.3\n"
            "applied is named (--flush, --ace-straight). Cards: As Kd 10h T♠ …\n\n"
            "example:\n  tdconsole calc showdown Ada=AsKd Bea=AcQh --board Ah9c7d4s2h\n"
            "  tdconsole calc showdown Ada=7c7d7s8c8d Bea=AhKhQhJh9h --mode italiana"
        ),
    )
    sd.add_argument("hands", nargs="+", metavar=_("NAME=CARDS"), help=_("each player's cards"))
    sd.add_argument("--board", metavar=_("CARDS"), help=_("the five board cards (holdem)"))
    sd.add_argument(
        "--mode",
        choices=("holdem", "italiana"),
        default="holdem",
        help=_("hand order (default holdem)"),
    )
    sd.add_argument(
        "--players",
        metavar="N",
        type=int,
        default=5,
        help=_(
            "italiana: players at the table, sets the deck's lowest card "
            "(11 − players, Art. 1.3; default 5)"
        ),
    )
    sd.add_argument(
        "--split-straight-flushes",
        action="store_true",
        help=_("italiana: the players agreed to split between straight flushes (9.2)"),
    )
    sd.add_argument(
        "--flush",
        choices=("suit", "ace"),
        help=_(
            "italiana, Art. 7.2: flush against flush, the better suit or the ace "
            "first (default: setting italiana_flush, suit)"
        ),
    )
    sd.add_argument(
        "--ace-straight",
        choices=("plain", "wrap"),
        help=_(
            "italiana, Art. 8.1-8.3: A-6-7-8-9 plays the ace low or wraps "
            "(default: setting italiana_ace_straight, plain)"
        ),
    )
    sd.add_argument("--lang", dest="rule_lang", choices=("it", "en"), help=_("language of labels"))
    sd.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    sd.set_defaults(func=_speaking(cmd_calc_showdown))

    ck = calc_sub.add_parser(
        "clock",
        help=_("a clock called on a player: time left (Art. 5.4)"),
        formatter_class=fmt,
        description=_(
            "The Director grants 30-60 seconds, then counts the last 10 aloud; no\n"
            "action by then is a fold.\n\nexample:\n"
            "  tdconsole calc clock --granted 45 --elapsed 50"
        ),
    )
    ck.add_argument(
        "--granted", type=float, metavar="S", required=True, help=_("seconds granted (30-60)")
    )
    ck.add_argument(
        "--elapsed",
        type=float,
        metavar="S",
        default=0.0,
        help=_("seconds since the clock was called"),
    )
    ck.add_argument("--json", action="store_true", help=_("one JSON document on stdout"))
    ck.set_defaults(func=_speaking(cmd_calc_clock))
