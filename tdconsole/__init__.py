"""tdconsole: a console for directing live Texas Hold'em tournaments under the Ordine's regulation.

Importing the package imports nothing else: the command line, the console and the core load
their own dependencies when they are used.
"""

__version__ = "0.1.0"
