"""The order of the tests under xdist (``schedule``): the longest first on every worker."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from schedule import long_first, recorded, shares


@dataclass
class Case:
    nodeid: str


def ids(items: list[Case]) -> list[str]:
    return [item.nodeid for item in items]


def test_the_recorded_list_adds_setup_and_call_and_skips_other_lines(tmp_path: Path) -> None:
    path = tmp_path / "durations.txt"
    path.write_text(
        "# a comment\n"
        "68.78s call     tests/a.py::test_night\n"
        " 5.21s setup    tests/b.py::test_corpus\n"
        "54.39s call     tests/b.py::test_corpus\n"
        "2506 passed in 243.06s (0:04:03)\n"
        "xs call tests/c.py::bad\n",
        "utf-8",
    )
    assert recorded(path) == {"tests/a.py::test_night": 68.78, "tests/b.py::test_corpus": 59.6}


def test_the_shares_are_xdist_s() -> None:
    assert shares(2506, 4) == [626, 626, 627, 627]
    assert shares(10, 3) == [3, 3, 4]


def test_each_worker_starts_with_its_longest_and_every_test_runs_once() -> None:
    items = [Case(f"t{i}") for i in range(12)]
    seconds = {"t3": 10.0, "t7": 60.0, "t8": 40.0, "t11": 30.0, "t1": 5.0}
    order = long_first(items, 3, seconds, {})
    assert sorted(ids(order)) == sorted(ids(items))
    chunks = [ids(order)[0:4], ids(order)[4:8], ids(order)[8:12]]
    assert [chunk[0] for chunk in chunks] == ["t7", "t8", "t11"]
    # The next longest goes to the share with the least so far (30 s), the next to the
    # first of the two shares now at 40 s.
    assert chunks[2][:2] == ["t11", "t3"] and chunks[1][:2] == ["t8", "t1"]
    # The others keep their usual order.
    others = [i for i in ids(order) if i not in seconds]
    assert others == [i for i in ids(items) if i not in seconds]


def test_tests_sharing_a_module_fixture_stay_together() -> None:
    items = [Case(f"m.py::t{i}") for i in range(3)] + [Case(f"n.py::t{i}") for i in range(5)]
    seconds = {"m.py::t0": 50.0, "m.py::t2": 4.0, "n.py::t1": 48.0, "n.py::t3": 45.0}
    group = {"m.py::t0": "m.py", "m.py::t2": "m.py"}
    order = ids(long_first(items, 2, seconds, group))
    assert order[:2] == ["m.py::t0", "m.py::t2"]  # together, on the first share
    # 48 s on the second, then 45 s there too (48 s is less than the first share's 54 s).
    assert order[4:6] == ["n.py::t1", "n.py::t3"]


def test_without_room_a_long_test_keeps_its_place() -> None:
    items = [Case(f"t{i}") for i in range(4)]
    seconds = {f"t{i}": float(i) for i in range(4)}
    order = long_first(items, 2, seconds, {"t0": "g", "t1": "g", "t2": "g"})
    assert sorted(ids(order)) == ["t0", "t1", "t2", "t3"]
