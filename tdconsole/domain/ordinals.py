"""Places said as ordinals, with the grammar of each language.

English writes "1st", "2nd", "3rd", "11th"; Italian "1°" and elides its article and
prepositions before a number read with a vowel: "all'8° posto", "dell'11°", "l'80°", but "al 1°
posto", "del 2°". The messages come in two variants marked by their context ("before a vowel",
"before a consonant") so each catalogue gives the right form; ``reads_with_vowel`` says which
variant a place takes, by the Italian reading of the number (otto, ottanta, ottocento...,
undici, undicimila, undici milioni).

    in_place(8).text("it") == "all'8° posto"    in_place(8).text("en") == "in 8th place"
"""

from __future__ import annotations

from tdconsole.i18n import Msg, pgettext

__all__ = ["in_place", "of_place", "ordinal", "reads_with_vowel", "the_place"]


def reads_with_vowel(n: int) -> bool:
    """True when the ordinal of ``n`` is read, in Italian, starting with a vowel: 8 (ottavo),
    80-89 (ottantesimo...), 800-899, 8000..., and 11 (undicesimo), 11 000, 11 000 000."""
    digits = str(abs(n))
    return digits.startswith("8") or (digits.startswith("11") and len(digits) % 3 == 2)


def ordinal(n: int) -> Msg:
    """``n`` as an ordinal figure: 1st, 2nd, 3rd, 4th, 11th... (Italian: 1°, 2°...)."""
    if n % 100 not in (11, 12, 13):
        if n % 10 == 1:
            return pgettext("ordinal", "{n}st").format(n=n)
        if n % 10 == 2:
            return pgettext("ordinal", "{n}nd").format(n=n)
        if n % 10 == 3:
            return pgettext("ordinal", "{n}rd").format(n=n)
    return pgettext("ordinal", "{n}th").format(n=n)


def in_place(n: int) -> Msg:
    """ "in 8th place" ("all'8° posto", "al 2° posto")."""
    if reads_with_vowel(n):
        return pgettext("before a vowel", "in {ordinal} place").format(ordinal=ordinal(n))
    return pgettext("before a consonant", "in {ordinal} place").format(ordinal=ordinal(n))


def the_place(n: int) -> Msg:
    """ "the 8th place" ("l'8° posto", "il 2° posto")."""
    if reads_with_vowel(n):
        return pgettext("before a vowel", "the {ordinal} place").format(ordinal=ordinal(n))
    return pgettext("before a consonant", "the {ordinal} place").format(ordinal=ordinal(n))


def of_place(n: int) -> Msg:
    """ "of the 8th place" ("dell'8° posto", "del 2° posto")."""
    if reads_with_vowel(n):
        return pgettext("before a vowel", "of the {ordinal} place").format(ordinal=ordinal(n))
    return pgettext("before a consonant", "of the {ordinal} place").format(ordinal=ordinal(n))
