"""The pure domain: the regulation's rules as commands, events and a folded State.

No I/O, no clock reads, no randomness of its own, no UI imports. Importing the package loads
nothing else (the command line stays fast); ``tdconsole.domain.catalog`` registers every event
type, and reading an event imports its type's module by itself (``events.EVENT_MODULES``).
"""
