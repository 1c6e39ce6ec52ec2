"""A command's fields as every face asks for them, and the command built from what was typed.

A ``Slice`` is what a command module declares once: its description (``described``), its
fields (``Field``), its dialog's heading and button. The command line builds its parser from
the fields (``cli.slice_cmds``), the console its dialog (``ui.dialogs.slice_dialog``); both
hand what was typed, as text, to ``Slice.build``, which reads each field the same way and
refuses in one line, naming the field and its article. The result is said by the command's own
summary in the reader's language: the log's, the command line's and the console's sentence.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from tdconsole.domain.described import Description
from tdconsole.domain.errors import RuleError
from tdconsole.domain.events import Command
from tdconsole.domain.numbers import whole_number
from tdconsole.domain.slices.manifest import SLICE_MODULES
from tdconsole.i18n import Msg, _

Kind = Literal["whole", "text"]


@dataclass(frozen=True)
class Field:
    """One field of a command: its name (the command's attribute, the option's name), what
    it is (``kind``), its words (``label``: the dialog's placeholder and the option's help;
    ``metavar``: the command line's), whether it must be given (a positional argument on the
    command line) or may be (an option), and its bounds."""

    name: str
    kind: Kind
    label: Msg
    metavar: Msg
    required: bool = True
    low: int = 0
    high: int = 0
    """A whole number's bounds (``low`` to ``high``)."""

    def read(self, raw: str | None, article: str | None) -> int | str | None:
        """``raw`` (as typed; None: not given) as the command's value: a whole number within
        the bounds, or the text trimmed (empty: not given). Refused in one line."""
        text = (raw or "").strip()
        if not text:
            if self.required:
                raise RuleError(_("{what}: give it").format(what=self.label), article)
            return None
        if self.kind == "whole":
            return whole_number(text, self.label, low=self.low, high=self.high, article=article)
        return text


@dataclass(frozen=True)
class Slice:
    """A command as the faces ask for it (module docstring)."""

    command: type[Command]
    description: Description
    fields: tuple[Field, ...]
    heading: Msg
    """The dialog's title (its articles follow it)."""
    ok: Msg
    """The dialog's button."""

    @property
    def article(self) -> str | None:
        return self.description.article

    def build(self, typed: Mapping[str, str | None]) -> Command:
        """The command from what was typed in each field (by name; a field absent: not
        given)."""
        values = {
            field.name: field.read(typed.get(field.name), self.article) for field in self.fields
        }
        return self.command(**{name: value for name, value in values.items() if value is not None})


def declared(command: str) -> Slice:
    """The ``Slice`` of the command named ``command`` (its class's name), its module imported
    now."""
    module = importlib.import_module(f"tdconsole.domain.{SLICE_MODULES[command]}")
    found: Slice = module.SLICE
    return found
