"""Digits that fill a TV: a 3×5 block font scaled to the widget's size, always six glyphs wide
(sign + MM:SS), so the time never shifts as it counts."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

FONT: dict[str, tuple[str, ...]] = {
    "0": ("###", "# #", "# #", "# #", "###"),
    "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"),
    "3": ("###", "  #", " ##", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"),
    "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"),
    "7": ("###", "  #", "  #", " # ", " # "),
    "8": ("###", "# #", "###", "# #", "###"),
    "9": ("###", "# #", "###", "  #", "###"),
    ":": ("   ", " # ", "   ", " # ", "   "),
    "+": ("   ", " # ", "###", " # ", "   "),
    "-": ("   ", "   ", "###", "   ", "   "),
    " ": ("   ", "   ", "   ", "   ", "   "),
}


def scaled_lines(text: str, sx: int, sy: int) -> list[str]:
    rows = []
    for r in range(5):
        row = " ".join(
            "".join(("█" if ch == "#" else " ") * sx for ch in FONT.get(c, FONT[" "])[r])
            for c in text
        )
        rows.extend([row] * sy)
    return rows


class BigClock(Widget):
    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = " --:--"

    def show(self, text: str) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> RenderableType:
        width, height = self.content_region.width, self.content_region.height
        glyphs = len(self.text)
        sx = max(1, (width - glyphs + 1) // (3 * glyphs))
        sy = max(1, height // 5)
        sy = min(sy, max(1, sx))  # keep the digits roughly square on a terminal's tall cells
        return Text("\n".join(scaled_lines(self.text, sx, sy)), justify="center", no_wrap=True)
