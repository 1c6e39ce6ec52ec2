"""The bundled font: shipped inside the package, with every glyph the reports print."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import files
from pathlib import Path

from fontTools.ttLib import TTFont

from tdconsole.reports.pdf_ink import FONT_FILES

NEEDED = "ŁłëÖÅåøñçšŠęΩΣπύρος♥♦♣♠✂—–…·ª\u202f€"


def test_fonts_ship_in_the_package_with_their_licence() -> None:
    folder = files("tdconsole.reports") / "fonts"
    for name in FONT_FILES.values():
        assert (folder / name).is_file()
    licence = (folder / "LICENSE-DejaVu.txt").read_text("utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


def test_every_face_has_the_glyphs_we_print() -> None:
    for name in FONT_FILES.values():
        with (files("tdconsole.reports") / "fonts" / name).open("rb") as handle:
            cmap = TTFont(handle, lazy=True).getBestCmap()
        missing = [ch for ch in NEEDED if ord(ch) not in cmap]
        assert not missing, f"{name} lacks {missing}"


def test_importing_reports_loads_no_pdf_library_nor_ui() -> None:
    code = (
        "import sys, tdconsole.reports, tdconsole.cli.print_cmds;"
        "heavy = [m for m in ('fpdf', 'fontTools', 'textual', 'rich') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert done.stdout.strip() == ""
