"""The ``calc showdown`` calculator: who wins, best five of seven or Poker all'Italiana, with
the readings in force (the event's settings, else the shipped ones). Its parser is added to
``calc``'s by ``calc_cmds``; see there, and ``rules_common``, for the language and the refusals.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from tdconsole.cli.common import event_path
from tdconsole.cli.rules_common import (
    articles_text,
    command_lang,
    emit_document,
    say_line,
    speaks_command_lang,
)
from tdconsole.domain.errors import RuleError
from tdconsole.i18n import _, ngettext
from tdconsole.rules.calculators import as_json, showdown
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

if TYPE_CHECKING:
    from tdconsole.domain.settings import RulingSettings


def cmd_calc_showdown(args: argparse.Namespace) -> int:
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
        emit_document(as_json(result))
        return 0
    lang = command_lang(args)
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
    say_line(
        lang,
        _("{outcome}{agree}").format(
            outcome=outcome.format(winners=winners), agree=agree if may_split else ""
        ),
    )
    for reading in result.readings:
        said = reading.explain(lang)
        say_line(
            lang,
            _("  reading {choice} (Art. {article}, {setting}): {explanation}").format(
                choice=reading.choice,
                article=reading.article,
                setting=reading.setting,
                explanation=said,
            ),
        )
    book = "" if result.book == "ordine" else f" [{result.book}]"
    print(articles_text(result.articles) + book)
    return 0


def _rulings_settings(args: argparse.Namespace) -> RulingSettings:
    """The readings in force: the event's settings when there is one, else the shipped file."""
    try:
        service = Tournament.open(event_path(args))
    except Exception:  # no event, or one that cannot be read: the shipped Decisions
        return load_settings().rulings
    try:
        return service.state.settings.rulings
    finally:
        service.close()


def register_showdown(calc_sub: Any) -> None:
    """Add ``showdown`` to ``calc``'s sub-commands."""
    fmt = argparse.RawDescriptionHelpFormatter

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
    sd.set_defaults(func=speaks_command_lang(cmd_calc_showdown))
