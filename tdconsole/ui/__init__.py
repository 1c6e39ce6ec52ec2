"""The console: a Textual UI over the ``Tournament`` service (Director, floor, room display).

Nothing is imported here: ``tdconsole.ui.app`` is imported only when a screen is opened, so the
command line stays fast for every other command.
"""
