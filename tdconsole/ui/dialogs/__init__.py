"""Dialogs for the actions; each cites its articles in its title and posts a command up."""
