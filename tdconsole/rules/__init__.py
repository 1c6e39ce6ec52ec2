"""The regulation at the Director's fingertips: rulebooks, search, importer and calculators.

Submodules are imported on demand (``tdconsole.rules.search``, ``tdconsole.rules.calculators``…);
nothing here touches the disk or the UI at import time.
"""
