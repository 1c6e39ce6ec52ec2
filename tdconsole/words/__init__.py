"""The product's phrases, one module per page or paper, each read by whichever face shows
it: the room's (the TV page and the terminal's room display), the players' page's, the floor
phone's, the clock's (the console) and the printed reports'.

Faces-neutral: these modules import only ``tdconsole.i18n`` and the domain, never a face (cli,
ui, serve) nor the reports (``tests/test_layers.py``); gettext says them in the reader's
language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tdconsole.i18n import Msg


def templates(words: Mapping[str, Msg], lang: str) -> dict[str, str]:
    """Each of ``words`` in ``lang``, its placeholders still to fill (by a page's script)."""
    return {key: message.template(lang) for key, message in words.items()}
