"""A corpus of damaged event files.

A real event of more than 1,000 events, played by the random Director, is damaged in 520
seeded, deterministic ways: random byte flips (anywhere, or in the header and the first pages),
truncations, swapped pages, a page zeroed. Each is opened by a reading command through the
command line's ``main()`` (in-process: a subprocess per file would take minutes; a handful run
as real processes too). Each must be refused in one line (exit 2) or open correctly (exit 0):
no traceback, and the file never written (its bytes and modification time unchanged, nothing
left beside it).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from tdhelpers.played import companions, file_state, play

from tdconsole.cli import main
from tdconsole.store.settings_file import load_settings

VARIANTS = 520
PAGE = 4096
COMMANDS = (["state"], ["log"], ["standings"], ["tables"], ["state", "--json"], ["payouts"])


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a real, finished event of more than 1,000 events (with its snapshot)."""
    folder = tmp_path_factory.mktemp("corpus")
    path = folder / "real.tdc"
    with pytest.MonkeyPatch.context() as patch:  # (before the tests' own data folders)
        patch.setenv("TDCONSOLE_DATA_DIR", str(folder / "data"))
        settings = load_settings().with_value("max_players", "200").with_value("keep", "0")
        service = play(path, settings, 3000, seed=11, players=200)
        events = service.state.last_seq
        service.close()
    assert events > 1000
    assert companions(path) == []
    return path.read_bytes()


def damage(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One damaged copy of ``data`` and how it was damaged."""
    out = bytearray(data)
    pages = len(out) // PAGE
    roll = rng.random()
    if roll < 0.40:
        count = rng.randint(1, 8)
        for _ in range(count):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        return f"{count} byte flips", bytes(out)
    if roll < 0.55:
        count = rng.randint(1, 4)
        for _ in range(count):  # the header and the first pages: the schema, the roots
            out[rng.randrange(min(len(out), 3 * PAGE))] ^= rng.randint(1, 255)
        return f"{count} flips near the start", bytes(out)
    if roll < 0.75:
        cut = rng.randrange(1, len(out))
        if rng.random() < 0.5:
            cut = max(PAGE, cut // PAGE * PAGE)
        return f"truncated at {cut}", bytes(out[:cut])
    if roll < 0.92:
        a, b = rng.sample(range(pages), 2)
        out[a * PAGE : (a + 1) * PAGE], out[b * PAGE : (b + 1) * PAGE] = (
            data[b * PAGE : (b + 1) * PAGE],
            data[a * PAGE : (a + 1) * PAGE],
        )
        return f"pages {a + 1} and {b + 1} swapped", bytes(out)
    page = rng.randrange(pages)
    out[page * PAGE : (page + 1) * PAGE] = bytes(PAGE)
    return f"page {page + 1} zeroed", bytes(out)


def test_every_damaged_file_is_refused_in_one_line_or_opens(
    original: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack: damaged copies of a real event file (byte flips anywhere and in the first pages,
    truncations, swapped pages, a zeroed page; seeded), one reading command each. Holds: each is
    refused in one line or opens; no traceback, no file written, no ``-wal``/``-shm`` left.
    Another seed and more variants (``VARIANTS``) run the same check outside CI."""
    rng = random.Random(20261130)
    outcomes: Counter[str] = Counter()
    problems: list[str] = []
    for index in range(VARIANTS):
        how, data = damage(original, rng)
        path = tmp_path / f"damaged{index:03d}.tdc"
        path.write_bytes(data)
        before = file_state(path)
        argv = COMMANDS[index % len(COMMANDS)]
        capsys.readouterr()
        try:
            code = main(["--lang", "en", "--event", str(path), *argv])
        except BaseException as exc:  # a traceback: collected, the corpus goes on
            problems.append(f"{index} ({how}, {argv}): {type(exc).__name__}: {exc}")
            continue
        _out, err = capsys.readouterr()
        if code == 2:
            outcomes["refused"] += 1
            if not (err.startswith("error: ") and err.count("\n") == 1):
                problems.append(f"{index} ({how}): not one line: {err!r}")
        elif code == 0:
            outcomes["opened"] += 1
        else:
            problems.append(f"{index} ({how}): exit {code}: {err!r}")
        if file_state(path) != before or companions(path):
            problems.append(f"{index} ({how}): the file was written")
        path.unlink()
    assert problems == [], "\n".join(problems[:20])
    assert sum(outcomes.values()) == VARIANTS
    assert outcomes["refused"] > VARIANTS // 4  # the damage was real
    print(f"{VARIANTS} damaged files: {dict(outcomes)}, 0 tracebacks, 0 written")


def test_a_handful_run_as_real_processes(original: bytes, tmp_path: Path) -> None:
    """The same damage met by the command line in real processes: one line or a normal exit, never a
    traceback, nothing written."""
    rng = random.Random(7)
    for index in range(6):
        how, data = damage(original, rng)
        path = tmp_path / f"process{index}.tdc"
        path.write_bytes(data)
        before = file_state(path)
        done = subprocess.run(
            [sys.executable, "-m", "tdconsole", "--event", str(path), "log"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode in (0, 2), (how, done.stderr)
        assert "Traceback" not in done.stderr, (how, done.stderr)
        if done.returncode == 2:
            assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
        assert file_state(path) == before and companions(path) == []
