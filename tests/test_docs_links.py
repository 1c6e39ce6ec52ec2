"""Every relative link and image in the README and the user's guide (docs/*.md) leads somewhere.

A link to another page may name a heading (`page.md#translating`): the heading must be there,
spelled as a Markdown renderer turns it into an anchor. Links inside code blocks and code spans
are text, not links; addresses with a scheme (https:, mailto:) are not checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def links(text: str) -> list[str]:
    """The targets of the Markdown links and images of a page, outside code."""
    return _LINK.findall(_prose(text))


def anchors(text: str) -> set[str]:
    """The anchors a renderer gives the headings (GitHub's way: lower case, no punctuation)."""
    found = set()
    for title in _HEADING.findall(_FENCE.sub("", text)):
        plain = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", title).strip().lower()
        found.add(re.sub(r"[^\w\- ]", "", plain).replace(" ", "-"))
    return found


def broken(page: Path) -> list[str]:
    """What is wrong with the page's relative links: a missing file, or a heading not there."""
    wrong = []
    for target in links(page.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            wrong.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest.read_text("utf-8")):
            wrong.append(f"{target}: no heading #{anchor}")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken(page) == []


def test_the_guide_has_an_index_that_names_every_page() -> None:
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    named = {Path(t.partition("#")[0]).name for t in links(index)}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"README.md"}
    assert pages - named == set()


def test_the_readme_stays_a_five_minute_read() -> None:
    assert len((ROOT / "README.md").read_bytes()) <= 15_000


GUIDES_CAP = 150_000
"""Bytes of the guides together: docs/*.md and docs/**/*.md, the generated reference aside."""


def guide_pages(docs: Path) -> list[Path]:
    """The guides' pages under ``docs``: every Markdown file at any depth but the command-line
    reference, which ``python -m tdconsole.cli.reference`` writes."""
    return sorted(p for p in docs.rglob("*.md") if p != docs / "command-line.md")


def test_the_guides_stay_short() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_bytes()) for p in guide_pages(ROOT / "docs")}
    assert sum(sizes.values()) <= GUIDES_CAP, sorted(sizes.items(), key=lambda kv: -kv[1])


def test_the_guides_size_counts_every_page_but_the_reference(tmp_path: Path) -> None:
    (tmp_path / "room").mkdir()
    for name in ("guide.md", "room/stage.md", "command-line.md", "room/command-line.md"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "shot.png").write_bytes(b"")
    assert [p.relative_to(tmp_path).as_posix() for p in guide_pages(tmp_path)] == [
        "guide.md",
        "room/command-line.md",
        "room/stage.md",
    ]


def test_a_broken_link_or_image_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# Here it is\n", encoding="utf-8")
    (tmp_path / "shot.png").write_bytes(b"")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md) [ok](there.md#here-it-is) ![ok](shot.png) [web](https://example.org)\n"
        "[gone](missing.md) ![gone](missing.png) [no heading](there.md#elsewhere)\n"
        "`[code](not-a-link.md)`\n```\n![code](nor-this.png)\n```\n",
        encoding="utf-8",
    )
    assert broken(page) == [
        "missing.md: no such file",
        "missing.png: no such file",
        "there.md#elsewhere: no heading #elsewhere",
    ]
