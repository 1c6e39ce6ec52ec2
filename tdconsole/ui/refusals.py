"""A refusal in the console's words: the keys and fields to use, not the command line's syntax.

The domain words its refusals once, for both faces, and the command line prints them as they
are (`dote Bruno`, --declined, --override REASON). The console says the same with its keys:
each piece of command-line syntax the domain uses is mapped here, in both languages, to what
the Director does at the console. A test reads every refusal in the domain and checks that none
keeps any command-line syntax once mapped, so a new refusal cannot slip through unmapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from tdconsole.domain.errors import RuleError

Words = str | Callable[[re.Match[str]], str]

# Clause by clause first (where a key alone would not read as a sentence), then word by word.
_CONSOLE_WORDS: tuple[tuple[str, Words], ...] = (
    # the second stack still open to a player out (Art. III.2)
    (
        r"record `dote ([^`]+)`, or add --declined if he declines it",
        r"give it to \1 with d, or press ctrl+r in the elimination if he declines it",
    ),
    (
        r"registrala con `dote ([^`]+)`, oppure aggiungi --declined se la rifiuta",
        r"dagliela con d (\1), oppure premi ctrl+r nell'eliminazione se la rifiuta",
    ),
    # a second stack after a count at least the big blind (Art. III.2)
    (
        r"give his stack now with `dote ([^`]+) --stack N`",
        r"write \1's stack now in the second stack's field (d)",
    ),
    (
        r"indica il suo resto attuale con `dote ([^`]+) --stack N`",
        r"scrivi il resto attuale di \1 nel campo della seconda dote (d)",
    ),
    # several players out in one hand
    (
        r"give --stacks, their stacks at the start of the hand, in the same order as the names",
        "give each one's stack at the start of the hand (ctrl+n adds a player)",
    ),
    (
        r"indica con --stacks i loro resti a inizio mano, nello stesso ordine dei nomi",
        "indica il resto a inizio mano di ciascuno (ctrl+n aggiunge un giocatore)",
    ),
    # closings and the final: the override reason is a field of their dialogs
    (r"\(add --override REASON\)", "(write the reason in the override field)"),
    (r"\(aggiungi --override MOTIVO\)", "(scrivi il motivo nel campo della deroga)"),
    (r"with --override REASON", "by writing the reason in the override field"),
    (r"con --override MOTIVO", "scrivendo il motivo nel campo della deroga"),
    # the fields of the dialogs
    (r"give --reason TEXT", "write the reason"),
    (r"indica --reason TESTO", "scrivi il motivo"),
    (r"give --text TEXT", "write the decision"),
    (r"indica --text TESTO", "scrivi la decisione"),
    (r"give --chips N", "give the chips counted"),
    (r"indica --chips N", "indica i gettoni contati"),
    (r"give --orbits 1 or 2", "choose one or two orbits"),
    (r"indica --orbits 1 o 2", "scegli uno o due giri"),
    (r"--orbits goes with a suspension only", "orbits go with a suspension only"),
    (r"--orbits vale solo per una sospensione", "i giri valgono solo per una sospensione"),
    (r"--tables K chooses another", "the number of tables chooses another"),
    (r"--tables K ne sceglie un altro", "il numero di tavoli ne sceglie un altro"),
    (
        r"give --bb, --ante, --minutes or --break",
        "change the big blind, the ante, the minutes or the break",
    ),
    (r"indica --bb, --ante, --minutes o --break", "cambia grande buio, ante, minuti o pausa"),
    # a season's alias: the console edits no season file
    (
        r"remove the alias that joins them \(`season unalias`\)",
        "remove the alias that joins them from the season file",
    ),
    (
        r"togli l'alias che li unisce \(`season unalias`\)",
        "togli dal file della stagione l'alias che li unisce",
    ),
    # commands that are keys at the console
    (r"`final --count \.\.\.`", "f"),
    (r"`start` first", "g first"),
    (r"prima `start`", "prima g"),
    (r"is set at `start`", "is set at the start (g)"),
    (r"si fissa con `start`", "si fissa all'avvio (g)"),
    (r"`start`", "g"),
    (r"`draw`", "s"),
    (r"`undo`", "u"),
    (r"`set table_seats=N`", "o: table_seats"),
    (r"\(see `standings`\)", "(tab 2, Players)"),
    (r"\(vedi `standings`\)", "(scheda 2, Giocatori)"),
    (r"use `new` with another path", "choose another name"),
    (r"usa `new` con un altro percorso", "scegli un altro nome"),
    (r"see `rules list` for the names", "the rulebook tab (5) lists them"),
    (r"i nomi sono in `rules list`", "la scheda del regolamento (5) li elenca"),
    (r" \(tdconsole state --json\)", ""),
    (r"use clock next", "press n"),
    (r"usa clock next", "premi n"),
    (r"clock next", "n"),
    (r"clock announce", "a"),
    (r"with clock add/sub/set", "with + and -"),
    (r"con clock add/sub/set", "con + e -"),
    (r"use clock set MM:SS", "use + and -"),
    (r"usa clock set MM:SS", "usa + e -"),
    # what is left: a setting, by its name, changed with o
    (r"--([a-z][a-z-]*)(?: [A-Z]+\b)?", lambda m: f"{m.group(1).replace('-', '_')} (o)"),
)


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], Words], ...]:
    # Compiled at the first refusal, not when the console starts.
    return tuple((re.compile(pattern), words) for pattern, words in _CONSOLE_WORDS)


def console_words(message: str) -> str:
    """``message`` with the command line's syntax said as the console's keys and fields."""
    for pattern, words in _compiled():
        message = pattern.sub(words, message)
    return message


def console_text(exc: RuleError, lang: str) -> str:
    """The refusal in the console's language and words, with its article."""
    return console_words(exc.text(lang))
