"""Radio buttons and check boxes whose state shows without colour.

Textual's draw the same ``●`` / ``X`` whether chosen or not and tell them apart by colour only:
here the chosen radio button shows ``●`` and the others ``○``; a ticked box ``X``, an empty
one nothing.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Checkbox, RadioButton, RadioSet

from tdconsole.ui.textual_reach import radio_cursor


class Choice(RadioButton):
    """A radio button: ``●`` chosen, ``○`` not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else "○"
        return super().render()


class Choices(RadioSet):
    """Radio buttons whose cursor is always on the one chosen: it starts there (not on the
    first), and the arrows move the cursor and the choice together. What shows chosen is what
    the dialog records; Enter or space keeps it.

    Textual's arrows move the cursor alone: a dialog recorded the choice still marked ``●``
    while the cursor showed another one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._placed = False
        """The cursor is on the choice: the set's own mounting moves it to the first button
        (``action_next_button``), which chooses nothing."""

    def on_mount(self) -> None:
        # After the set's own mounting, which puts the cursor on the first button.
        self.call_later(self._on_the_choice)

    def _on_the_choice(self) -> None:
        if self.pressed_index >= 0:
            radio_cursor(self, self.pressed_index)
        self._placed = True

    def action_next_button(self) -> None:
        super().action_next_button()
        self._choose()

    def action_previous_button(self) -> None:
        super().action_previous_button()
        self._choose()

    def _choose(self) -> None:
        # The button under the cursor pressed (pressed already: the set keeps it pressed).
        if self._placed:
            self.action_toggle_button()


class Tick(Checkbox):
    """A check box: ``X`` ticked, empty not."""

    def render(self) -> Content:
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()
