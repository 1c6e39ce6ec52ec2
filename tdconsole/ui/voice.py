"""The room display's voice in a terminal: espeak-ng, where it is installed, says the room's
sentences (``words.room.spoken``) in the event's language. Each sentence is a process
of its own, started and never waited for, so the display never stalls; a new sentence cuts
the one still being said. Without espeak-ng (or when it cannot start), the bell alone."""

from __future__ import annotations

import shutil
import subprocess

PROGRAM = "espeak-ng"


class Voice:
    """Says sentences through espeak-ng in ``lang`` ("it", "en": its voices' names)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.program = shutil.which(PROGRAM)
        """The program found on PATH at the start (None: the bell alone)."""
        self.process: subprocess.Popen[bytes] | None = None
        """The latest sentence's process (the tests wait for it)."""

    def say(self, text: str) -> None:
        if self.program is None:
            return
        if self.process is not None and self.process.poll() is None:
            self.process.kill()  # (two sentences at once are neither heard)
        try:
            self.process = subprocess.Popen(
                [self.program, "-v", self.lang, "--", text],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            self.program = None  # (not runnable after all: the bell alone from now on)
