"""The views ``tdconsole serve`` puts in a browser: the floor on a phone, behind its PIN, and
the room display; their words in both languages."""

from __future__ import annotations

from tdconsole.ui.i18n import Translator

WORDS_IT: dict[str, str] = {
    "Floor PIN": "PIN del floor",
    "Your name": "Il vostro nome",
    "Enter": "Entra",
    "Type the floor PIN and your name": "Scrivete il PIN del floor e il vostro nome",
    "Type your name": "Scrivete il vostro nome",
    "Find a player": "Cercate un giocatore",
    "Out": "Eliminato",
    "Out, declined": "Fuori, rifiuta",
    "Second stack {amount}": "Seconda dote {amount}",
    "Chips": "Gettoni",
    "Count": "Conteggio",
    "Undo": "Annulla",
    "Clock ⏯": "Orologio ⏯",
    "Table {table} · seat {seat} · {chips}": "Tavolo {table} · posto {seat} · {chips}",
    "No player still in matches": "Nessun giocatore in gioco corrisponde",
    "Choose a player first": "Scegliete prima un giocatore",
    "{n} players in": "{n} giocatori in gioco",
    "Director PIN": "PIN del Direttore",
    "The Director's PIN, for: {what}": "Il PIN del Direttore, per: {what}",
    "OK": "OK",
    "Cancel": "Annulla",
    "pause or resume the clock": "fermare o riprendere l'orologio",
    "undo {owner}'s action": "annullare l'azione di {owner}",
    "may take the second stack: {amount}": "può prendere la seconda dote: {amount}",
    "Floor: {name}": "Floor: {name}",
}


def words(tr: Translator, key: str, **values: object) -> str:
    """A served view's label in the console's language (English keys, like ``i18n``)."""
    text = WORDS_IT.get(key, key) if tr.lang == "it" else key
    return text.format(**values) if values else text
