"""Four floor terminals, 500 actions each, on one event, eliminating the same players on
purpose (concurrency): no lost update, no duplicate, every conflict refused clearly
(a one-line ``RuleError``), the wait for the write lock far below its timeout, and every
invariant holding."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from tdhelpers import forked
from tdhelpers.invariants import check
from tdhelpers.support import started

from tdconsole.domain.events import CommandNoted
from tdconsole.domain.play import PlayersEliminated
from tdconsole.service import Tournament
from tdconsole.store.settings_file import load_settings

TERMINALS = 4
ACTIONS = 500
PLAYERS = 300

TERMINAL = textwrap.dedent(
    """
    import json, os, random, sys, time
    from pathlib import Path
    from tdconsole.domain.errors import RuleError
    from tdconsole.domain.play import Bust, Count, SecondStack
    from tdconsole.service import Tournament

    path, who, go, actions = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
    players = int(sys.argv[5])
    service = Tournament.open(path, actor=who, role="floor")
    print("ready", flush=True)
    rng = random.Random(who)
    names = [f"Giocatore {i:03d}" for i in range(1, players + 1)]
    targets = iter(names)  # every terminal eliminates the same players, in the same order
    while not go.exists():
        time.sleep(0.001)
    done, refused, slowest = [], [], 0.0
    for i in range(actions):
        if i % 2 == 0:
            command = Bust(names=[next(targets)], declined=True)
        elif i % 4 == 1:
            command = SecondStack(name=rng.choice(names), stack=0)
        else:
            command = Count(counts={rng.choice(names): rng.randint(1, 400) * 25})
        started = time.monotonic()
        try:
            records = service.execute(command)
            done.append([records[0].seq, command.describe()])
        except RuleError as exc:
            refused.append([command.describe(), str(exc)])
        slowest = max(slowest, time.monotonic() - started)
        time.sleep(rng.random() * 0.002)  # a person at a terminal, not a tight loop
    service.close()
    print(json.dumps({"done": done, "refused": refused, "slowest": slowest}))
    """
)


def test_four_terminals_five_hundred_actions_each(tmp_path: Path) -> None:
    path = tmp_path / "floor.tdc"
    settings = load_settings().with_value("max_players", str(PLAYERS))
    names = [f"Giocatore {i:03d}" for i in range(1, PLAYERS + 1)]
    service = Tournament.create(path, "floor", settings)
    started(service, names)
    setup_seq = service.state.last_seq
    service.close()
    go = tmp_path / "go"
    procs = [
        forked.popen(
            TERMINAL,
            *(str(path), f"floor-{i}", str(go), str(ACTIONS), str(PLAYERS)),
            stdout=True,
            stderr=True,
        )
        for i in range(TERMINALS)
    ]
    for proc in procs:  # every terminal has the event open
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    go.touch()
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        results.append(json.loads(out))

    service = Tournament.open(path)
    try:
        log = service.store.read()
        noted = {r.seq: r.body.summary for r in log if isinstance(r.body, CommandNoted)}
        acked = [tuple(item) for result in results for item in result["done"]]
        # No lost update: every acknowledged action is in the log, under its own number.
        assert len({seq for seq, _ in acked}) == len(acked), "two terminals got one number"
        for seq, summary in acked:
            assert noted[seq] == summary
        # No phantom: the log holds exactly the acknowledged actions after the setup.
        after_setup = {seq for seq in noted if seq > setup_seq}
        assert after_setup == {seq for seq, _ in acked}
        # No duplicate: each player was eliminated exactly once, by one terminal.
        out = [p.name for r in log if isinstance(r.body, PlayersEliminated) for p in r.body.players]
        assert len(out) == len(set(out))
        busts = sum(1 for _, s in acked if s.startswith("eliminated"))
        assert busts == len(out)
        # The conflicts happened and each was refused with a clear, one-line reason.
        refusals = [msg for result in results for _, msg in result["refused"]]
        conflicts = [m for m in refusals if "is not in play" in m]
        assert len(conflicts) >= PLAYERS // 2, "the terminals hardly competed"
        assert all("\n" not in m and m for m in refusals)
        # Nobody starved: the slowest wait for the write lock stayed far below its timeout.
        assert max(r["slowest"] for r in results) < 10
        assert sum(len(r["done"]) + len(r["refused"]) for r in results) == TERMINALS * ACTIONS
        check(service)
    finally:
        service.close()
