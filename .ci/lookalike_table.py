"""Writes tdconsole/domain/lookalike_table.py from the installed disarm: each character's
TR39 skeleton as disarm gives it, for where disarm is not installed (tdconsole/domain/lookalike.py).

    .venv/bin/python .ci/lookalike_table.py          # after an upgrade of disarm

tests/domain/test_lookalike.py fails when the table no longer gives disarm's answers.
"""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import disarm

TARGET = Path(__file__).resolve().parent.parent / "tdconsole" / "domain" / "lookalike_table.py"
WIDTH = 96

HEADER = '''"""Each character's TR39 skeleton where it is not the character itself, as disarm
{version} gives it: written by ``.ci/lookalike_table.py``, read by ``lookalike.py``. An entry is
``code:skeleton`` (code points in hex, a skeleton's joined by ``.``), or ``first-last:`` for a
run of characters that show nothing (an empty skeleton)."""

DISARM = "{version}"

TABLE = """
'''


def key(text: str) -> str:
    return disarm.skeleton_key(text) if text.strip() else text


def skeleton(ch: str) -> str:
    """``ch``'s skeleton, or the form it takes between letters where disarm's spaces around
    it (``¨`` is a space and a combining mark) are collapsed only at the text's ends."""
    alone = key(ch)
    between = disarm.skeleton_key(f"x{ch}x")
    inner = between[1:-1]
    if between[:1] == between[-1:] == "x" and inner != alone and " ".join(inner.split()) == alone:
        return inner
    return alone


def entries() -> list[str]:
    found: list[str] = []
    run: list[int] = []

    def close_run() -> None:
        if len(run) == 1:
            found.append(f"{run[0]:x}:")
        elif run:
            found.append(f"{run[0]:x}-{run[-1]:x}:")
        run.clear()

    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        ch = chr(code)
        shown = skeleton(ch)
        if shown == ch:
            close_run()
        elif shown == "":
            if run and run[-1] != code - 1:
                close_run()
            run.append(code)
        else:
            close_run()
            found.append(f"{code:x}:" + ".".join(f"{ord(c):x}" for c in shown))
    close_run()
    return found


def render() -> str:
    lines: list[str] = []
    line = ""
    for entry in entries():
        if line and len(line) + 1 + len(entry) > WIDTH:
            lines.append(line)
            line = entry
        else:
            line = f"{line} {entry}" if line else entry
    lines.append(line)
    return HEADER.format(version=version("disarm")) + "\n".join(lines) + '\n"""\n'


def main() -> None:
    TARGET.write_text(render(), encoding="utf-8", newline="\n")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
