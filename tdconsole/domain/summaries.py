"""What a command did, in the reader's language.

The log keeps each command's English summary (``Command.describe()``); the Italian is given at
display time (the command line's log, undo and redo, the console's notifications).
"""

from __future__ import annotations

import re

# A summary no pattern matches is shown as recorded.
_SUMMARIES_IT: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), italian)
    for pattern, italian in (
        (r"create event (.*)", "nuovo evento {0}"),
        (r"register (.*)", "iscrizione di {0}"),
        (r"withdraw (.*)", "ritiro di {0}"),
        (r"entry fee: (.*)", "quota d'iscrizione: {0}"),
        (r"food contribution: (.*)", "vettovagliamento: {0}"),
        (r"set (.*)", "impostazioni {0}"),
        (r"seat draw", "sorteggio dei posti"),
        (r"start: stack (\S+), big blind (\S+)", "inizio: dote {0}, grande buio {1}"),
        (r"count (.*)", "conteggio {0}"),
        (r"second stack: (.*)", "seconda dote: {0}"),
        (r"eliminated: (.*)", "eliminazione: {0}"),
        (r"disqualified: (.*)", "squalifica: {0}"),
        (r"move plan for table (\d+)", "piano degli spostamenti del tavolo {0}"),
        (
            r"move plan for table (\d+), table_seats=(\d+)",
            "piano degli spostamenti del tavolo {0}, posti per tavolo portati a {1}",
        ),
        (
            r"Director's move: (.*) to table (\d+) seat (\d+)",
            "spostamento deciso dal Direttore: {0} al tavolo {1}, posto {2}",
        ),
        (r"colour-up", "cambio dei gettoni"),
        (r"close table (\d+)", "chiusura del tavolo {0}"),
        (r"final table draw", "sorteggio del tavolo finale"),
        (r"ruling: (.*)", "decisione: {0}"),
        (r"sanction warning: (.*)", "richiamo verbale: {0}"),
        (r"sanction suspend: (.*)", "sospensione: {0}"),
        (r"sanction disqualify: (.*)", "squalifica: {0}"),
        (r"suspension (\d+) served", "sospensione {0} scontata"),
        (r"clock started", "orologio avviato"),
        (r"clock paused", "orologio in pausa"),
        (r"clock resumed", "orologio ripreso"),
        (r"level announced", "livello annunciato"),
        (r"next level", "livello successivo"),
        (r"previous level", "livello precedente"),
        (r"clock ([+-]\d+)s", "orologio {0} s"),
        (r"clock set to (\S+)", "orologio impostato a {0}"),
        (r"edit level (\d+)", "modifica del livello {0}"),
        (r"button at table (\d+) seat (\d+)", "bottone al tavolo {0}, posto {1}"),
        (r"rulebook imported: (\S+) from (.*)", "regolamento importato: {0} da {1}"),
        (r"rulebook replaced: (\S+) from (.*)", "regolamento sostituito: {0} da {1}"),
    )
)


def summary_text(summary: str, language: str) -> str:
    """A command's recorded summary (English, as the log keeps it) in ``language``."""
    if language != "it":
        return summary
    for pattern, italian in _SUMMARIES_IT:
        found = pattern.fullmatch(summary)
        if found:
            return italian.format(*found.groups())
    return summary
