"""A report printed through a real CUPS queue: the printer module hands it to the real ``lp``,
CUPS lays it out and a PDF printer (cups-pdf) writes the page; the test reads the page back
(pypdf).

It needs CUPS running with a queue ``tdc-pdf`` on cups-pdf, which ``.ci/run`` sets up (root,
Debian); elsewhere it skips and says what to install.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from report_fixtures import finished_event
from tdhelpers.support import pdf_pages

from tdconsole.cli.print_cmds import WRITE
from tdconsole.reports.printer import send
from tdconsole.reports.rendering import render

QUEUE = "tdc-pdf"
CONF = Path("/etc/cups/cups-pdf.conf")
SET_UP = (
    "as root on Debian: apt-get install cups printer-driver-cups-pdf, start "
    "cupsd, then lpadmin -p tdc-pdf -E -v cups-pdf:/ -m lsb/usr/cups-pdf/CUPS-PDF_noopt.ppd "
    "-o pdftops-renderer-default=pdftocairo (see .ci/run)"
)
DEADLINE = 120.0
"""Seconds a print job may take, however busy the machine: a job not done by then failed."""


def cups_pdf_folder() -> Path:
    """Where cups-pdf writes its PDFs (its ``Out`` setting), or a skip saying what is missing."""
    for tool in ("lp", "lpstat"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is missing: {SET_UP}")
    found = subprocess.run(["lpstat", "-p", QUEUE], capture_output=True, check=False)
    if found.returncode != 0:
        pytest.skip(f"no CUPS queue {QUEUE}: {SET_UP}")
    try:
        conf = CONF.read_text(encoding="utf-8")
    except OSError:
        pytest.skip(f"{CONF} cannot be read: {SET_UP}")
    out = re.search(r"^Out\s+(/\S+)\s*$", conf, re.MULTILINE)
    if out is None or "$" in out.group(1) or not Path(out.group(1)).is_dir():
        pytest.skip(f"cups-pdf writes to no fixed folder ({CONF}, Out): {SET_UP}")
    return Path(out.group(1))


def printed_page(folder: Path, tag: str, job: str) -> Path:
    """The PDF cups-pdf wrote for the job titled with ``tag``, once CUPS has finished it."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        pending = subprocess.run(
            ["lpstat", "-W", "not-completed", "-o", QUEUE],
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        written = sorted(folder.glob(f"{tag}*.pdf"))
        if job not in pending.split() and written:
            return written[0]
        time.sleep(0.2)  # polling the queue, whose end no call waits for
    raise AssertionError(f"job {job} printed nothing in {DEADLINE:.0f} s")


@pytest.mark.parametrize("fmt", ["pdf", "txt"])
def test_a_report_printed_on_a_real_cups_queue_reads_back(fmt: str) -> None:
    folder = cups_pdf_folder()
    tag = f"tdc{uuid.uuid4().hex[:12]}"  # the job's title: its PDF's name starts with it
    state: dict[str, Any] = finished_event()
    data = render("standings", state, fmt, lang="it")
    answer = send(data, f"{tag}-standings.{fmt}", QUEUE, WRITE)
    job = re.search(rf"\b{QUEUE}-\d+\b", answer)
    assert job is not None, answer  # "request id is tdc-pdf-7 (0 file(s))"
    page = printed_page(folder, tag, job.group())
    try:
        text = "\n".join(pdf_pages(page.read_bytes()))
    finally:
        page.unlink()
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert any(line.upper() == "CLASSIFICA" for line in lines), text
    # CUPS hands the page to cups-pdf as PostScript whose fonts keep only the Latin-1 letters'
    # Unicode: "Zoë Ferrante" reads back, "Łukasz" or Greek print but read back as codes.
    # (A very long name is cut to its column.)
    names = [p["name"] for p in state["players"] if _latin_1(p["name"]) and len(p["name"]) < 30]
    assert len(names) > 8
    for name in names:
        assert any(name in line for line in lines), (name, text)


def _latin_1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True
