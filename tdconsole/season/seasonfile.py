"""The season file: ``NAME.season.toml`` beside the events (docs/season.md).

::

    kind = "tdconsole season"
    version = 1
    name = "Stagione 2025/26"
    formula = "sqrt"        # linear | sqrt | pool (tdconsole.season.formulas)
    best = 8                # the best 8 results of each player count; 0: all of them
    room_display = false    # the room display shows the standings during breaks
    events = ["autunno-1.tdc", "autunno-2.tdc"]   # beside this file; empty: every event here

    [aliases]
    "Rossi M." = "Mario Rossi"

Read with limits (its size, its values; a hostile file is refused in one line) and written
whole: a temporary file beside it, then renamed over it (or linked into place when new, so an
existing file is never replaced by ``season new``). Only a season file is ever replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tdconsole.domain.errors import RuleError
from tdconsole.season.formulas import DEFAULT, FORMULAS

KIND: Literal["tdconsole season"] = "tdconsole season"
SUFFIX = ".season.toml"
MAX_BYTES = 256 * 1024
MAX_EVENTS = 5000
MAX_ALIASES = 5000


def _printable(value: str, what: str) -> str:
    if not value.isprintable():
        raise ValueError(f"{what} must not contain control characters")
    return value


class Season(BaseModel):
    """A season: its events, how they score, and who is who."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    kind: Literal["tdconsole season"] = KIND
    version: Literal[1] = 1
    name: str = Field(min_length=1, max_length=100)
    """The season's name, printed at the top of its standings."""
    formula: str = DEFAULT
    """The points formula, by name (``formulas.FORMULAS``)."""
    best: int = Field(0, ge=0, le=MAX_EVENTS)
    """Only each player's best N results count; 0: all of them."""
    room_display: bool = False
    """The room display shows the season's standings during breaks (between levels)."""
    events: tuple[str, ...] = Field((), max_length=MAX_EVENTS)
    """Event files, relative to the season file's folder; empty: every event there."""
    aliases: dict[str, str] = Field(default_factory=dict, max_length=MAX_ALIASES)
    """A spelling -> the name it stands for (``season alias``)."""

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _printable(value.strip(), "the name")

    @field_validator("formula")
    @classmethod
    def _formula(cls, value: str) -> str:
        if value not in FORMULAS:
            raise ValueError(f"no formula named {value!r}: choose one of {', '.join(FORMULAS)}")
        return value

    @field_validator("events")
    @classmethod
    def _events(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for entry in value:
            if not entry or len(entry) > 1000:
                raise ValueError("an event path must have 1 to 1000 characters")
            _printable(entry, "an event path")
        if len(set(value)) != len(value):
            raise ValueError("an event is listed twice")
        return value

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, value: dict[str, str]) -> dict[str, str]:
        for spelling, name in value.items():
            for text in (spelling, name):
                if not text.strip() or len(text) > 100:
                    raise ValueError("a name in aliases must have 1 to 100 characters")
                _printable(text, "a name in aliases")
        return value


def season_file_name(raw: str) -> str:
    return raw if raw.endswith(".toml") else raw + SUFFIX


def resolve_season_path(raw: str) -> Path:
    """A bare name (``stagione``) is ``stagione.season.toml`` in the events' data folder;
    anything with a folder is a path (``.season.toml`` added unless it ends in ``.toml``)."""
    from tdconsole.store.paths import events_dir

    expanded = Path(os.path.expanduser(raw))
    if expanded.parent == Path(".") and not raw.startswith("."):
        return events_dir() / season_file_name(expanded.name)
    return expanded.resolve().with_name(season_file_name(expanded.name))


def _refused(path: Path, en: str, it: str) -> RuleError:
    shown = str(path) if str(path).isprintable() else repr(str(path))[1:-1]
    return RuleError(f"{shown}: {en}", it=f"{shown}: {it}")


def read_season(path: Path) -> Season:
    """The season file at ``path``, validated; anything else is refused in one line."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        raise _refused(
            path,
            "no season file here: create one with `tdconsole season new NAME`",
            "qui non c'è un file di stagione: creane uno con `tdconsole season new NOME`",
        ) from None
    except (OSError, ValueError) as exc:
        raise _refused(path, f"cannot be read ({exc})", f"non si può leggere ({exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise _refused(
            path,
            "not a season file (not a regular file): give a season file",
            "non è un file di stagione (non è un file normale): indica un file di stagione",
        )
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _refused(
            path, f"cannot be read ({exc.strerror or exc})", f"non si può leggere ({exc})"
        ) from None
    if len(raw) > MAX_BYTES:
        raise _refused(
            path,
            f"larger than {MAX_BYTES // 1024} KiB: not a season file",
            f"più grande di {MAX_BYTES // 1024} KiB: non è un file di stagione",
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _refused(
            path,
            "not UTF-8 text: not a season file",
            "non è testo UTF-8: non è un file di stagione",
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise _refused(
            path, f"not valid TOML ({exc}): fix it", f"non è TOML valido ({exc}): correggilo"
        ) from None
    except RecursionError:
        raise _refused(
            path,
            "nested too deeply: not a season file",
            "annidato troppo: non è un file di stagione",
        ) from None
    if data.get("kind") != KIND:
        raise _refused(
            path,
            f"not a season file (no kind = {KIND!r}): give a season file",
            f"non è un file di stagione (manca kind = {KIND!r}): indica un file di stagione",
        )
    return validate_season(data, path)


def validate_season(data: dict[str, Any], path: Path) -> Season:
    try:
        return Season.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "season"
        message = first["msg"].removeprefix("Value error, ")
        raise _refused(
            path,
            f"{where}: {message}; fix the value and try again",
            f"{where}: {message}; correggi il valore e riprova",
        ) from None


def render_season(season: Season) -> str:
    import tomli_w

    data = season.model_dump(mode="json")
    header = "# A tdconsole season: edit it with `tdconsole season ...` (docs/season.md)\n"
    return header + tomli_w.dumps(data)


def write_season(path: Path, season: Season, *, new: bool = False) -> None:
    """Write ``season`` to ``path`` whole. ``new``: refused if anything is there already;
    otherwise what is there must be a season file, and only then is it replaced."""
    text = render_season(season).encode("utf-8")
    if len(text) > MAX_BYTES:
        raise _refused(
            path,
            f"the season would exceed {MAX_BYTES // 1024} KiB: remove events or aliases",
            f"la stagione supererebbe {MAX_BYTES // 1024} KiB: togli eventi o alias",
        )
    if not new:
        try:
            read_season(path)  # still a season file: only that may be replaced
        except RuleError as exc:
            raise RuleError(
                f"{exc.message}; it was left as it is",
                it=f"{exc.it or exc.message}; è stato lasciato com'era",
            ) from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _refused(
            path, f"cannot be written ({exc.strerror or exc})", f"non si può scrivere ({exc})"
        ) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if new:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
        from tdconsole.store.output import sync_path

        sync_path(path.parent)
    except FileExistsError:
        raise _refused(
            path,
            "already exists: choose another name, or edit it with `season set`",
            "esiste già: scegli un altro nome, oppure modificalo con `season set`",
        ) from None
    except OSError as exc:
        raise _refused(
            path, f"cannot be written ({exc.strerror or exc})", f"non si può scrivere ({exc})"
        ) from None
    finally:
        tmp.unlink(missing_ok=True)


def _link_new(tmp: Path, path: Path) -> None:
    """Link ``tmp`` at ``path``, never replacing anything there."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        # A file system without hard links (a USB stick): exclusive create, then copy.
        with open(path, "xb") as target:
            target.write(tmp.read_bytes())
            target.flush()
            os.fsync(target.fileno())


def event_paths(season: Season, path: Path) -> list[Path]:
    """The season's event files: those listed (relative to the season file's folder), or,
    when none is listed, every event file in that folder."""
    from tdconsole.store.paths import EVENT_SUFFIX

    folder = path.parent
    if season.events:
        return [folder / Path(os.path.expanduser(entry)) for entry in season.events]
    return sorted(p for p in folder.glob(f"*{EVENT_SUFFIX}") if p.is_file())


def event_entry(event: Path, season_path: Path) -> str:
    """How an event is written in the season file: its name when beside the file."""
    event = event.resolve()
    if event.parent == season_path.parent.resolve():
        return event.name
    return str(event)
