"""Radio buttons and check boxes whose state shows without colour.

Textual's draw the same ``●`` / ``X`` whether chosen or not and tell them apart by colour only:
here the chosen radio button shows ``●`` and the others ``○``; a ticked box ``X``, an empty
one nothing.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class Choice(RadioButton):
    """A radio button: ``●`` chosen, ``○`` not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()


class Tick(Checkbox):
    """A check box: ``X`` ticked, empty not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()
