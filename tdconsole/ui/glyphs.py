"""The console's marks, each a glyph of Cascadia Mono (Windows Terminal's default font) as of
the usual Linux and macOS terminal fonts: a glyph the font lacks is drawn from another font,
at another width, or not at all (docs/console.md#fonts). ``tests/ui/test_glyphs.py`` checks
every character the console draws.

Nothing is imported here: the command line uses these marks too.
"""

SECOND_STACK = "²"
"""A player who has taken the second stack (Art. VII.7)."""

WARNING = "▲"
"""Something the Director must do now (the room panel, the clock's warnings)."""

COLOUR_UP = "↔"
"""The break where the smallest chips are coloured up."""

SEARCH = "❯"
"""Before the command palette's search box (Textual draws a magnifier emoji there)."""
