"""Commands each written in one module: the command and its events, its description, the
fields the command line's parser and the console's dialog are built from, and its one result
sentence (``spec.Slice``). ``manifest`` lists them, generated from the modules
(``python -m tdconsole.domain.slices.make_manifest``), so that nothing is imported before it is
used; docs/design.md shows how to add one."""
