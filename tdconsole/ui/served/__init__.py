"""The views ``tdconsole serve`` puts in a browser: the floor on a phone, behind its PIN, and
the room display."""

from __future__ import annotations
