"""The floor on a phone: a web page served by ``tdconsole serve`` (see docs/floor.md)."""
