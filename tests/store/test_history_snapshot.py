"""The snapshot keeps the history as the log has it: each command's summary as data (said in
any language after a reopening, never re-read from its English) and the creation command."""

from __future__ import annotations

from tdconsole.domain.fold import History
from tdconsole.domain.settings import Settings
from tdconsole.domain.slices.move_player import MovePlayer
from tdconsole.domain.state import State
from tdconsole.domain.summaries import Summary, summary_text
from tdconsole.store import snapshot


def test_a_snapshot_keeps_each_summary_as_data_and_the_creation() -> None:
    said = MovePlayer(name="Anna: Rossi", table=2, seat=7, reason="x").describe()
    history = History()
    history.active = [1, 2, 3]
    history.summaries = {1: "create event Serata", 2: "register Anna", 3: said}
    history.creation = 1
    state = State(settings=Settings())
    state.last_seq = 9
    _state, back = snapshot.decode(snapshot.encode(state, history, "head"), 9, "head")
    assert back.creation == 1
    assert back.summaries[2] == "register Anna"
    assert not isinstance(back.summaries[2], Summary)  # an older log's text stays text
    again = back.summaries[3]
    assert isinstance(again, Summary)
    assert (again, again.message, again.fields) == (said, said.message, said.fields)
    assert summary_text(again, "it") == (
        "spostamento deciso dal Direttore: Anna: Rossi al tavolo 2, posto 7"
    )
