"""Writes ``manifest.py`` from the command modules of this package: what every face must know
of them before importing any (their descriptions, their modules, their events' modules).

``python -m tdconsole.domain.slices.make_manifest`` after adding or changing a command module;
``tests/domain/test_slices.py`` fails while the manifest differs from what this writes.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from pathlib import Path

from tdconsole.domain import slices
from tdconsole.domain.described import Description, Key
from tdconsole.domain.events import EventBody
from tdconsole.domain.slices.spec import Slice
from tdconsole.i18n import Msg

NOT_COMMANDS = frozenset({"spec", "manifest", "make_manifest"})
MANIFEST = Path(slices.__file__).with_name("manifest.py")


def slice_modules() -> list[str]:
    """The command modules of the package, by name, sorted."""
    found = pkgutil.iter_modules(slices.__path__)
    return sorted(info.name for info in found if info.name not in NOT_COMMANDS)


def _q(value: object) -> str:
    """``value`` as Python source, strings in double quotes (as the formatter writes them)."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def _msg(message: Msg) -> str:
    if message.plural is not None or message.args:
        raise ValueError(f"{message.msgid!r}: a description's words are plain messages")
    if message.context is not None:
        return f"pgettext({_q(message.context)}, {_q(message.msgid)})"
    return f"_({_q(message.msgid)})"


def _key(key: Key) -> str:
    fields = (_q(key.key), _q(key.action), _msg(key.label), _q(key.shown), _q(key.floor))
    return f"Key({', '.join(fields)}, {_q(key.when)})"


def description_source(described: Description) -> str:
    summaries = "".join(f"\n            {_msg(m)}," for m in described.summaries)
    keys = "".join(f"\n            {_key(k)}," for k in described.keys)
    prints = f"\n        prints={_q(described.prints)}," if described.prints is not None else ""
    if described.parsed_by is not None:
        prints += f"\n        parsed_by={_q(described.parsed_by)},"
    return f"""    Description(
        command={_q(described.command)},
        module={_q(described.module)},
        cli={_q(described.cli)},
        summaries=({summaries}
        ),
        keys=({keys}
        ),
        when={_q(described.when)},
        director_only={_q(described.director_only)},
        article={_q(described.article)},
        phone={_q(described.phone)},{prints}
    ),
"""


def manifest() -> str:
    """The manifest's text, as the modules are now."""
    descriptions, modules, events, records = [], [], [], []
    for name in slice_modules():
        module = importlib.import_module(f"{slices.__name__}.{name}")
        declared: Slice = module.SLICE
        described = declared.description
        if described.module != f"slices.{name}":
            raise ValueError(f"{name}: its description names the module {described.module!r}")
        descriptions.append(description_source(described))
        modules.append(f"    {_q(described.command)}: {_q(described.module)},\n")
        kinds = []
        for value in vars(module).values():
            own = isinstance(value, type) and value.__module__ == module.__name__
            if own and issubclass(value, EventBody) and value.type:
                events.append(f"    {_q(value.type)}: {_q(described.module)},\n")
                kinds.append(_q(value.type))
        kinds.extend(_q(kind) for kind in declared.records)
        records.append(f"    {_q(described.command)}: ({', '.join(kinds)},),\n")
    body = "".join(descriptions)
    words = [name for name in ("_", "pgettext") if f"{name}(" in body]
    speech = f"from tdconsole.i18n import {', '.join(words)}\n" if words else ""
    return (
        '"""Written by ``python -m tdconsole.domain.slices.make_manifest`` from the command\n'
        'modules of this package: not edited by hand (a test compares the two)."""\n\n'
        "from tdconsole.domain.described import Description, Key\n" + speech + "\n"
        "SLICE_DESCRIPTIONS = (\n" + body + ")\n"
        '"""Each command module\'s description (``commands.DESCRIPTIONS`` ends with them)."""\n\n'
        "SLICE_MODULES = {\n" + "".join(modules) + "}\n"
        '"""Each command\'s module in ``tdconsole.domain``, by its class\'s name."""\n\n'
        "SLICE_EVENTS = {\n" + "".join(events) + "}\n"
        '"""Each event type\'s module in ``tdconsole.domain`` (``events.EVENT_MODULES``)."""\n\n'
        "SLICE_RECORDS = {\n" + "".join(records) + "}\n"
        '"""The events each command records (``authorship.RECORDS``): its module\'s, and those of\n'
        'other modules it names (``Slice.records``)."""\n'
    )


def main() -> int:
    MANIFEST.write_text(manifest(), encoding="utf-8")
    print(f"wrote {MANIFEST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
