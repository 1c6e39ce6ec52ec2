"""The one question of the system that the domain asks (``domain/folders.py``); it is here
because the domain may not import the store (tests/test_layers.py), where
``store/system.py`` answers every other."""

from __future__ import annotations

import sys


def paths_have_drives() -> bool:
    """Whether this system's paths begin with a drive (Windows: ``C:\\Stampe``), so that one
    without (``\\Stampe``) names a folder on whichever drive is current."""
    return sys.platform == "win32"
