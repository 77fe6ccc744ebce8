"""The retrieval index's SQLite file: a derived, rebuildable cache of the notes.

Owns: the schema (``meta``: what the file was built with; ``docs``: one row per note with its
vectors as a float32 blob; ``fts``: an FTS5 table over name / description / body, whose rows
:mod:`.keywords` writes), opening a file and checking it was built with the same schema,
embedder and glossary, creating it afresh, deleting it, and writing and reading notes' rows.

The file is a cache: the notes are the truth. A missing, corrupt or foreign file (another
embedder, another schema) is replaced by a fresh empty one for the caller to refill; when even
that cannot be created (the folder keeps vanishing under another process), the cache lives in
memory (:attr:`CacheFile.volatile`) until the caller resets it. Must not import model runtimes,
pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from collections.abc import Callable, Collection
from pathlib import Path

import numpy as np

from ..errors import SymlinkRefusedError
from ..fsutil import guard, remove
from ..policy.gate import derived_text
from .doc import Doc, meta_json, with_languages
from .glossary import Glossary
from .keywords import write_row

__all__ = ["INDEX_FILE", "SCHEMA_VERSION", "CacheFile", "scrub"]

log = logging.getLogger(__name__)

#: 2: each row records the programming languages its note names (:mod:`.language_form`);
#: a file of schema 1 is rebuilt once, its notes embedded again.
SCHEMA_VERSION = "2"
_SUFFIXES = ("", "-wal", "-shm", "-journal")
#: The index file's name in a recall home's ``.memlsp/`` (:mod:`memlsp.core.recall`).
INDEX_FILE = "retrieval.sqlite"


class CacheFile:
    """One cache file at ``path``, built with ``built_with`` (the ``meta`` rows: a file whose
    rows differ is foreign and rebuilt). Not thread-safe: the index serialises calls."""

    def __init__(self, path: Path, built_with: dict[str, str]) -> None:
        self.path = Path(path)
        self.built_with = {"schema": SCHEMA_VERSION, **built_with}
        #: The open connection (``None`` until :meth:`open`, and after :meth:`reset`).
        self.conn: sqlite3.Connection | None = None
        #: Fresh files created so far (a new, foreign or broken file each count once).
        self.rebuilds = 0
        #: True while the cache lives in memory (see :meth:`fresh`).
        self.volatile = False
        #: Set by the caller for a last attempt: build in memory, do not touch the disk.
        self.memory_only = False
        # key -> (rowid, fingerprint) of the rows in the file, so a small sync is O(change)
        self._stored: dict[str, tuple[int, str]] | None = None
        self._stored_conn: sqlite3.Connection | None = None

    def open(self) -> sqlite3.Connection:
        """The connection: the file as it is when usable, else a fresh one."""
        if self.conn is not None:
            return self.conn
        existed = self.path.exists()
        try:
            if self.memory_only:
                raise sqlite3.OperationalError("building in memory")
            guard(self.path)  # a linked .memlsp/ must not put the cache outside the home
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
        except (OSError, sqlite3.Error, SymlinkRefusedError):
            conn = None
        try:
            if conn is None:
                raise sqlite3.DatabaseError("cannot open")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            ok = self._schema_ok(conn)
        except sqlite3.DatabaseError:
            if conn is not None:
                conn.close()
            ok = None
        if not ok:
            if existed:  # a new file is not news; a broken or foreign one is
                log.info("retrieval index %s unusable or foreign; rebuilding", self.path)
            conn = self.fresh()
        self.conn = conn
        return conn

    def _schema_ok(self, conn: sqlite3.Connection) -> bool:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if not {"meta", "docs", "fts"} <= tables:
            return False
        return dict(conn.execute("SELECT k, v FROM meta")) == self.built_with

    def fresh(self) -> sqlite3.Connection:
        """A new empty cache: the file replaced, or (it cannot be created) in memory."""
        self.rebuilds += 1
        try:
            if self.memory_only:
                raise sqlite3.OperationalError("building in memory")
            for suffix in _SUFFIXES:
                remove(str(self.path) + suffix, missing_ok=True)
            guard(self.path)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self.volatile = False
        except (OSError, sqlite3.Error, SymlinkRefusedError) as exc:
            # The folder keeps vanishing (another process is deleting it): serve from an
            # in-memory cache for now; the next reset tries the file again.
            log.warning("retrieval index %s cannot be created (%s); using memory", self.path, exc)
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            self.volatile = True
        with conn:
            conn.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
            conn.execute(
                "CREATE TABLE docs (id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL,"
                " fingerprint TEXT NOT NULL, meta TEXT NOT NULL, vec BLOB NOT NULL)"
            )
            conn.execute(
                "CREATE VIRTUAL TABLE fts USING fts5(name, description, body,"
                " tokenize='porter unicode61')"
            )
            conn.executemany("INSERT INTO meta (k, v) VALUES (?, ?)", list(self.built_with.items()))
        return conn

    def vanished(self) -> bool:
        """The open file was deleted under us (by another process)."""
        return self.conn is not None and not self.volatile and not self.path.exists()

    def reset(self) -> None:
        """Drop the connection and the file; the next :meth:`open` starts afresh."""
        self._stored = None
        if self.conn is not None:
            try:
                self.conn.close()
            except sqlite3.Error:
                pass
        self.conn = None
        for suffix in _SUFFIXES:
            try:
                remove(str(self.path) + suffix, missing_ok=True)
            except (OSError, SymlinkRefusedError):
                pass

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    # --------------------------------------------------------------------- rows
    def stored(self) -> dict[str, tuple[int, str]]:
        """key -> (rowid, fingerprint) of the notes in the open file (read once per
        connection, then kept up to date by :meth:`write`)."""
        conn = self.open()
        if self._stored is None or self._stored_conn is not conn:
            self._stored = {  # interned: the recaller and the vectors hold the same texts
                sys.intern(k): (i, sys.intern(fp))
                for i, k, fp in conn.execute("SELECT id, key, fingerprint FROM docs")
            }
            self._stored_conn = conn
        return self._stored

    def write(
        self, deleted: list[str], changed: list[Doc], vecs: list[np.ndarray], glossary: Glossary
    ) -> tuple[list[str], list[tuple[int, Doc, np.ndarray]]]:
        """In one transaction, delete the notes ``deleted`` and (re)write ``changed`` with
        their vectors ``vecs`` (keyword rows glossed by ``glossary``). Returns the keys whose
        rows were removed (deleted or replaced) and ``(rowid, doc, vec)`` of the rows added."""
        have = self.stored()
        conn = self.open()
        removed = deleted + [d.key for d in changed if d.key in have]
        added: list[tuple[int, Doc, np.ndarray]] = []
        with conn:
            for key in removed:
                rowid = have[key][0]
                conn.execute("DELETE FROM docs WHERE id = ?", (rowid,))
                conn.execute("DELETE FROM fts WHERE rowid = ?", (rowid,))
            for doc, vec in zip(changed, vecs, strict=True):
                doc = with_languages(_scrubbed(doc), glossary)
                cur = conn.execute(
                    "INSERT INTO docs (key, fingerprint, meta, vec) VALUES (?, ?, ?, ?)",
                    (doc.key, doc.fingerprint, meta_json(doc), vec.astype(np.float32).tobytes()),
                )
                write_row(conn, cur.lastrowid, doc, glossary)
                added.append((cur.lastrowid, doc, vec))
        for key in removed:
            have.pop(key, None)
        for rowid, doc, _ in added:
            have[doc.key] = (rowid, doc.fingerprint)
        return removed, added

    def row_batches(self, size: int = 512):
        """``(count, batches)``: the number of notes, and an iterator over lists of at most
        ``size`` rows ``(rowid, key, fingerprint, meta JSON, vector blob)`` by rowid, read
        from one cursor."""
        conn = self.open()
        count = conn.execute("SELECT COUNT(*) FROM docs").fetchone()[0]
        cursor = conn.execute("SELECT id, key, fingerprint, meta, vec FROM docs ORDER BY id")

        def batches():
            while True:
                got = cursor.fetchmany(size)
                if not got:
                    return
                yield got

        return count, batches()


def _scrubbed(doc: Doc) -> Doc:
    """The row as it may reach disk: the retrieval cache is inside the memory home, so a
    note that arrived with a secret or invisible characters is indexed redacted."""
    text = derived_text(doc.text)
    meta = {k: derived_text(v) if isinstance(v, str) else v for k, v in doc.meta.items()}
    if text == doc.text and meta == doc.meta:
        return doc
    return Doc(doc.key, doc.fingerprint, text, meta)


def scrub(path: Path, keys: Collection[str], gone: Callable[[str], bool] | None = None) -> str:
    """Leave no copy of the notes ``keys`` in the cache file at ``path`` (a verified forget,
    R24), nor of any note ``gone`` says is no longer on disk (an earlier path of the same
    note: renamed, folded into another by a dream, or removed by a sync's tombstone — a row
    nobody searched since still holds its text): their rows are deleted with
    ``secure_delete`` on, the full-text index's segments
    are merged (FTS5 ``optimize``: a delete only adds a marker, the old segment keeps the
    words), the file is rewritten without free pages (``VACUUM``) and its write-ahead log
    truncated. A file holding none of ``keys`` is left alone. A file that cannot be scrubbed
    (busy past the timeout, corrupt, foreign, a symlink) is deleted instead: it is a cache,
    rebuilt from the notes by the next recall. Returns ``"absent"``, ``"clean"``,
    ``"scrubbed"``, ``"removed"`` or ``"linked"`` (a symbolic link, which memlsp never writes
    through); raises ``OSError`` only when even the deletion fails."""
    if not path.exists():
        return "absent"
    try:
        guard(path)
        conn = sqlite3.connect(path, timeout=5.0)
        try:
            conn.execute("PRAGMA secure_delete=ON")
            wanted = set(keys)
            rows = [
                r
                for (r, key) in conn.execute("SELECT id, key FROM docs")
                if key in wanted or (gone is not None and gone(key))
            ]
            if not rows:
                return "clean"
            with conn:
                for rowid in rows:
                    conn.execute("DELETE FROM docs WHERE id = ?", (rowid,))
                    conn.execute("DELETE FROM fts WHERE rowid = ?", (rowid,))
                conn.execute("INSERT INTO fts(fts) VALUES('optimize')")
            conn.execute("VACUUM")
            busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy and busy[0]:  # a reader elsewhere holds old frames: they may keep the text
                raise sqlite3.OperationalError("write-ahead log still in use")
        finally:
            conn.close()
        return "scrubbed"
    except (sqlite3.Error, SymlinkRefusedError, OSError) as exc:
        log.info("retrieval index %s not scrubbed in place (%s); deleting it", path, exc)
    try:
        for suffix in _SUFFIXES:
            remove(str(path) + suffix, missing_ok=True)
    except SymlinkRefusedError:
        return "linked"  # memlsp never writes an index through a link: none of ours is there
    return "removed"
