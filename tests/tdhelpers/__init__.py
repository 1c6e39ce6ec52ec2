"""What the tests share that is not a fixture: builders of events, fakes, the browser, the
forked processes (``from tdhelpers.support import ...``; tests/ is on pytest's path). A name
of the project's own, so that no installed package of the same name is imported instead."""
