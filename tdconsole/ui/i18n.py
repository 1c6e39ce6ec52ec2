"""Every label of the console in Italian and English.

Keys are the English text; ``CATALOGUE`` gives the Italian, in the regulation's own words (dote,
circolante, Direttore). A missing entry falls back to the English key, so a new label never
breaks a screen.
"""

from __future__ import annotations

from typing import Literal

Lang = Literal["it", "en"]

CATALOGUE: dict[str, str] = {
    # the clock
    "Level {level}": "Livello {level}",
    "Break": "Pausa",
    "Blinds {sb} / {bb}": "Bui {sb} / {bb}",
    "Ante {ante}": "Ante {ante}",
    "Next {sb} / {bb}": "Prossimo {sb} / {bb}",
    "Next: break": "Prossimo: pausa",
    "Last level": "Ultimo livello",
    "RUNNING": "IN CORSO",
    # a break ("pausa") and a stopped clock ("orologio fermo") are different things
    "Clock stopped": "Orologio fermo",
    "Break under way": "Pausa in corso",
    "Announce level {level} — press a": "Annunciare il livello {level} — tasto a",
    "Level {level} to announce": "Livello {level} da annunciare",
    "Announce the break — press a": "Annunciare la pausa — tasto a",
    "Break to announce": "Pausa da annunciare",
    "Announce the end of the break: level {level} — press a": (
        "Annunciare la ripresa: livello {level} — tasto a"
    ),
    "End of the break to announce: level {level}": "Ripresa da annunciare: livello {level}",
    "Tournament over": "Torneo concluso",
    # the room display: what players read
    "THE BREAK IS STARTING": "INIZIA LA PAUSA",
    "PLAY RESUMES: LEVEL {level}": "SI RIPRENDE: LIVELLO {level}",
    "THE LEVEL IS CHANGING: LEVEL {level}": "CAMBIO DI LIVELLO: ORA IL LIVELLO {level}",
    "CLOCK STOPPED": "OROLOGIO FERMO",
    "LAST LEVEL": "ULTIMO LIVELLO",
    "THEN A BREAK": "POI PAUSA",
    "BREAK": "PAUSA",
    "PLAY RESUMES AT {time}": "SI RIPRENDE ALLE {time}",
    "LEVEL {level}: BLINDS {sb} / {bb}": "LIVELLO {level}: BUI {sb} / {bb}",
    "({bb} big blinds)": "({bb} grandi bui)",
    "SEATS": "POSTI",
    "Seats, by name": "Posti, per nome",
    "The seats are drawn: find your seat": "Posti sorteggiati: cercate il vostro posto",
    "The final table is drawn: find your seat": (
        "Tavolo finale sorteggiato: cercate il vostro posto"
    ),
    "seat": "posto",
    "page {page} of {pages}": "pagina {page} di {pages}",
    "Table {table} is closed: these players move": (
        "Il tavolo {table} è chiuso: questi giocatori cambiano posto"
    ),
    "TOURNAMENT OVER": "TORNEO CONCLUSO",
    "WINNER": "VINCITORE",
    "Entrants {n}": "Partecipanti {n}",
    "overtime": "fuori tempo",
    "The clock starts with the tournament": "L'orologio parte con il torneo",
    "LEVEL {level}": "LIVELLO {level}",
    "BLINDS {sb} / {bb}": "BUI {sb} / {bb}",
    "NEXT {sb} / {bb}": "PROSSIMO {sb} / {bb}",
    # the room
    "Room": "Sala",
    "In play": "In gioco",
    "Chips in play": "Circolante",
    "Average": "Media",
    "Prize pool": "Montepremi",
    "Open tables": "Tavoli aperti",
    "Final: at {n} in play": "Finale: a {n} in gioco",
    "FINAL DUE: draw the final table (f)": "FINALE: sorteggiare il tavolo finale (f)",
    "Table {table}: {n} players — close it (Art. IV.4) [c]": (
        "Tavolo {table}: {n} giocatori — chiudere (Art. IV.4) [c]"
    ),
    "Final bonus": "Bonus finale",
    "Phase": "Fase",
    "registration": "iscrizioni",
    "seated": "posti sorteggiati",
    "elimination": "fase eliminatoria",
    "final": "finale",
    "finished": "concluso",
    "{n}/{entrants} in play": "{n}/{entrants} in gioco",
    "Director: {name}": "Direttore: {name}",
    "Floor: {name}": "Sala: {name}",
    "Second stack now": "Seconda dote ora",
    "Paid places": "Posti a premio",
    "In play {n} / {entrants}": "In gioco {n} / {entrants}",
    "Average {avg}": "Media {avg}",
    "Prize pool {pool}": "Montepremi {pool}",
    "Table {table} → {amount}": "Tavolo {table} → {amount}",
    # tables
    "Tables": "Tavoli",
    "Table {table}": "Tavolo {table}",
    "Final table": "Tavolo finale",
    "{n} in play": "{n} in gioco",
    "chips {chips}": "circolante {chips}",
    "second stack now {amount}": "seconda dote ora {amount}",
    "MUST CLOSE": "DA CHIUDERE",
    "closed": "chiuso",
    "move plan": "piano degli spostamenti",
    "D = button   ② = has taken the second stack (Art. VII.7)": (
        "D = bottone (cartaro)   ② = ha preso la seconda dote (Art. VII.7)"
    ),
    "No tables yet: register, pay, then draw the seats (s)": (
        "Nessun tavolo: iscrivere, incassare, poi sorteggiare i posti (s)"
    ),
    # players
    "Players": "Giocatori",
    "Search a name": "Cerca un nome",
    "Name": "Nome",
    "Status": "Stato",
    "Paid": "Pagato",
    "Food": "Vitto",
    "Table": "Tavolo",
    "Seat": "Posto",
    "Chips": "Gettoni",
    "Place": "Posizione",
    "Prize": "Premio",
    "Second": "Dote 2",
    "registered": "iscritto",
    "waitlisted": "in attesa",
    "withdrawn": "ritirato",
    "in": "in gioco",
    "out": "eliminato",
    "disqualified": "squalificato",
    "yes": "sì",
    "no": "no",
    # payouts, standings, log
    "Prizes": "Premi",
    "Standings": "Classifica",
    "Percent": "Percentuale",
    "Amount": "Importo",
    "Player": "Giocatore",
    "Log": "Registro",
    "Time": "Ora",
    "By": "Da",
    "What": "Cosa",
    # rulings
    "Rulebook": "Regolamento",
    "Search the rulebooks (number or words)": "Cerca nei regolamenti (numero o parole)",
    "The rulebook search is not installed": "La ricerca nel regolamento non è disponibile",
    "No article found": "Nessun articolo trovato",
    "Related": "Collegati",
    "Rulings": "Decisioni",
    "Record ruling": "Registra decisione",
    "Decision": "Decisione",
    "Sanction": "Sanzione",
    "Warning": "Richiamo verbale",
    "Suspension, 1 orbit": "Sospensione, 1 giro",
    "Suspension, 2 orbits": "Sospensione, 2 giri",
    "Disqualification": "Squalifica",
    # actions (bindings, palette)
    "Pause / resume": "Pausa / riprendi",
    "Start clock": "Avvia orologio",
    "Announce": "Annuncia",
    "Next level": "Livello successivo",
    "Previous level": "Livello precedente",
    "Add a minute": "Aggiungi un minuto",
    "Remove a minute": "Togli un minuto",
    "Eliminate": "Elimina",
    "Second stack": "Seconda dote",
    "Close table": "Chiudi tavolo",
    "Final table draw": "Sorteggio finale",
    "Disqualify": "Squalifica",
    "Count": "Conta",
    "Seat draw": "Sorteggio posti",
    "Start tournament": "Avvia torneo",
    "Undo": "Annulla",
    "Redo": "Ripristina",
    "Register": "Iscrivi",
    "Pay": "Incassa",
    "Withdraw": "Ritira",
    "Keys": "Tasti",
    "Quit": "Esci",
    "Search": "Cerca",
    "Call the clock": "Chiama il tempo",
    "Settings": "Impostazioni",
    "Room display": "Schermo di sala",
    "Show": "Mostra",
    # dialogs
    "OK": "OK",
    "Cancel": "Annulla",
    "Record": "Registra",
    "Add a player": "Aggiungi giocatore",
    "Stack at the start of the hand": "Resto a inizio mano",
    "declined the second stack": "ha rifiutato la seconda dote",
    "{name} may still take the second stack: {amount} chips": (
        "{name} può ancora prendere la seconda dote: {amount} gettoni"
    ),
    "Amount at table {table} now: {amount} chips (C_t {chips} / {n} players)": (
        "Importo al tavolo {table} ora: {amount} gettoni (circolante {chips} / {n} giocatori)"
    ),
    "Stack now (optional)": "Resto attuale (facoltativo)",
    "Counts must add up to {target}: now {total} ({diff:+d})": (
        "I conteggi devono dare {target}: ora {total} ({diff:+d})"
    ),
    "Counts add up to {target}": "I conteggi danno {target}",
    "Override reason (only if the counts differ)": (
        "Motivo della deroga (solo se i conteggi differiscono)"
    ),
    "Draw the plan": "Sorteggia il piano",
    "Bonus (Art. III.4): {bonus} to each finalist who never took the second stack": (
        "Bonus (Art. III.4): {bonus} a ogni finalista che non ha preso la seconda dote"
    ),
    "Reason": "Motivo",
    "Chips leaving play (empty: his last count)": (
        "Gettoni che escono dal gioco (vuoto: ultimo conteggio)"
    ),
    "Number of tables (empty: the fewest of 6-8)": "Numero di tavoli (vuoto: i meno di 6-8)",
    "Draw number, to repeat a draw (empty: at random)": (
        "Numero del sorteggio, per ripeterlo (vuoto: a caso)"
    ),
    "Seat slips": "Biglietti dei posti",
    "Close": "Chiudi",
    "Starting stack": "Dote iniziale",
    "First big blind": "Primo grande buio",
    "Names, one per line or separated by commas": "Nomi, uno per riga o separati da virgole",
    "also the food contribution": "anche il vitto",
    "{name}: {seconds} s to act": "{name}: {seconds} s per agire",
    "Time! {name}'s hand is dead (Art. 5.4)": "Tempo! La mano di {name} è morta (Art. 5.4)",
    "Counting down 10": "Conto alla rovescia da 10",
    "Seconds granted (30-60)": "Secondi concessi (30-60)",
    "Start": "Via",
    # calculators (Art. 1.1-1.3, 2.4-2.5, 5.4-5.5, 6.8, 7.3-7.8)
    "Side pots": "Piatti laterali",
    "Chips pushed": "Gettoni senza parola",
    "Minimum raise": "Rilancio minimo",
    "Button and blinds": "Bottone e bui",
    "Showdown": "Showdown",
    "Clock call": "Chiamata del tempo",
    "Cite in log": "Cita nel registro",
    "Nothing to cite yet": "Ancora nulla da citare",
    "Fill in: {what}": "Da compilare: {what}",
    "e.g. {x}": "es. {x}",
    "Calculators: F2 side pots · F3 chips pushed · F4 minimum raise · F5 button · "
    "F6 showdown · F7 clock call · ctrl+l cite in log": (
        "Calcolatori: F2 piatti laterali · F3 gettoni senza parola · F4 rilancio minimo · "
        "F5 bottone · F6 showdown · F7 chiamata del tempo · ctrl+l cita nel registro"
    ),
    "Players as SEAT:NAME=CHIPS put in; ranking best first, ties joined by =": (
        "Giocatori come POSTO:NOME=GETTONI messi; classifica dalla mano migliore, "
        "pari merito uniti da ="
    ),
    "Folded": "Hanno passato",
    "Ranking": "Classifica",
    "Button seat": "Posto del bottone",
    "Smallest chip": "Gettone più piccolo",
    "Pots, in the order they are awarded (last side pot first):": (
        "Piatti, nell'ordine in cui si assegnano (prima l'ultimo sovraresto):"
    ),
    "returned to": "restituiti a",
    "Totals": "Totali",
    "To call": "Per chiamare",
    "0: no bet open": "0: nessuna puntata aperta",
    "the big blind": "il grande buio",
    "Stack before": "Resto prima",
    "optional, for an all-in": "facoltativo, per l'all-in",
    "empty: the big blind": "vuoto: il grande buio",
    "a total, optional": "un totale, facoltativo",
    "Players at the table": "Giocatori al tavolo",
    "Italiana": "all'Italiana",
    "Seconds granted": "Secondi concessi",
    "One chip only (5.5)": "Un solo gettone (5.5)",
    "Said 'raise' without an amount (5.5)": "Ha detto 'rilancio' senza la cifra (5.5)",
    "Complete to {n}": "Da completare a {n}",
    "{n} back to the player": "{n} tornano al giocatore",
    "Big blind": "Grande buio",
    "Highest bet now": "Puntata più alta ora",
    "Proposed raise": "Rilancio proposto",
    "Someone has already raised in this round": "Qualcuno ha già rilanciato in questo giro",
    "The raise is all-in": "Il rilancio è all-in",
    "Minimum: to {n}": "Minimo: a {n}",
    "valid": "valido",
    "not valid: complete to {n}": "non valido: da completare a {n}",
    "Occupied seats": "Posti occupati",
    "Seats eliminated in the hand": "Posti eliminati nella mano",
    "Hands ahead": "Mani da calcolare",
    "Players in: seats {seats}": "In gioco: posti {seats}",
    "empty seat": "posto vuoto",
    "hand {n}: button {button}{dead}, SB {sb}, BB {bb}": (
        "mano {n}: bottone {button}{dead}, piccolo buio {sb}, grande buio {bb}"
    ),
    "Hands": "Mani",
    "Board": "Carte comuni",
    "Poker all'Italiana (5 cards, no board)": "Poker all'Italiana (5 carte, senza carte comuni)",
    "Two straight flushes: the players may agree to split (Art. 9.2)": (
        "Due scale reali: i giocatori possono accordarsi per dividere (Art. 9.2)"
    ),
    "Seconds since the call": "Secondi dalla chiamata",
    "Thinking: {n} s left before the 10-second countdown": (
        "Riflessione: restano {n} s prima del conto alla rovescia di 10 secondi"
    ),
    "Countdown: {n} s, said aloud by the Director": (
        "Conto alla rovescia: {n} s, scanditi ad alta voce dal Direttore"
    ),
    "Time is up: the hand is folded": "Tempo scaduto: la mano si considera passata",
    # suspensions, levels, the button
    "Suspension served": "Sospensione scontata",
    "served": "scontata",
    "to serve (m)": "da scontare (m)",
    "No suspension to mark served": "Nessuna sospensione da segnare come scontata",
    "{n} orbit(s)": "giri: {n}",
    "Edit a level": "Modifica un livello",
    "Level": "Livello",
    "Blinds": "Bui",
    "Minutes": "Minuti",
    "Break after it (minutes, 0: none)": "Pausa dopo (minuti, 0: nessuna)",
    "Empty fields stay as they are": "I campi vuoti restano come sono",
    "Button": "Bottone",
    "now at seat {seat}": "ora al posto {seat}",
    # printing
    "Print": "Stampa",
    "Seating": "Posti a sedere",
    "Payouts": "Premi",
    "Results": "Risultati",
    "Rulings log": "Registro delle decisioni",
    "Moves": "Spostamenti",
    "File": "File",
    "(in the current folder unless a path is given)": (
        "(nella cartella corrente se non si indica un percorso)"
    ),
    "Send to the printer queue (lp) instead": "Invia invece alla coda di stampa (lp)",
    "Written: {path}": "Scritto: {path}",
    "{asked} was taken: written to {path}": "{asked} esiste già: scritto in {path}",
    "Sent to the printer queue: {job}": "Inviato alla coda di stampa: {job}",
    "Could not print: {what}": "Stampa non riuscita: {what}",
    "Opening the event…": "Apertura dell'evento…",
    # notifications
    "{what} — u to undo": "{what} — u per annullare",
    "Undone: {what}": "Annullato: {what}",
    "Redone: {what}": "Ripristinato: {what}",
    "Changed on another terminal": "Modificato da un altro terminale",
    "Choose a player first": "Scegliere prima un giocatore",
    "Choose a table first": "Scegliere prima un tavolo",
    "Director only": "Solo il Direttore",
    "Another terminal": "Da un altro terminale",
    "table {table}, seat {seat}": "tavolo {table}, posto {seat}",
    # start screen
    "No event yet": "Nessun evento",
    "New event": "Nuovo evento",
    "Open an event": "Apri un evento",
    "Demo event": "Evento dimostrativo",
    "Event name": "Nome dell'evento",
    "Event file or name": "File o nome dell'evento",
    # help
    "All keys": "Tutti i tasti",
    "Command palette: every action, player and table": (
        "Tavolozza dei comandi: ogni azione, giocatore e tavolo"
    ),
    "Player {name} — table {table}, seat {seat}": "Giocatore {name} — tavolo {table}, posto {seat}",
    "Player {name}": "Giocatore {name}",
    "Go to table {table}": "Vai al tavolo {table}",
    "Go to the final table": "Vai al tavolo finale",
    "Close table {table}": "Chiudi il tavolo {table}",
    "Eliminate {name}": "Elimina {name}",
    "Second stack for {name}": "Seconda dote a {name}",
    # the Director's options and moves (Art. IV.4, VII.1), the colour-up
    "Raise the seats": "Alza i posti",
    "The other tables have {room} vacant seats for {n} players ({seats} seats a table).": (
        "Gli altri tavoli hanno {room} posti liberi per {n} giocatori ({seats} posti per tavolo)."
    ),
    "Not even 13 seats a table make room: keep the table open (Esc).": (
        "Nemmeno 13 posti per tavolo bastano: lasciate aperto il tavolo (Esc)."
    ),
    "The Director's options (Art. VII.1):": "Le scelte del Direttore (Art. VII.1):",
    "raise to {seats} seats a table for this closing, and draw the plan": (
        "alzare a {seats} i posti per tavolo per questa chiusura, e sorteggiare il piano"
    ),
    "keep the table open for now": "lasciare aperto il tavolo per ora",
    "Move a player": "Sposta un giocatore",
    "Move {name}": "Sposta {name}",
    "To table": "Al tavolo",
    "To seat": "Al posto",
    "Chips (counted)": "Gettoni (contati)",
    "Reason (kept in the log)": "Motivo (resta nel registro)",
    "The Director's decision, not a closing: the player goes with his counted chips.": (
        "Decisione del Direttore, non una chiusura: il giocatore va con i suoi gettoni contati."
    ),
    "Colour-up": "Cambio dei gettoni",
    "The {old} chips leave play: each stack rounded up to a {new} chip.": (
        "Escono i gettoni da {old}: ogni dote si arrotonda al gettone da {new}."
    ),
    "Table {table}: {change:+d} (rounding up adds 0 to {most})": (
        "Tavolo {table}: {change:+d} (l'arrotondamento aggiunge da 0 a {most})"
    ),
    "Reason to accept other counts (only if needed)": (
        "Motivo per accettare altri conteggi (solo se serve)"
    ),
    "Break: colour-up of the {chip} chips — press C": (
        "Pausa: cambio dei gettoni da {chip} — tasto C"
    ),
    "No bigger chip to colour up to": "Non c'è un gettone più grande con cui cambiare",
    # the settings screen (Art. VII.1)
    "To record (ctrl+s): {names}": "Da registrare (ctrl+s): {names}",
    # the structure screen (Art. III.1, III.5)
    "Structure": "Struttura",
    "First level, minutes": "Primo livello, minuti",
    "Second big blind": "Secondo grande buio",
    "Later levels, minutes": "Livelli successivi, minuti",
    "Start (HH:MM)": "Inizio (HH:MM)",
    "From": "Dalle",
    "To": "Alle",
    "Avg BB": "BB medi",
    "Note": "Nota",
    "Edit": "Modifica",
    "Break after": "Pausa dopo",
    "Remove break": "Togli pausa",
    "Propose": "Proponi",
    "Rules": "Regole",
    "Break after level {level}, minutes": "Pausa dopo il livello {level}, minuti",
    "Level {level} · Ante": "Livello {level} · Ante",
    "Level {level} · Minutes": "Livello {level} · Minuti",
    "Level {level} · Big blind": "Livello {level} · Grande buio",
    "Expected end: {time}, at level {level} (big blind {bb})": (
        "Fine prevista: {time}, al livello {level} (grande buio {bb})"
    ),
    "colour-up of the {chip} chips at the break after level {level}": (
        "cambio dei gettoni da {chip} nella pausa dopo il livello {level}"
    ),
    "the {chip} chips are no longer needed after level {level}: "
    "put a break there (p) for the colour-up": (
        "i gettoni da {chip} non servono più dopo il livello {level}: "
        "mettete lì una pausa (p) per il cambio"
    ),
    "Put the cursor on a break to remove it": "Portate il cursore su una pausa per toglierla",
    "The tournament has started: edit the levels not yet played": (
        "Il torneo è iniziato: modificate i livelli non ancora giocati"
    ),
    "The tournament has already started": "Il torneo è già iniziato",
    "S: the whole structure, level by level, with its breaks": (
        "S: tutta la struttura, livello per livello, con le pause"
    ),
}


class Translator:
    """``tr("Level {level}", level=3)`` in the chosen language."""

    def __init__(self, lang: Lang = "it") -> None:
        self.lang: Lang = lang

    def __call__(self, key: str, **values: object) -> str:
        text = CATALOGUE.get(key, key) if self.lang == "it" else key
        return text.format(**values) if values else text


def table_name(tr: Translator, number: int | None, final: bool = False) -> str:
    """A table as the room calls it: "Tavolo 2", and the final one "Tavolo finale" (IV.1)."""
    return tr("Final table") if final else tr("Table {table}", table=number)


def chips(value: int | None) -> str:
    """Chips with a thin space between thousands (4 000); '–' when unknown."""
    if value is None:
        return "–"
    return f"{value:,}".replace(",", " ")
