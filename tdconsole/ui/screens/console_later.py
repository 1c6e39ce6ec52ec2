"""What the console's keys open: its dialogs, forms and screens, imported after the event's data
is shown. The App's worker imports this module once the console has painted the event
(``ui.app``); the actions reach it through ``console_actions.later``, which waits for that
import, or makes it, when a key comes first.
"""

from __future__ import annotations

from tdconsole.ui.calculators import form_class
from tdconsole.ui.dialogs.call_clock import CallClockDialog
from tdconsole.ui.dialogs.clock_set import ClockSetDialog
from tdconsole.ui.dialogs.close_table import CloseTableDialog
from tdconsole.ui.dialogs.colour_up import ColourUpDialog
from tdconsole.ui.dialogs.confirm import ConfirmDialog
from tdconsole.ui.dialogs.count import CountDialog
from tdconsole.ui.dialogs.eliminate import EliminateDialog
from tdconsole.ui.dialogs.final import FinalDialog
from tdconsole.ui.dialogs.print_report import FOR_TAB, PrintDialog
from tdconsole.ui.dialogs.register import RegisterDialog
from tdconsole.ui.dialogs.slice_dialog import SliceDialog
from tdconsole.ui.screens.keys import KeysScreen
from tdconsole.ui.screens.settings import SettingsScreen
from tdconsole.ui.screens.structure import StructureScreen


class Later:
    """The dialogs and screens the console's keys open, by their names."""

    CallClockDialog = CallClockDialog
    ClockSetDialog = ClockSetDialog
    CloseTableDialog = CloseTableDialog
    ColourUpDialog = ColourUpDialog
    ConfirmDialog = ConfirmDialog
    CountDialog = CountDialog
    EliminateDialog = EliminateDialog
    FinalDialog = FinalDialog
    PrintDialog = PrintDialog
    RegisterDialog = RegisterDialog
    SliceDialog = SliceDialog
    KeysScreen = KeysScreen
    SettingsScreen = SettingsScreen
    StructureScreen = StructureScreen
    FOR_TAB = FOR_TAB
    """The report the print dialog offers first on each tab."""
    form_class = staticmethod(form_class)
