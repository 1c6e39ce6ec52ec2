"""The words of the printed reports, in Italian (the regulation's language) and English."""

from __future__ import annotations

from typing import Literal

Lang = Literal["it", "en"]
LANGS: tuple[Lang, ...] = ("it", "en")

_LABELS: dict[str, tuple[str, str]] = {
    # report titles
    "title.standings": ("Classifica", "Standings"),
    "title.seating": ("Disposizione dei tavoli", "Seating"),
    "title.slips": ("Biglietti dei posti", "Seat slips"),
    "title.payouts": ("Montepremi", "Payouts"),
    "title.results": ("Risultati", "Results"),
    "title.rulings": ("Registro delle decisioni", "Rulings log"),
    "title.moves": ("Spostamenti", "Moves"),
    # facts
    "phase": ("Fase", "Phase"),
    "entrants": ("Iscritti", "Entrants"),
    "in_play": ("In gioco", "In play"),
    "chips_in_play": ("Circolante", "Chips in play"),
    "average_stack": ("Media", "Average stack"),
    "prize_pool": ("Montepremi", "Prize pool"),
    "director": ("Direttore", "Director"),
    "final_bonus": ("Bonus finale (III.4)", "Final bonus (III.4)"),
    "final_due": (
        "Nove o meno in gioco: si ferma il gioco per il sorteggio della finale (IV.2)",
        "Nine or fewer in play: play stops for the final's draw (IV.2)",
    ),
    "page": ("Pagina", "Page"),
    "of": ("di", "of"),
    "total": ("Totale", "Total"),
    "printed": ("Stampato", "Printed"),
    # phases
    "phase.registration": ("iscrizioni", "registration"),
    "phase.seated": ("posti sorteggiati", "seated"),
    "phase.elimination": ("fase eliminatoria", "elimination phase"),
    "phase.final": ("finale", "final"),
    "phase.finished": ("concluso", "finished"),
    # statuses
    "status.registered": ("iscritto", "registered"),
    "status.waitlisted": ("in attesa", "waiting list"),
    "status.withdrawn": ("ritirato", "withdrawn"),
    "status.in": ("in gioco", "in play"),
    "status.out": ("eliminato", "out"),
    "status.disqualified": ("squalificato", "disqualified"),
    # columns
    "col.pos": ("N.", "No."),
    "col.player": ("Giocatore", "Player"),
    "col.table": ("Tav.", "Tbl"),
    "col.seat": ("Posto", "Seat"),
    "col.card": ("Carta", "Card"),
    "col.chips": ("Gettoni", "Chips"),
    "col.second_stack": ("2ª dote", "2nd stack"),
    "col.bonus": ("Bonus", "Bonus"),
    "col.status": ("Stato", "Status"),
    "col.place": ("Posto fin.", "Place"),
    "col.tie": ("Pari merito", "Tie"),
    "col.prize": ("Premio (scudi)", "Prize (scudi)"),
    "col.percent": ("%", "%"),
    "col.amount": ("Importo (scudi)", "Amount (scudi)"),
    "col.button": ("Bottone", "Button"),
    "col.suit": ("Seme", "Suit"),
    "col.time": ("Ora", "Time"),
    "col.kind": ("Tipo", "Kind"),
    "col.players": ("Giocatori", "Players"),
    "col.articles": ("Articoli", "Articles"),
    "col.decision": ("Decisione", "Decision"),
    "col.sanction": ("Sanzione", "Sanction"),
    "col.orbits": ("Giri", "Orbits"),
    "col.served": ("Scontata", "Served"),
    "col.by": ("Da", "By"),
    "col.id": ("N.", "No."),
    "col.from_table": ("Dal tavolo", "From table"),
    "col.from_seat": ("Dal posto", "From seat"),
    "col.to_table": ("Al tavolo", "To table"),
    "col.to_seat": ("Al posto", "To seat"),
    "col.new_card": ("Nuova carta", "New card"),
    "col.paid_place": ("Posto", "Place"),
    # words in cells
    "yes": ("sì", "yes"),
    "tie": ("pari merito", "tie"),
    "dq": ("squalificato", "disqualified"),
    "vacant": ("libero", "vacant"),
    "dealer": ("D", "D"),
    "dealer.note": ("D = bottone (primo mazziere, II.4)", "D = button (first dealer, II.4)"),
    "second_stack.note": (
        "2ª dote: quantità ricevuta (III.2-III.3); B = bonus della finale (III.4)",
        "2nd stack: the amount taken (III.2-III.3); B = the final's bonus (III.4)",
    ),
    "kind.ruling": ("decisione", "ruling"),
    "kind.sanction": ("sanzione", "sanction"),
    "sanction.warning": ("richiamo verbale", "warning"),
    "sanction.suspend": ("sospensione", "suspension"),
    "sanction.disqualify": ("squalifica", "disqualification"),
    "orbit": ("giro", "orbit"),
    "orbits": ("giri", "orbits"),
    "served": ("scontata", "served"),
    "pending": ("da scontare", "not yet served"),
    "table": ("Tavolo", "Table"),
    "seat": ("Posto", "Seat"),
    "final_table": ("Tavolo finale", "Final table"),
    "closing": ("da chiudere (IV.4)", "must close (IV.4)"),
    "closed": ("chiuso", "closed"),
    "players_in": ("giocatori", "players"),
    "chips_at_table": ("circolante", "chips at the table"),
    "second_stack_now": ("2ª dote ora", "2nd stack now"),
    "button": ("bottone", "button"),
    "no_tables": ("Nessun tavolo sorteggiato.", "No tables drawn yet."),
    "no_slips": ("Nessun posto da stampare.", "No seats to print."),
    "no_rulings": ("Nessuna decisione registrata.", "No rulings recorded."),
    "no_moves": ("Nessun tavolo in chiusura.", "No table is closing."),
    "no_places": ("Nessun posto ancora deciso.", "No place decided yet."),
    "no_players": ("Nessun giocatore.", "No players."),
    "never_played": ("Non hanno giocato", "Did not play"),
    "moves.section": (
        "Il tavolo {table} {suit} chiude: {n} spostamenti da annunciare (IV.4)",
        "Table {table} {suit} closes: {n} moves to announce (IV.4)",
    ),
    "moves.announce": (
        "{player}: dal tavolo {ft} posto {fs} al tavolo {tt} posto {ts} ({card})",
        "{player}: from table {ft} seat {fs} to table {tt} seat {ts} ({card})",
    ),
    "moves.no_plan": (
        "Il tavolo {table} {suit} deve chiudere: piano non ancora sorteggiato "
        "(close {table} --plan).",
        "Table {table} {suit} must close: no plan drawn yet (close {table} --plan).",
    ),
    "payouts.note": (
        "Quote 45/25/15/10/5 % ai posti 1-5, arrotondate per difetto allo scudo, il resto al "
        "primo (V.1). Quote d'iscrizione: 70 scudi per iscritto pagante; vettovagliamento escluso.",
        "Shares 45/25/15/10/5 % to places 1-5, rounded down to the scudo, the remainder to 1st "
        "(V.1). Entry fees: 70 scudi per paying entrant; food money excluded.",
    ),
    "tie.note": (
        "eliminati nella stessa mano con lo stesso stack; i premi dei posti "
        "condivisi sono sommati e divisi in parti uguali.",
        "out in the same hand with equal stacks; the prizes of the shared places are "
        "pooled and split equally.",
    ),
    "dq.note": (
        "Il giocatore squalificato perde posto e premio (VI.2).",
        "A disqualified player forfeits place and prize (VI.2).",
    ),
    "prizes_paid": ("Premi assegnati", "Prizes awarded"),
    "in_play_now": ("in gioco", "in play"),
    "slip.cut": ("ritagliare lungo le linee", "cut along the lines"),
    "suspended_now": ("Sospesi ora", "Suspended now"),
    "suspended": ("sospeso", "suspended"),
    "unpaid": ("quota da pagare", "fee not paid"),
    "no_payouts": ("Premi non ancora calcolati.", "No prizes computed yet."),
}

_MONTHS = {
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}


def label(key: str, lang: Lang) -> str:
    """The label ``key`` in ``lang``; an unknown key is a bug and raises ``KeyError``."""
    it, en = _LABELS[key]
    return it if lang == "it" else en


def month_name(month: int, lang: Lang) -> str:
    return _MONTHS[lang][month - 1]
