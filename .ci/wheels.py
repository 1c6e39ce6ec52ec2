"""Every dependency installs from a wheel on every system a Director may have: Windows (x86-64
and ARM64), macOS 11 and later (Apple silicon and Intel) and Linux (manylinux, x86-64 and
aarch64), for Python 3.11 to 3.14. Needs PyPI; run by hand after a change of dependencies:

    python3 -m venv /tmp/w && /tmp/w/bin/pip install uv && /tmp/w/bin/python .ci/wheels.py

For each system and Python, ``uv pip compile`` resolves pyproject.toml's dependencies as that
system reads their markers (pip reads them as the machine it runs on), then
``pip download --only-binary=:all: --no-deps`` takes each from a wheel for that system.
Prints the wheels that are not pure Python; exits 1 if any dependency has no wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ("3.11", "3.12", "3.13", "3.14")

# name: (uv's --python-platform, pip's --platform tags)
SYSTEMS = {
    "win_amd64": ("x86_64-pc-windows-msvc", ["win_amd64"]),
    "win_arm64": ("aarch64-pc-windows-msvc", ["win_arm64"]),
    "macos_arm64": ("aarch64-apple-darwin", ["macosx_11_0_arm64"]),
    "macos_x86_64": ("x86_64-apple-darwin", ["macosx_11_0_x86_64"]),
    "manylinux_x86_64": (
        "x86_64-manylinux_2_28",
        [f"manylinux_2_{n}_x86_64" for n in range(28, 4, -1)] + ["manylinux2014_x86_64"],
    ),
    "manylinux_aarch64": (
        "aarch64-manylinux_2_28",
        [f"manylinux_2_{n}_aarch64" for n in range(28, 16, -1)] + ["manylinux2014_aarch64"],
    ),
}


def resolved(platform: str, python: str) -> list[str]:
    """pyproject.toml's dependencies pinned, as ``platform`` with ``python`` reads them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    done = subprocess.run(
        [
            *(sys.executable, "-m", "uv", "pip", "compile", "-"),
            *("--python-platform", platform, "--python-version", python),
            *("--only-binary", ":all:", "--no-header", "--no-annotate"),
        ],
        input="\n".join(project["dependencies"]),
        capture_output=True,
        text=True,
        env={**os.environ, "MACOSX_DEPLOYMENT_TARGET": "11.0"},
    )
    if done.returncode:
        raise SystemExit(f"{platform} {python}: {done.stderr.strip()}")
    return [line.split(";")[0].strip() for line in done.stdout.splitlines() if "==" in line]


def wheels(pins: list[str], tags: list[str], python: str, into: Path) -> tuple[list[str], str]:
    """The wheel files pip takes for ``pins`` on ``tags``; and pip's refusal, if any."""
    into.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
        + [f"--platform={tag}" for tag in tags]
        + ["--python-version", python, "--implementation", "cp", "-d", str(into), *pins],
        capture_output=True,
        text=True,
    )
    refusal = "\n".join(line for line in done.stderr.splitlines() if "ERROR" in line)
    return sorted(p.name for p in into.iterdir()), refusal


def main() -> int:
    failed = 0
    with tempfile.TemporaryDirectory() as scratch:
        for system, (platform, tags) in SYSTEMS.items():
            for python in PYTHONS:
                pins = resolved(platform, python)
                found, refusal = wheels(pins, tags, python, Path(scratch) / f"{system}-{python}")
                built = [name for name in found if not name.endswith("-none-any.whl")]
                ok = len(found) == len(pins) and not refusal
                failed += not ok
                print(
                    f"{system:18} {python}  {len(pins):2} dependencies, {len(found):2} wheels"
                    f" ({len(built)} built for it){'' if ok else '  MISSING'}"
                )
                print("    " + " ".join(built))
                if refusal:
                    print("    " + refusal)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
