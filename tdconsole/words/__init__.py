"""The words that more than one face says, in one place: the room's (the TV, the terminal's
room display and the players' page say the clock alike), the players' page's, and the clock's.

Faces-neutral: these modules import only ``tdconsole.i18n`` and the domain's types, never a
face (cli, ui, serve) nor the reports (``tests/test_layers.py``); gettext says them in the
reader's language.
"""
