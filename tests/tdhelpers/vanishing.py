"""The ways an event file vanishes under a terminal that has it open (``tdhelpers.vanishing``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

MOVED_TO = "elsewhere.tdc"
"""Where ``moved`` puts the file, beside it."""


def deleted(path: Path) -> None:
    path.unlink()


def moved(path: Path) -> None:
    path.rename(path.with_name(MOVED_TO))


def replaced(path: Path) -> None:
    """Another copy of the same event put in its place (as a restore from elsewhere would)."""
    copy = path.with_name("copy.tdc")
    shutil.copyfile(path, copy)
    os.replace(copy, path)


VANISHINGS = [deleted, moved, replaced]
