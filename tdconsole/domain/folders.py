"""The settings that name a folder of the machine the console runs on (``folder`` for the
backups, ``print_dir`` for the printouts): what ``set`` accepts there.

A folder on another computer (``\\\\host\\share``, ``//host/share``) is refused: writing there
would open a connection to that host at every backup or printout (on Windows, with the user's
credentials). So is a Windows path that depends on a drive's current folder (``C:stampe``,
``\\stampe``), which means another folder as the console's current one changes.
"""

from __future__ import annotations

import ntpath

from tdconsole.drives import paths_have_drives
from tdconsole.i18n import Msg, _

FOLDER_KEYS = ("folder", "print_dir")
"""The settings (their keys for ``set``) that name a folder of this machine."""

_SEPARATORS = "\\/"


def folder_refusal(value: str) -> Msg | None:
    """Why ``value`` cannot name a folder of this machine, or None when it can. Read as
    Windows reads paths on every system: a file made on Linux is opened on Windows too."""
    typed = value.strip()
    if typed[:2] and all(ch in _SEPARATORS for ch in typed[:2]):
        return _("names a folder on another computer: give a folder of this computer")
    drive, rest = ntpath.splitdrive(typed)
    if drive and not rest.startswith(tuple(_SEPARATORS)):
        return _("names a drive without its folder ({typed}): write the whole path").format(
            typed=typed
        )
    if paths_have_drives() and not drive and typed.startswith(tuple(_SEPARATORS)):
        return _("names no drive ({typed}): write the whole path, e.g. C:\\Stampe").format(
            typed=typed
        )
    return None
