"""Messages up: widgets and dialogs ask, the App acts (it alone calls the service)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from tdconsole.domain.events import Command


class CommandRequested(Message):
    """Run ``command`` on the event; on success close ``dialog`` (if any), notify, and post
    ``then`` (what follows once it is recorded: a handover's receipt)."""

    def __init__(
        self, command: Command, dialog: Screen[Any] | None = None, then: Message | None = None
    ) -> None:
        super().__init__()
        self.command = command
        self.dialog = dialog
        self.then = then


class UndoRequested(Message):
    """Undo the last command in effect (``redo=True``: restore the last one undone)."""

    def __init__(self, redo: bool = False) -> None:
        super().__init__()
        self.redo = redo


class QuitRequested(Message):
    """Quit the console (confirmed: ``q``); every action is already in the event file."""


class RulesRequested(Message):
    """Open the rulings tab at ``article``."""

    def __init__(self, article: str) -> None:
        super().__init__()
        self.article = article


class CiteRequested(Message):
    """Open the record-ruling dialog citing ``articles`` (and ``text`` as the decision)."""

    def __init__(self, articles: str, text: str = "") -> None:
        super().__init__()
        self.articles = articles
        self.text = text


class PrintRequested(Message):
    """Render report ``kind`` in ``fmt`` and write it to ``path`` (None: the printer queue);
    ``players``: the receipts of these players alone."""

    def __init__(
        self, kind: str, fmt: str, path: Path | None, players: tuple[str, ...] = ()
    ) -> None:
        super().__init__()
        self.kind = kind
        self.fmt = fmt
        self.path = path
        self.players = players


class EventChosen(Message):
    """``kind`` is "new" (``value`` = its name), "open" (a path or name), "like" (``value`` = the
    new event's name, ``like`` = the event whose settings and players it takes) or "demo"."""

    def __init__(self, kind: str, value: str = "", like: Path | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.value = value
        self.like = like
