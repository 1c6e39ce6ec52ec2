"""A night on a real ``tdconsole serve`` with a real ``tdconsole follow`` attached (loopback):
counts from the command line, from a service in the test and from a phone, the server SIGKILLed
at random moments and started again; ``follow`` resumes each time. At the end every action
acknowledged is in the copy, and the copy holds exactly the event's log (nothing that was not
recorded); an action acknowledged with no "not on the copy" was on the copy already, and
``follow`` stopped with Ctrl+C exits 0, detached."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

from tdhelpers.floor_browser import TESTS, Server, free_port
from tdhelpers.floor_phone import Phone
from tdhelpers.floor_pins import FLOOR_PIN
from tdhelpers.following import follow_process, got, until

from bench.copy import held
from bench.served import descendants, wait_until_gone
from tdconsole.domain.play import Count
from tdconsole.service import Tournament
from tdconsole.store.copy_standing import standing
from tdconsole.store.eventstore import EventStore

SEED = 49
ROUNDS = 14
COPY_SECONDS = 0.5
"""The service's wait for the copy (``copy_wait.WAIT_SECONDS`` shipped, 2 s): longer than the
0.3 s within which a kill comes, so the server is killed while a write waits; not waited for
whole by each write the dead server cannot confirm."""


def test_every_acknowledged_action_is_on_the_copy_through_killed_servers(
    event: Path, tmp_path: Path
) -> None:
    rng = random.Random(SEED)
    copy = tmp_path / "copia.tdc"
    server = Server(event, free_port())
    server.start()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")]),
    }
    printed = (tmp_path / "follow.out").open("w")
    follower = follow_process(server.url, copy, printed)
    acknowledged: list[int] = []
    try:
        until(lambda: held(copy) > 0, "the copy takes the log")
        phone = Phone(server.url)
        assert phone.call("/floor/api/sign-in", {"pin": FLOOR_PIN, "name": "Anna"}) == 200
        director = Tournament.open(event)
        # (a write waits for the copy at most this: past it, "not on the copy yet")
        director.copy_seconds = COPY_SECONDS
        names = [p.name for p in director.state.in_players()]
        for round_ in range(ROUNDS):
            name, chips = rng.choice(names), 4000 + 100 * rng.randrange(1, 40)
            way = rng.choice(["service", "service", "phone", "phone", "cli", "kill"])
            if way == "kill":  # SIGKILL while a write waits for the copy, then start it again
                assert server.process is not None
                killer = threading.Timer(rng.uniform(0.0, 0.3), server.process.kill)
                killer.start()
                way = "service"
            if way == "service":
                records = director.execute(Count(counts={name: chips}))
                if director.copy_behind is None:  # (said on the copy: there already)
                    assert held(copy) >= records[-1].seq, round_
                acknowledged.append(records[0].command)
            elif way == "phone":
                if phone.call("/floor/api/count", {"name": name, "chips": str(chips)}) == 200:
                    director.refresh()
                    acknowledged.append(director.history.last_active or 0)
            else:
                done = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "tdconsole",
                        "--lang",
                        "en",
                        "--event",
                        str(event),
                        "count",
                        f"{name}={chips}",
                    ],
                    capture_output=True,
                    text=True,
                    env=env,
                    timeout=60,
                )
                assert done.returncode == 0, done.stderr
                director.refresh()
                acknowledged.append(director.history.last_active or 0)
            if server.process is not None and server.process.poll() is not None:
                server.process.wait()
                server.process = None
                server.start()  # (the same port: follow resumes from the last entry it holds)
        last = director.state.last_seq
        director.close()
        until(lambda: held(copy) == last, "the copy catches up")
    finally:
        follower.send_signal(signal.SIGINT)
        code = follower.wait(timeout=20)
        server.stop()
    printed.close()
    assert code == 0, (tmp_path / "follow.out").read_text()
    mine, theirs = EventStore(copy), EventStore(event)
    try:
        assert mine.rows() == theirs.rows()  # nothing the event did not record
        commands = {row[1] for row in mine.rows()}
        assert standing(theirs) is None  # (Ctrl+C: the copy detached, nothing waits for it)
    finally:
        mine.close()
        theirs.close()
    assert acknowledged and set(acknowledged) <= commands


def test_the_copys_server_ends_with_follow_even_killed(event: Path, tmp_path: Path) -> None:
    server, second = Server(event, free_port()), free_port()
    server.start()
    printed = (tmp_path / "follow.out").open("w")
    follower = follow_process(server.url, tmp_path / "copia.tdc", printed, "--port", str(second))
    try:
        until(lambda: got(f"http://127.0.0.1:{second}/api/room"), "the copy serves its pages")
        below = descendants(follower.pid)
        follower.kill()
        follower.wait()
        assert below and not wait_until_gone(below, 20)
    finally:
        printed.close()
        server.stop()
