"""Radio buttons and check boxes whose state shows without colour.

Textual's draw the same ``●`` / ``X`` whether chosen or not and tell them apart by colour only:
here the chosen radio button shows ``●`` and the others ``○``; a ticked box ``X``, an empty
one nothing.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox, RadioButton, RadioSet

from tdconsole.ui.textual_reach import radio_cursor


class Choice(RadioButton):
    """A radio button: ``●`` chosen, ``○`` not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()


class Choices(RadioSet):
    """Radio buttons whose cursor starts on the one chosen, not on the first: Enter or space
    keeps the choice a dialog opened with."""

    def on_mount(self) -> None:
        # After the set's own mounting, which puts the cursor on the first button.
        self.call_later(self._on_the_choice)

    def _on_the_choice(self) -> None:
        if self.pressed_index >= 0:
            radio_cursor(self, self.pressed_index)


class Tick(Checkbox):
    """A check box: ``X`` ticked, empty not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()
