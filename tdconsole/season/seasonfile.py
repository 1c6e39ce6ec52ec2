"""The season file: ``NAME.season.toml`` beside the events (docs/season.md).

::

    kind = "tdconsole season"
    version = 1
    name = "Stagione 2025/26"
    formula = "sqrt"        # linear | sqrt | pool (tdconsole.season.formulas)
    best = 8                # the best 8 results of each player count; 0: all of them
    room_display = false    # the room display shows the standings during breaks
    events = ["autunno-1.tdc", "autunno-2.tdc"]   # beside this file; empty: every event here

    director = "Direttore"  # who may change it (Art. VII.1); absent: the shipped Director

    [aliases]
    "Rossi M." = "Mario Rossi"

    [[changes]]             # the last 500 changes, oldest first
    at = "2026-03-01T21:04:00+00:00"
    by = "Direttore"
    what = "set formula=linear"

Read with limits (its size, its values; a hostile file is refused in one line) and written
whole: a temporary file beside it, then renamed over it (or linked into place when new, so an
existing file is never replaced by ``season new``). Only a season file is ever replaced.
A change is read, made and written while no other terminal changes a season in the same folder
(``changing_season``), so two terminals adding events at once both land.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tdconsole.domain.errors import RuleError
from tdconsole.domain.identity import same_person
from tdconsole.domain.settings import Settings
from tdconsole.domain.texts import BLANK
from tdconsole.i18n import Msg, _, npgettext, pgettext
from tdconsole.season.formulas import DEFAULT, FORMULAS
from tdconsole.store.faults import library_words, own_words
from tdconsole.store.locks import take_lock
from tdconsole.store.output import link_new, sync_path
from tdconsole.store.paths import EVENT_SUFFIX, data_dir, events_dir
from tdconsole.store.system import disk_spelling, make_folder

KIND: Literal["tdconsole season"] = "tdconsole season"
SUFFIX = ".season.toml"
MAX_BYTES = 256 * 1024
MAX_EVENTS = 5000
MAX_ALIASES = 5000
MAX_CHANGES = 500
"""The season file keeps its last 500 changes (``changes``)."""
MAX_WHAT = 200
"""A change's summary is one line of at most 200 characters."""
BUSY_SECONDS = 30.0
"""How long a change waits for another terminal's change of a season in the same folder."""


class _Invalid(ValueError):
    """A value a season file may not hold: why, in our words (pydantic keeps the error)."""

    def __init__(self, said: Msg) -> None:
        super().__init__(str(said))
        self.said = said


def _printable(value: str, what: Msg) -> str:
    if not value.isprintable():
        raise _Invalid(_("{what} must not contain control characters").format(what=what))
    return value


def _visible(value: str, what: Msg) -> str:
    """A name of the season: printable, and without a character that shows nothing (a Hangul
    filler, the blank Braille pattern: ``texts.BLANK``), as every name of an event."""
    blank = BLANK.search(_printable(value, what))
    if blank is not None:
        raise _Invalid(
            _("{what} must not contain a character that shows nothing ({code})").format(
                what=what, code=f"U+{ord(blank.group()):04X}"
            )
        )
    return value


def shipped_director() -> str:
    """The Director of the shipped settings: a season file without ``director`` is his."""
    return str(Settings.model_fields["director"].default)


class Change(BaseModel):
    """One change of the season file: when (UTC), by whom, and what, in one short line."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    at: str = Field(min_length=1, max_length=40)
    by: str = Field(min_length=1, max_length=60)
    what: str = Field(min_length=1, max_length=MAX_WHAT)

    @field_validator("at")
    @classmethod
    def _at(cls, value: str) -> str:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            raise _Invalid(_("a change's time must be an ISO date and time")) from None
        return value

    @field_validator("by", "what")
    @classmethod
    def _text(cls, value: str) -> str:
        return _printable(value, _("a change"))


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
    director: str = Field(default_factory=shipped_director, min_length=1, max_length=60)
    """Who may change the season (Art. VII.1): named at ``season new``."""
    changes: tuple[Change, ...] = Field((), max_length=MAX_CHANGES)
    """The last changes, oldest first (``MAX_CHANGES`` at most)."""

    @field_validator("director")
    @classmethod
    def _director(cls, value: str) -> str:
        if not value.strip():
            raise _Invalid(_("the Director's name must not be blank"))
        return _visible(value, pgettext("a season's field", "the Director's name"))

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _visible(value.strip(), pgettext("a season's field", "the name"))

    @field_validator("formula")
    @classmethod
    def _formula(cls, value: str) -> str:
        if value not in FORMULAS:
            raise _Invalid(
                _("no formula named {name!r}: choose one of {known}").format(
                    name=value, known=", ".join(FORMULAS)
                )
            )
        return value

    @field_validator("events")
    @classmethod
    def _events(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for entry in value:
            if not entry or len(entry) > 1000:
                raise _Invalid(_("an event path must have 1 to 1000 characters"))
            _printable(entry, _("an event path"))
        if len(set(value)) != len(value):
            raise _Invalid(_("an event is listed twice"))
        return value

    @field_validator("aliases")
    @classmethod
    def _aliases(cls, value: dict[str, str]) -> dict[str, str]:
        for spelling, name in value.items():
            for text in (spelling, name):
                if not text.strip() or len(text) > 100:
                    raise _Invalid(_("a name in aliases must have 1 to 100 characters"))
                _visible(text, _("a name in aliases"))
        return value


def one_line(text: str, limit: int = 60) -> str:
    """A typed value for a change's summary: as typed, control characters escaped, at most
    ``limit`` characters (an ellipsis says it was cut)."""
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "\u2026"


def check_director(season: Season, actor: str | None) -> None:
    """A season is changed by its Director alone (Art. VII.1); ``None``: the Director."""
    if actor is not None and not same_person(actor, season.director):
        raise RuleError(
            _(
                "only the season's Director ({director}) may change the season: "
                "ask the Director, or give --as with the Director's name"
            ).format(director=season.director),
            "VII.1",
        )


def with_change(data: dict[str, Any], what: str) -> dict[str, Any]:
    """``data`` (a season's fields) with one more change at the end of its log, by its
    Director, now; the log keeps its last ``MAX_CHANGES``."""
    entry = {
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "by": data.get("director") or shipped_director(),
        "what": one_line(what, MAX_WHAT),
    }
    log = [*data.get("changes", ()), entry]
    return {**data, "changes": tuple(log[-MAX_CHANGES:])}


def season_file_name(raw: str) -> str:
    return raw if raw.endswith(".toml") else raw + SUFFIX


def resolve_season_path(raw: str) -> Path:
    """A bare name (``stagione``) is ``stagione.season.toml`` in the events' data folder;
    anything with a folder is a path (``.season.toml`` added unless it ends in ``.toml``)."""
    expanded = Path(os.path.expanduser(raw))
    if expanded.parent == Path(".") and not raw.startswith("."):
        return events_dir() / season_file_name(expanded.name)
    return expanded.resolve().with_name(season_file_name(expanded.name))


def _refused(path: Path, what: Msg) -> RuleError:
    shown = str(path) if str(path).isprintable() else repr(str(path))[1:-1]
    return RuleError(
        pgettext("a season file's refusal", "{path}: {what}").format(path=shown, what=what)
    )


def read_season(path: Path) -> Season:
    """The season file at ``path``, validated; anything else is refused in one line."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        raise _refused(
            path, _("no season file here: create one with `tdconsole season new NAME`")
        ) from None
    except (OSError, ValueError) as exc:
        raise _refused(path, _("cannot be read ({why})").format(why=own_words(exc))) from None
    if not stat.S_ISREG(info.st_mode):
        raise _refused(path, _("not a season file (not a regular file): give a season file"))
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise _refused(path, _("cannot be read ({why})").format(why=own_words(exc))) from None
    if len(raw) > MAX_BYTES:
        raise _refused(
            path,
            _("larger than {size} KiB: not a season file").format(size=MAX_BYTES // 1024),
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _refused(path, _("not UTF-8 text: not a season file")) from None
    except tomllib.TOMLDecodeError as exc:
        raise _refused(
            path, _("not valid TOML ({why}): fix it").format(why=own_words(exc))
        ) from None
    except RecursionError:
        raise _refused(path, _("nested too deeply: not a season file")) from None
    if data.get("kind") != KIND:
        raise _refused(
            path,
            _("not a season file (no kind = {kind!r}): give a season file").format(kind=KIND),
        )
    return validate_season(data, path)


def season_lock(folder: Path) -> Path:
    """The lock file held while a season in ``folder`` changes: in the console's own data
    folder (never beside the Director's files), one per season folder."""
    digest = hashlib.sha256(os.fsencode(disk_spelling(folder))).hexdigest()[:32]
    return data_dir() / "locks" / f"season-{digest}.lock"


@contextmanager
def changing_season(path: Path) -> Iterator[Season]:
    """The season at ``path``, read while no other terminal changes a season in its folder:
    hold it across the change and its ``write_season``, so a change made at the same moment
    elsewhere is read back before this one is made, never written over. (The lock is
    ``season_lock``'s, on every system, released when the process ends; where none can be
    taken, a data folder that cannot be written, it changes as before.)"""
    if not path.parent.is_dir():
        yield read_season(path)  # (read_season says what is missing)
        return
    try:
        release = take_lock(season_lock(path.parent), BUSY_SECONDS)
    except TimeoutError:
        raise _refused(
            path, _("another terminal is still changing the season: try again in a moment")
        ) from None
    try:
        yield read_season(path)
    finally:
        if release is not None:
            release()


def validate_season(data: dict[str, Any], path: Path) -> Season:
    try:
        return Season.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "season"
        error = first.get("ctx", {}).get("error")
        message = error.said if isinstance(error, _Invalid) else _pydantic_said(first)
        raise _refused(
            path,
            _("{where}: {message}; fix the value and try again").format(
                where=where, message=message
            ),
        ) from None


def _pydantic_said(first: Mapping[str, Any]) -> Msg:
    """Pydantic's words for one invalid value, marked for translation where we know them (the
    English stays pydantic's own), else said as a library's words."""
    ctx = dict(first.get("ctx") or {})
    kind = first["type"]
    if kind == "greater_than_equal":
        said = pgettext("a season file's value", "Input should be greater than or equal to {ge}")
    elif kind == "less_than_equal":
        said = pgettext("a season file's value", "Input should be less than or equal to {le}")
    elif kind == "string_too_short":
        said = npgettext(
            "a season file's value",
            "String should have at least {n} character",
            "String should have at least {n} characters",
            int(ctx.get("min_length", 0)),
        )
    elif kind == "string_too_long":
        said = npgettext(
            "a season file's value",
            "String should have at most {n} character",
            "String should have at most {n} characters",
            int(ctx.get("max_length", 0)),
        )
    elif kind == "too_long":
        said = npgettext(
            "a season file's value",
            "{field_type} should have at most {n} item after validation, not {actual_length}",
            "{field_type} should have at most {n} items after validation, not {actual_length}",
            int(ctx.get("max_length", 0)),
        )
    elif kind == "int_parsing":
        said = pgettext(
            "a season file's value",
            "Input should be a valid integer, unable to parse string as an integer",
        )
    elif kind == "int_type":
        said = pgettext("a season file's value", "Input should be a valid integer")
    elif kind == "bool_parsing":
        said = pgettext(
            "a season file's value", "Input should be a valid boolean, unable to interpret input"
        )
    elif kind == "bool_type":
        said = pgettext("a season file's value", "Input should be a valid boolean")
    elif kind == "string_type":
        said = pgettext("a season file's value", "Input should be a valid string")
    elif kind == "literal_error":
        said = pgettext("a season file's value", "Input should be {expected}")
    elif kind == "extra_forbidden":
        said = pgettext("a season file's value", "Extra inputs are not permitted")
    elif kind == "missing":
        said = pgettext("a season file's value", "Field required")
    else:
        said = None
    words = str(first["msg"])
    if said is not None:
        said = said.format(**ctx)
        with suppress(KeyError, IndexError, ValueError):
            if str(said) == words:  # pydantic's words as we know them
                return said
    return library_words(words)


def render_season(season: Season) -> str:
    data = season.model_dump(mode="json")
    changes = data.pop("changes")
    header = "# A tdconsole season: edit it with `tdconsole season ...` (docs/season.md)\n"
    # The log last, one [[changes]] table each (oldest first), however short.
    log = "".join("\n[[changes]]\n" + tomli_w.dumps(change) for change in changes)
    return header + tomli_w.dumps(data) + log


def write_season(path: Path, season: Season, *, new: bool = False) -> None:
    """Write ``season`` to ``path`` whole. ``new``: refused if anything is there already;
    otherwise what is there must be a season file, and only then is it replaced."""
    text = render_season(season).encode("utf-8")
    if len(text) > MAX_BYTES:
        raise _refused(
            path,
            _("the season would exceed {size} KiB: remove events or aliases").format(
                size=MAX_BYTES // 1024
            ),
        )
    if not new:
        try:
            read_season(path)  # still a season file: only that may be replaced
        except RuleError as exc:
            raise RuleError(
                _("{exc}; it was left as it is").format(exc=exc),
            ) from None
    try:
        make_folder(path.parent)
        # mkstemp: readable by its owner only, and so the season file it becomes
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _refused(path, _("cannot be written ({why})").format(why=own_words(exc))) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if new:
            link_new(tmp, path)
        else:
            os.replace(tmp, path)

        sync_path(path.parent)
    except FileExistsError:
        raise _refused(
            path, _("already exists: choose another name, or edit it with `season set`")
        ) from None
    except OSError as exc:
        raise _refused(path, _("cannot be written ({why})").format(why=own_words(exc))) from None
    finally:
        tmp.unlink(missing_ok=True)


def event_paths(season: Season, path: Path) -> list[Path]:
    """The season's event files: those listed (relative to the season file's folder), or,
    when none is listed, every event file in that folder."""
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
