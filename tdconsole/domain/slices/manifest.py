"""Written by ``python -m tdconsole.domain.slices.make_manifest`` from the command
modules of this package: not edited by hand (a test compares the two)."""

from tdconsole.domain.described import Description, Key
from tdconsole.i18n import _, pgettext

SLICE_DESCRIPTIONS = (
    Description(
        command="Bust",
        module="slices.bust",
        cli="bust",
        summaries=(pgettext("summary", "eliminated: {names}"),),
        keys=(Key("e", "eliminate", _("Eliminate"), True, True, None),),
        when="in play",
        director_only=False,
        article=None,
        phone=False,
    ),
    Description(
        command="CallBreak",
        module="slices.call_break",
        cli="clock break",
        summaries=(
            pgettext("summary", "break called now: {minutes} minutes"),
            pgettext("summary", "break called now: {minutes} minutes, {reason}"),
        ),
        keys=(Key("P", "command('CallBreak')", _("Call a break"), False, False, None),),
        when="in play",
        director_only=True,
        article="VII.1",
        phone=True,
    ),
    Description(
        command="Disqualify",
        module="slices.disqualify",
        cli="disqualify",
        summaries=(pgettext("summary", "disqualified: {name}"),),
        keys=(Key("x", "command('Disqualify')", _("Disqualify"), False, False, None),),
        when="in play",
        director_only=True,
        article="VI.2",
        phone=True,
    ),
    Description(
        command="Draw",
        module="slices.draw",
        cli="draw",
        summaries=(pgettext("summary", "seat draw"),),
        keys=(Key("s", "command('Draw')", _("Seat draw"), True, False, None),),
        when="before the start",
        director_only=True,
        article="II.2",
        phone=False,
        prints="slips",
    ),
    Description(
        command="MarkServed",
        module="slices.mark_served",
        cli="served",
        summaries=(pgettext("summary", "suspension {id} served"),),
        keys=(Key("m", "command('MarkServed')", _("Suspension served"), False, True, None),),
        when="in play",
        director_only=False,
        article=None,
        phone=False,
    ),
    Description(
        command="Pay",
        module="slices.pay",
        cli="pay",
        summaries=(
            pgettext("summary", "entry fee: {name}"),
            pgettext("summary", "food contribution: {name}"),
        ),
        keys=(
            Key("y", "pay(False)", _("Pay"), True, False, None),
            Key("Y", "command('Pay')", _("Pay several"), False, False, None),
            Key("v", "food", _("Food"), False, False, "any time"),
        ),
        when="before the start",
        director_only=False,
        article=None,
        phone=False,
    ),
    Description(
        command="RecordRuling",
        module="slices.record_ruling",
        cli="ruling",
        summaries=(pgettext("summary", "ruling: {text}"),),
        keys=(Key("l", "ruling", _("Record ruling"), False, False, None),),
        when="any time",
        director_only=True,
        article="VII.2",
        phone=False,
    ),
    Description(
        command="Withdraw",
        module="slices.withdraw",
        cli="withdraw",
        summaries=(pgettext("summary", "withdraw {name}"),),
        keys=(Key("w", "command('Withdraw')", _("Withdraw"), False, False, None),),
        when="before the start",
        director_only=False,
        article=None,
        phone=False,
    ),
)
"""Each command module's description (``commands.DESCRIPTIONS`` ends with them)."""

SLICE_MODULES = {
    "Bust": "slices.bust",
    "CallBreak": "slices.call_break",
    "Disqualify": "slices.disqualify",
    "Draw": "slices.draw",
    "MarkServed": "slices.mark_served",
    "Pay": "slices.pay",
    "RecordRuling": "slices.record_ruling",
    "Withdraw": "slices.withdraw",
}
"""Each command's module in ``tdconsole.domain``, by its class's name."""

SLICE_EVENTS = {
    "players_eliminated": "slices.bust",
    "break_called": "slices.call_break",
    "player_disqualified": "slices.disqualify",
    "seats_drawn": "slices.draw",
    "suspension_served": "slices.mark_served",
    "fee_paid": "slices.pay",
    "ruling_recorded": "slices.record_ruling",
    "player_withdrawn": "slices.withdraw",
    "fee_refunded": "slices.withdraw",
}
"""Each event type's module in ``tdconsole.domain`` (``events.EVENT_MODULES``)."""

SLICE_RECORDS = {
    "Bust": ("players_eliminated",),
    "CallBreak": ("break_called",),
    "Disqualify": ("player_disqualified",),
    "Draw": ("seats_drawn",),
    "MarkServed": ("suspension_served",),
    "Pay": ("fee_paid",),
    "RecordRuling": ("ruling_recorded",),
    "Withdraw": (
        "player_withdrawn",
        "fee_refunded",
    ),
}
"""The events each command records (``authorship.RECORDS``): its module's."""
