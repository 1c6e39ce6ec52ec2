"""A table of the console whose columns are named once, in its class (``COLUMNS``)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.widgets import DataTable

from tdconsole.i18n import Msg
from tdconsole.ui.i18n import Translator


class ColumnsTable(DataTable[Text]):
    """Its columns, each a key and its heading, added once in the console's language."""

    COLUMNS: ClassVar[tuple[tuple[str, Msg], ...]] = ()

    def __init__(self, tr: Translator, id: str | None = None, **options: Any) -> None:
        super().__init__(id=id, cursor_type="row", **options)
        self.tr = tr

    def on_mount(self) -> None:
        self.add_columns_once()

    def add_columns_once(self) -> None:
        """Once: at mount, or at the first ``show`` if the state comes first (a tab mounted
        after the first frame is in the DOM before its mount has run)."""
        if self.columns:
            return
        for key, heading in self.COLUMNS:
            self.add_column(self.tr.say(heading), key=key)
