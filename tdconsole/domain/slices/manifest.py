"""Written by ``python -m tdconsole.domain.slices.make_manifest`` from the command
modules of this package: not edited by hand (a test compares the two)."""

from tdconsole.domain.described import Description, Key
from tdconsole.i18n import _, pgettext

SLICE_DESCRIPTIONS = (
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
        command="ClearMessage",
        module="slices.clear_message",
        cli="message --clear",
        summaries=(pgettext("summary", "message to the room cleared"),),
        keys=(),
        when="any time",
        director_only=True,
        article="VII.1",
        phone=False,
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
        command="HandOverPrize",
        module="slices.hand_over",
        cli="hand-over",
        summaries=(pgettext("summary", "prize handed over: {name}"),),
        keys=(Key("H", "command('HandOverPrize')", _("Hand over the prize"), False, False, None),),
        when="in play",
        director_only=True,
        article="I.7",
        phone=False,
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
        command="MoveButton",
        module="slices.move_button",
        cli="button",
        summaries=(pgettext("summary", "button at table {table} seat {seat}"),),
        keys=(Key("B", "command('MoveButton')", _("Button"), False, True, None),),
        when="in play",
        director_only=False,
        article=None,
        phone=False,
    ),
    Description(
        command="MovePlayer",
        module="slices.move_player",
        cli="move",
        summaries=(pgettext("summary", "Director's move: {name} to table {table} seat {seat}"),),
        keys=(Key("M", "command('MovePlayer')", _("Move a player"), False, False, None),),
        when="in play",
        director_only=True,
        article="VII.1",
        phone=False,
    ),
    Description(
        command="ShowMessage",
        module="slices.show_message",
        cli="message",
        summaries=(pgettext("summary", "message to the room: {text}"),),
        keys=(
            Key(
                "exclamation_mark",
                "command('ShowMessage')",
                _("Message to the room"),
                False,
                False,
                None,
            ),
        ),
        when="any time",
        director_only=True,
        article="VII.1",
        phone=False,
    ),
    Description(
        command="SignPhonesOut",
        module="slices.sign_phones_out",
        cli="sign-out",
        summaries=(pgettext("summary", "sign every phone out"),),
        keys=(),
        when="any time",
        director_only=True,
        article="VII.1",
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
    "CallBreak": "slices.call_break",
    "ClearMessage": "slices.clear_message",
    "Disqualify": "slices.disqualify",
    "HandOverPrize": "slices.hand_over",
    "MarkServed": "slices.mark_served",
    "MoveButton": "slices.move_button",
    "MovePlayer": "slices.move_player",
    "ShowMessage": "slices.show_message",
    "SignPhonesOut": "slices.sign_phones_out",
    "Withdraw": "slices.withdraw",
}
"""Each command's module in ``tdconsole.domain``, by its class's name."""

SLICE_EVENTS = {
    "break_called": "slices.call_break",
    "message_cleared": "slices.clear_message",
    "player_disqualified": "slices.disqualify",
    "prize_handed_over": "slices.hand_over",
    "suspension_served": "slices.mark_served",
    "button_moved": "slices.move_button",
    "player_moved": "slices.move_player",
    "message_shown": "slices.show_message",
    "phones_signed_out": "slices.sign_phones_out",
    "player_withdrawn": "slices.withdraw",
    "fee_refunded": "slices.withdraw",
}
"""Each event type's module in ``tdconsole.domain`` (``events.EVENT_MODULES``)."""

SLICE_RECORDS = {
    "CallBreak": ("break_called",),
    "ClearMessage": ("message_cleared",),
    "Disqualify": ("player_disqualified",),
    "HandOverPrize": ("prize_handed_over",),
    "MarkServed": ("suspension_served",),
    "MoveButton": ("button_moved",),
    "MovePlayer": ("player_moved",),
    "ShowMessage": ("message_shown",),
    "SignPhonesOut": ("phones_signed_out",),
    "Withdraw": (
        "player_withdrawn",
        "fee_refunded",
    ),
}
"""The events each command records (``authorship.RECORDS``): its module's."""
