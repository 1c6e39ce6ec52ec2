"""The Director's PIN typed on a staff member's phone: logged as the Director through him."""

from __future__ import annotations

import pytest

from tdconsole.domain.acting import Who, label_text
from tdconsole.domain.errors import RuleError
from tdconsole.domain.slices.register import Register
from tdconsole.service import Tournament


def test_the_directors_action_from_a_phone_names_the_staff_member(make_service) -> None:  # type: ignore[no-untyped-def]
    service: Tournament = make_service()
    director = service.state.settings.director
    via = Tournament.open(service.store.path, role="director", via="  Anna ")
    try:
        assert via.role == "director"
        assert via.who == Who(director, "director", "Anna")
        via.execute(Register(names=["Bruno"]))
    finally:
        via.close()
    service.refresh()
    record = service.log()[-1]
    assert record.actor == director
    who = service.history.actors[record.command]
    assert who == Who(director, "director", "Anna")
    assert label_text(who, "en") == f"{director} (via Anna)"
    assert label_text(who, "it") == f"{director} (tramite Anna)"
    # The floor's Anna cannot undo what she did as the Director; the Director can.
    anna = Tournament.open(service.store.path, role="floor", actor="Anna")
    try:
        with pytest.raises(RuleError, match="only the Director may undo it"):
            anna.undo()
    finally:
        anna.close()
    assert service.undo() == "register Bruno"
    assert service.state.find("Bruno") is None
