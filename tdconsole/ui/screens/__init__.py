"""Screens: the console (Director and floor), the room display, the start screen, the keys."""
