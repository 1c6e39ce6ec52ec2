"""The search index kept on disk (store.index_cache): the same answers as a fresh build, and
every hostile or damaged file at its place ignored without a traceback."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import sqlite3
import stat
from functools import lru_cache
from pathlib import Path

import pytest
from tdhelpers import forked
from tdhelpers.support import seeds_dir

from tdconsole.rules import books, search_kept
from tdconsole.rules.importer import import_file
from tdconsole.rules.search import search, search_in
from tdconsole.rules.search_index import build_index, terms
from tdconsole.rules.search_kept import Built, Kept
from tdconsole.store import index_cache
from tdconsole.store.index_cache import cache_path

SEEDS = seeds_dir()
ROOT = Path(__file__).resolve().parents[2]
AS_ROOT = os.getuid() == 0  # permissions do not stop root: those cases are also faked below


pytestmark = pytest.mark.usefixtures("no_index_held")


def reopen() -> search_kept.Searchable:
    """What the next process would use: the process's own copy forgotten."""
    search_kept.cached_index.cache_clear()
    search_kept.rebuilt.clear()
    return search_kept.get_index()


def import_club_book(folder: Path, words: str = "", articles: int = 40) -> None:
    """An imported book of its own (not a copy of a shipped one), with varied words."""
    rng = random.Random(7)
    vocab = ["piatto", "buio", "dote", "fiches", "mazziere"]
    vocab += ["tavolo", "giocatore", "carte", "puntata", "rilancio"]
    lines = []
    for n in range(1, articles + 1):
        body = " ".join(rng.choice(vocab) for _ in range(30))
        lines.append(f"Art. {n} - Titolo {n}\n\n1. {body} {words}\n\n2. seconda parte {n}\n")
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "club.txt"
    source.write_text("\n".join(lines), encoding="utf-8")
    import_file(source, "club")


@lru_cache(maxsize=1)
def queries() -> tuple[str, ...]:
    """Every article number and prefix, every title and keyword, and random word pairs (the
    shipped books are the same all along: drawn once)."""
    found: list[str] = ["III", "7", "irr 3", "art. 6.8-b", "all-in side pot", "dead button"]
    vocab: set[str] = set()
    for book in books.shipped_books():
        for art in book.articles:
            found += [art.number, art.title.it, art.title.en, *art.keywords.it, *art.keywords.en]
            vocab.update(f"{art.summary.it} {art.summary.en}".split())
    rng = random.Random(3)
    words = sorted(vocab)
    found += [" ".join(rng.sample(words, 2)) for _ in range(300)]
    found += ["titolo 12", "seconda parte", "piatto buio dote", "mazziere"]
    return tuple(q for q in found if q.strip())


def answers(index: search_kept.Searchable, every: int = 1) -> list[object]:
    """The answers to the queries, or to every ``every``-th of them (a sample spread over
    numbers, titles, keywords and word pairs alike)."""
    out: list[object] = []
    names = books.book_names()
    for query in queries()[::every]:
        for lang in ("it", "en"):
            out.append(search_in(index, query, None, lang, 1000))
        out.append(search_in(index, query, names[len(query) % len(names)], "it", 1000))
    return out


SAMPLE = 20
"""The damaged, stale and concurrent cases compare every 20th query (about 70): enough to tell a
damaged cache used from one set aside; the two comparisons above compare them all."""


def books_now() -> str:
    """The digest of every book file's name and bytes, shipped and imported, as read now."""
    h = hashlib.sha256()
    for kind, folder in (("shipped", books.rulebooks_dir()), ("imported", books.imported_dir())):
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            content = path.read_bytes()
            h.update(f"{kind}\0{path.name}\0{len(content)}\0".encode() + content)
    return h.hexdigest()


_FRESH: dict[tuple[str, int], list[object]] = {}


def fresh_answers(every: int = SAMPLE) -> list[object]:
    """The answers of an index built afresh from the books as they are now. A fresh build of
    the same bytes answers the same: one build and one pass per books and sample serves every
    test of the module (the bytes are read and hashed each time, never trusted)."""
    key = (books_now(), every)
    if key not in _FRESH:
        _FRESH[key] = answers(Built(build_index()), every)
    return _FRESH[key]


def assert_same_as_fresh(index: search_kept.Searchable | None = None, every: int = SAMPLE) -> None:
    index = index or reopen()
    assert answers(index, every) == fresh_answers(every)


def test_kept_index_answers_exactly_as_a_fresh_build(data_dir: Path) -> None:
    """Over a thousand queries, both languages, one book or all: results, scores and order."""
    import_club_book(data_dir)
    assert isinstance(search_kept.get_index(), Built)  # the first process builds and keeps
    assert cache_path().is_file()
    kept = reopen()
    assert isinstance(kept, Kept)
    assert_same_as_fresh(kept, every=1)


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seed regulations are not at {SEEDS}")
def test_kept_index_of_the_shipped_regulation_with_its_text(data_dir: Path) -> None:
    """The shipped regulation with its imported verbatim text (ordine) answers the same."""
    import_file(SEEDS / "002_bc0f76543959f702.txt", "ordine")
    search("dote")
    kept = reopen()
    assert isinstance(kept, Kept)
    assert search("sovraresto") == search_in(Built(build_index()), "sovraresto")
    assert_same_as_fresh(kept, every=1)


def test_another_process_reads_the_kept_index(data_dir: Path) -> None:
    import_club_book(data_dir)
    here = [r.as_json() for r in search("piatto buio", limit=50)]
    code = (
        "import json\nfrom tdconsole.rules import search, search_kept\n"
        "r = [x.as_json() for x in search.search('piatto buio', limit=50)]\n"
        "print(json.dumps([type(search_kept.get_index()).__name__, r]))\n"
    )
    env = dict(os.environ, TDCONSOLE_DATA_DIR=str(data_dir))
    out = forked.run(code, env=env)
    assert out.returncode == 0, out.stderr
    kind, there = json.loads(out.stdout)
    assert kind == "Kept" and there == here and out.stderr == ""


def test_the_cache_file_is_private_and_whole(data_dir: Path) -> None:
    search("dote")
    path = cache_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left


def test_a_changed_book_is_never_answered_from_the_old_index(data_dir: Path) -> None:
    import_club_book(data_dir)
    assert search("zafferano") == []
    import_club_book(data_dir, words="zafferano")
    assert isinstance(reopen(), Built)  # another digest: rebuilt
    assert search("zafferano")[0].book == "club"
    assert isinstance(reopen(), Kept)
    assert search("zafferano")[0].book == "club"


def test_a_touched_book_with_the_same_words_keeps_its_index(data_dir: Path) -> None:
    """The stat shortcut misses, the digest of the bytes still matches: no rebuild."""
    import_club_book(data_dir)
    search("dote")
    book = data_dir / "rulebooks" / "club.json"
    os.utime(book, ns=(1, 1))
    assert isinstance(reopen(), Kept)
    assert_same_as_fresh()


def test_another_search_code_is_another_key(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    search("dote")
    search_kept.code_version.cache_clear()
    monkeypatch.setattr(search_kept, "CODE_FILES", (Path(__file__),))
    try:
        assert isinstance(reopen(), Built)
    finally:
        search_kept.code_version.cache_clear()


# --- hostile or damaged files at the cache's place -------------------------------------------


def planted(data: bytes) -> Path:
    path = cache_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def kept_bytes() -> bytes:
    search("dote")
    search_kept.cached_index.cache_clear()
    return cache_path().read_bytes()


@pytest.mark.parametrize("keep", [0, 50, 99, 100, 4096, 0.5])
def test_a_truncated_cache_is_ignored_and_rebuilt(data_dir: Path, keep: float) -> None:
    """Attack: the kept search index cut short at several lengths. Holds: ignored, built afresh and
    replaced, the answers identical to a fresh build."""
    import_club_book(data_dir)
    whole = kept_bytes()
    cut = whole[: int(len(whole) * keep)] if isinstance(keep, float) else whole[:keep]
    path = planted(cut)
    assert isinstance(reopen(), Built)
    assert_same_as_fresh()
    assert path.read_bytes() != cut  # the cache's own (empty, or its header): replaced
    assert isinstance(reopen(), Kept)


@pytest.mark.parametrize(
    "data",
    [b'{"format": "json", "terms": {}}', b"\x80\x04\x95 pickle", b"\0" * 5000, b"hello\n"],
)
def test_a_file_of_another_format_is_ignored_and_left_alone(data_dir: Path, data: bytes) -> None:
    """Attack: JSON, a pickle, zeros or text at the kept index's place. Holds: ignored, the answers
    a fresh build's, the file left byte for byte."""
    path = planted(data)
    assert_same_as_fresh()
    assert search("dote")
    assert path.read_bytes() == data  # not the cache's own: never replaced


def test_another_programs_database_is_left_alone(data_dir: Path) -> None:
    path = cache_path()
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    assert_same_as_fresh()
    search("dote")
    assert path.read_bytes() == before


def tamper(sql: str, args: tuple[object, ...] = ()) -> None:
    kept_bytes()
    conn = sqlite3.connect(cache_path())
    conn.execute(sql, args)
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE meta SET value = 'x' WHERE key IN ('seen', 'digest')",  # another key
        "UPDATE meta SET value = 'tdconsole rules index 0' WHERE key = 'format'",
        "CREATE VIEW sneaky AS SELECT 1",
        "CREATE TRIGGER t AFTER INSERT ON meta BEGIN DELETE FROM docs; END",
        "DROP INDEX docs_unumber",
        "UPDATE meta SET value = 'not a number' WHERE key = 'avg_length'",
        "DELETE FROM columns WHERE name = 'order'",
        "UPDATE columns SET data = x'00' WHERE name = 'length'",
        "DELETE FROM books",
    ],
)
def test_a_cache_with_a_wrong_key_or_shape_is_ignored(data_dir: Path, sql: str) -> None:
    """Attack: the cache with another key (digest, format), a view, a trigger, a dropped index, a
    column or the books' table gone, a bad number. Holds: ignored at opening, answers identical."""
    import_club_book(data_dir)
    tamper(sql)
    assert isinstance(reopen(), Built)
    assert_same_as_fresh()


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE terms SET docs = x'ffffff7f' || docs",  # an article that is not there
        "UPDATE terms SET tfs = x'00'",
        "UPDATE terms SET idf = 'many'",
        "UPDATE docs SET fields = '{\"titles\": 3}'",
        "UPDATE docs SET fields = '[[[[' ",
        "UPDATE docs SET fields = json_object('titles', json_object('it', 1, 'en', 2),"
        " 'summaries', 0, 'text', 0, 'related', 0)",
        "UPDATE docs SET id = id + 1000000",
        "UPDATE OR REPLACE phrases SET doc = -1",
    ],
)
def test_a_cache_damaged_inside_is_noticed_while_searching(data_dir: Path, sql: str) -> None:
    """Attack: rows damaged behind a right key and shape (postings naming a missing article, cut
    frequencies, a word for a weight, articles' fields not JSON, renumbered articles, phrases
    pointing nowhere). Holds: noticed while searching, built afresh and replaced, the same
    answers."""
    import_club_book(data_dir)
    tamper(sql)
    assert isinstance(reopen(), Kept)
    fresh = Built(build_index())
    for query in ("dote", "piatto buio", "3", "titolo 3", "mazziere tavolo"):
        search_kept.cached_index.cache_clear()
        search_kept.rebuilt.clear()
        assert search(query, limit=1000) == search_in(fresh, query, None, "it", 1000)
    assert isinstance(reopen(), Kept)  # and the damaged file was replaced by a whole one
    assert_same_as_fresh()


def test_flipped_bytes_never_give_a_traceback(data_dir: Path) -> None:
    """Attack: bytes flipped at random in the kept index, many times over. Holds: never a traceback;
    the search answers."""
    import_club_book(data_dir)
    whole = bytearray(kept_bytes())
    rng = random.Random(5)
    for _ in range(30):
        damaged = bytearray(whole)
        for _ in range(20):
            damaged[rng.randrange(100, len(damaged))] = rng.randrange(256)
        planted(bytes(damaged))
        search_kept.cached_index.cache_clear()
        search_kept.rebuilt.clear()
        for query in ("piatto dote", "3", "titolo 12"):
            assert isinstance(search(query, limit=1000), list)


def test_a_symlink_at_the_cache_place_is_never_followed_nor_replaced(
    data_dir: Path, tmp_path: Path
) -> None:
    """Attack: a symbolic link at the cache's place pointing to a precious file. Holds: never
    followed nor replaced; the search works without a kept index."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    path = cache_path()
    path.parent.mkdir(parents=True)
    path.symlink_to(victim)
    assert_same_as_fresh()
    assert search("dote")
    assert path.is_symlink() and victim.read_text(encoding="utf-8") == "precious"


def test_a_symlink_to_a_good_cache_is_not_read(data_dir: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.sqlite"
    good.write_bytes(kept_bytes())
    cache_path().unlink()
    cache_path().symlink_to(good)
    assert isinstance(reopen(), Built)


def test_a_hard_link_or_a_folder_at_the_cache_place_is_left_alone(
    data_dir: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.write_bytes(b"SQLite format 3\0")  # looks like a cache cut short, but has 2 names
    cache_path().parent.mkdir(parents=True)
    os.link(other, cache_path())
    assert_same_as_fresh()
    assert search("dote")
    assert os.stat(other).st_nlink == 2 and other.read_bytes() == b"SQLite format 3\0"
    cache_path().unlink()
    cache_path().mkdir()
    assert_same_as_fresh()
    assert cache_path().is_dir()


@pytest.mark.skipif(AS_ROOT, reason="root reads any folder (the faked case below runs)")
def test_an_unreadable_cache_folder_means_no_cache(data_dir: Path) -> None:
    kept_bytes()
    cache_path().parent.chmod(0)
    try:
        assert_same_as_fresh()
        assert search("dote")
    finally:
        cache_path().parent.chmod(0o700)


def test_an_unreadable_cache_means_no_cache(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept_bytes()
    real_open = os.open

    def refused(path: object, *args: object, **kwargs: object) -> int:
        if str(path).startswith(str(cache_path().parent)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(index_cache.os, "open", refused)
    assert isinstance(reopen(), Built)
    assert_same_as_fresh()


@pytest.mark.parametrize(
    "fault",
    [OSError(errno.EROFS, "Read-only file system"), OSError(errno.ENOSPC, "No space left")],
)
def test_a_read_only_or_full_folder_means_no_cache(
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    fault: OSError,
) -> None:
    """Attack: a read-only or full data folder. Holds: no kept index, nothing said, no temporary
    file left; the search works."""

    def failing(*args: object, **kwargs: object) -> None:
        raise fault

    monkeypatch.setattr(index_cache, "fill", failing)
    assert search("dote")
    assert not cache_path().exists()
    assert list(cache_path().parent.iterdir()) == []  # the temporary file is gone
    assert capsys.readouterr() == ("", "")


def test_a_full_disk_while_sqlite_writes_means_no_cache(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(index_cache, "fill", full)
    assert_same_as_fresh()
    assert not cache_path().exists()


@pytest.mark.skipif(AS_ROOT, reason="root writes any folder (the faked cases above run)")
def test_a_read_only_data_folder_means_no_cache(data_dir: Path) -> None:
    cache_path().parent.mkdir(parents=True)
    cache_path().parent.chmod(0o500)
    try:
        assert_same_as_fresh()
        assert not cache_path().exists()
    finally:
        cache_path().parent.chmod(0o700)


def test_two_processes_building_at_once_leave_one_whole_cache(data_dir: Path) -> None:
    """Attack: two processes building the index at once, several times. Holds: both answer as a
    fresh build; one whole cache, no temporary file left."""
    import_club_book(data_dir, articles=400)
    code = (
        "import json, sys\nfrom tdconsole.rules import search\n"
        "print(json.dumps([[x.as_json() for x in search.search(q, limit=100)]"
        " for q in sys.argv[1:]]))\n"
    )
    asked = ["piatto buio", "3.1", "mazziere tavolo carte"]
    env = dict(os.environ, TDCONSOLE_DATA_DIR=str(data_dir))
    expected = [[x.as_json() for x in search_in(Built(build_index()), q, limit=100)] for q in asked]
    for _ in range(3):
        cache_path().unlink(missing_ok=True)
        procs = [
            forked.popen(code, *asked, stdout=True, stderr=True, env=env, cwd=ROOT)
            for _ in range(2)
        ]
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0 and err == ""
            assert json.loads(out) == expected
        assert [p.name for p in cache_path().parent.iterdir()] == [cache_path().name]
        assert isinstance(reopen(), Kept)
        assert_same_as_fresh()


def test_terms_of_the_kept_index_are_the_built_ones(data_dir: Path) -> None:
    """(A guard on the comparison itself: the queries reach words of every kind.)"""
    import_club_book(data_dir)
    index = build_index()
    asked = {t for q in queries() for t in terms(q)}
    assert len(asked & set(index.postings)) > 200


def test_a_search_reads_the_articles_it_shows_in_one_query(data_dir: Path) -> None:
    """The shown fields of all the results are read together, not one query per article (a
    search of the whole book, limit 1000, is one query more than its terms' and numbers')."""
    import_club_book(data_dir)
    search("dote")
    kept = reopen()
    assert isinstance(kept, Kept)
    asked: list[str] = []
    kept.kept._conn.set_trace_callback(asked.append)
    found = search_in(kept, "piatto buio dote", None, "it", 1000)
    kept.kept._conn.set_trace_callback(None)
    assert len(found) > 40
    assert sum("FROM docs WHERE id IN" in sql for sql in asked) == 1
    assert found == search_in(Built(build_index()), "piatto buio dote", None, "it", 1000)


def test_an_article_shown_again_is_not_read_again(data_dir: Path) -> None:
    """The kept index is opened immutable: an article read and checked once is not read again
    when a later search shows it (in either language), and answers the same."""
    import_club_book(data_dir)
    search("dote")
    kept = reopen()
    assert isinstance(kept, Kept)
    first = search_in(kept, "piatto buio", None, "it", 1000)
    asked: list[str] = []
    kept.kept._conn.set_trace_callback(asked.append)
    again = [search_in(kept, "piatto buio", None, lang, 1000) for lang in ("it", "en")]
    kept.kept._conn.set_trace_callback(None)
    assert not any("FROM docs WHERE id IN" in sql for sql in asked)
    fresh = Built(build_index())
    assert again == [search_in(fresh, "piatto buio", None, lang, 1000) for lang in ("it", "en")]
    assert again[0] == first
