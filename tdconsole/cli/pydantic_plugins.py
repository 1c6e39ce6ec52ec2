"""pydantic's plugins, looked for without ``importlib.metadata``.

The first time pydantic builds a validator it asks ``importlib.metadata`` for the entry points
of the group ``pydantic``, its plugins: importing that module costs a command more than reading
the whole event. The same entry points are the ``[pydantic]`` sections of the
``entry_points.txt`` files of the distributions on ``sys.path``, and ``look_up`` reads those.
When none declares the group, pydantic's loader is told there is no plugin, and
``importlib.metadata`` is never imported; when one does, or when a place cannot be read that
way (a zip archive, a finder of its own), pydantic's own loader looks, as always. The models,
their validation and any plugin installed stay exactly as they are.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from collections.abc import Iterable
from importlib.machinery import PathFinder
from typing import Any

LOADER = "pydantic.plugin._loader"


def no_plugin_declared(paths: Iterable[str]) -> bool:
    """True when no distribution in the folders ``paths`` declares a ``pydantic`` entry
    point; False when one does, or when one of ``paths`` is a file (a zip archive)."""
    for folder in paths:
        folder = folder or "."
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return False
        except OSError:  # missing or unreadable: importlib.metadata finds nothing there either
            continue
        for name in names:
            if not name.lower().endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as f:
                    if any(line.strip() == "[pydantic]" for line in f):
                        return False
            except UnicodeDecodeError:
                return False
            except OSError:  # no entry points (or an .egg-info file)
                continue
    return True


def _only_paths_hold_distributions() -> bool:
    """Distributions are found only in the folders of ``sys.path`` (no finder of its own)."""
    return all(
        finder is PathFinder or not hasattr(finder, "find_distributions")
        for finder in sys.meta_path
    )


def _real_loader(name: str) -> Any:
    """Anything else asked of the loader: pydantic's own, imported in its place."""
    if name.startswith("__"):
        raise AttributeError(name)
    sys.modules.pop(LOADER, None)
    return getattr(importlib.import_module(LOADER), name)


def look_up() -> None:
    """Before pydantic builds its first validator: when no plugin is declared, pydantic's
    plugin loader is one that has none (see the module's docstring)."""
    if LOADER in sys.modules:
        return
    if not (_only_paths_hold_distributions() and no_plugin_declared(sys.path)):
        return
    loader = types.ModuleType(LOADER, "pydantic's plugin loader: no plugin is declared")
    loader.get_plugins = lambda: ()  # type: ignore[attr-defined]
    loader.__getattr__ = _real_loader  # type: ignore[method-assign]
    sys.modules[LOADER] = loader
