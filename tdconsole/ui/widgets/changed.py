"""Updating a line only when it changes: ``Static.update`` repaints the line and lays the
whole screen out again, and the console shows its clock at every tick (four times a second)
and its dialogs' notes at every key, mostly with the words already shown."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.text import Text
from textual.content import Content
from textual.visual import VisualType
from textual.widgets import Static

_SHOWN: WeakKeyDictionary[Static, tuple[object, ...]] = WeakKeyDictionary()
"""What each line updated here shows now."""


def shown_as(content: VisualType) -> tuple[object, ...]:
    """What ``content`` shows, to compare: text with its styles; anything else (a table, a
    panel) is never taken for equal to what was shown before."""
    if isinstance(content, Text):
        return ("text", content.plain, str(content.style), content.justify, *content.spans)
    if isinstance(content, str):
        return ("str", content)
    if isinstance(content, Content):
        return ("content", content.plain, *content.spans)
    return ("object", id(content), content)


def update_changed(line: Static, content: VisualType) -> bool:
    """``line.update(content)`` unless it already shows ``content``; True when updated."""
    shown = shown_as(content)
    if _SHOWN.get(line) == shown:
        return False
    _SHOWN[line] = shown
    line.update(content)
    return True
