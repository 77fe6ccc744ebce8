"""The retrieval index: a derived, rebuildable cache of the notes in one SQLite file.

Owns: the SQLite schema (an FTS5 table over name / description / body, pre-tokenised by
:mod:`.text`; the note vectors as float32 blobs), incremental :meth:`RetrievalIndex.sync` (the whole set) and
:meth:`RetrievalIndex.update` (a known change, O(change)), and :meth:`RetrievalIndex.search`
(vector top-N ∪ keyword top-N, fused and selected by :mod:`.hybrid`).

In memory the vectors are one float32 matrix (exact brute-force cosine) below
``COARSE_MIN_NOTES`` notes; from there on, float16 plus a 96-dim float32 projection that
shortlists 1,000 notes for exact scoring, and the keyword query keeps only its rarest terms
within a posting budget (from 2,000 notes) (see :meth:`_set_vectors`, :meth:`_rarest`). A small sync
patches the loaded arrays instead of reloading every row.

The file is a cache: the notes are the truth. A missing, corrupt or foreign file (another
embedder, another schema) is rebuilt from the last synced docs; a file deleted by another
process mid-query is caught (``sqlite3.Error``) and rebuilt, never raised. Must not import
pygls, lsprotocol or a CLI framework.

The keyword side returns, with each hit's BM25, its term coverage (the IDF-weighted share of
the message's terms the note contains, :func:`hybrid.term_coverage`): one posting-list scan
per query term, stems from FTS5 itself.

Each note is embedded twice — its description line (what recall selects on) and
"name: description", the glosses of the tools and acronyms it names (:mod:`.glossary`), then
the body — and its vector similarity is the larger of the two cosines (measured: +2 to +4
recall@5 points over either alone). The glosses' words are also in its keyword-index body.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import numpy as np

from ..text import fts_index_text, match_expression, query_terms
from . import hybrid
from .embedders import Embedder, is_cjk_text
from .general import general_matrix
from .glossary import Glossary, default_glossary
from .hybrid import Hit, HybridParams

__all__ = ["SCHEMA_VERSION", "Doc", "RetrievalIndex"]

log = logging.getLogger(__name__)

SCHEMA_VERSION = "1"
_VECTOR_FIELDS = 2  # description, full text


@dataclass(frozen=True)
class Doc:
    """One note as the index sees it.

    ``key``: the note's path relative to the memory home. ``fingerprint``: changes whenever
    the file changes (e.g. sha256 of its bytes). ``text``: the note's body. ``meta``: at least
    ``name`` and ``description`` when known (both are indexed), plus ``scope`` and ``created``
    (for session decay and near-duplicate tie-breaks); stored as JSON, returned on hits.
    """

    key: str
    fingerprint: str
    text: str
    meta: dict = field(default_factory=dict)


def _doc_fields(doc: Doc) -> tuple[str, str, str]:
    name = str(doc.meta.get("name") or "")
    desc = str(doc.meta.get("description") or "")
    return name, desc, doc.text or ""


def _glosses(doc: Doc, glossary: Glossary) -> list[tuple[str, str]]:
    """``(term, gloss)`` for the known terms the note mentions (:mod:`.glossary`)."""
    name, desc, body = _doc_fields(doc)
    return glossary.find(f"{name.replace('-', ' ')}\n{desc}\n{body}")


def _embed_texts(doc: Doc, glossary: Glossary) -> tuple[str, str]:
    """The two texts a note is embedded as: its description line, and "title: description",
    the glosses of the known terms it mentions, then the body. The glosses go before the body
    so a long body's cut-off (MiniLM reads 256 word pieces) keeps them."""
    name, desc, body = _doc_fields(doc)
    title = name.replace("-", " ").replace("_", " ")
    head = f"{title}: {desc}" if desc else title
    first = desc or title or body[:300]
    glosses = _glosses(doc, glossary)
    if glosses:
        head += "\n(" + "; ".join(f"{term}: {gloss}" for term, gloss in glosses) + ")"
    return first, f"{head}\n{body}".strip()


def _keyword_body(doc: Doc, glossary: Glossary) -> str:
    """The body column of the keyword index: the body, then the glosses' words (not the
    terms again: the note already has them), so "browser tests" finds a Playwright note."""
    glosses = _glosses(doc, glossary)
    body = doc.text or ""
    return body + "\n" + " ".join(g for _, g in glosses) if glosses else body


def _json_default(value):
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


class RetrievalIndex:
    """Hybrid (FTS5 + vector) index over notes, cached in one SQLite file at ``path``.

    Thread-safe: one lock serialises sync and search. Open is lazy.
    """

    #: From this many notes on, vectors are shortlisted by a low-dimensional projection
    #: before exact scoring (see :meth:`_set_vectors`).
    COARSE_MIN_NOTES = 20_000
    COARSE_DIMS = 96
    COARSE_SHORTLIST = 1_000

    def __init__(self, path: Path, embedder: Embedder, glossary: Glossary | None = None) -> None:
        self.path = Path(path)
        self.embedder = embedder
        #: Glosses added to each note's indexed text (:mod:`.glossary`).
        self.glossary = glossary if glossary is not None else default_glossary()
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        self._docs: dict[str, Doc] = {}  # last synced docs, to rebuild the cache from
        self._vec_cache: dict[tuple[str, str], np.ndarray] = {}  # (key, fp) -> (2, dim)
        self._matrix: np.ndarray | None = None  # (n, 2, dim)
        self._rowids: np.ndarray = np.zeros(0, dtype=np.int64)
        self._keys: list[str] = []
        self._metas: list[str] = []  # JSON text, parsed only for candidates (memory)
        self._meta_objs: dict[int, dict] = {}  # row -> parsed meta, for rows seen so far
        self._row_of: dict[int, int] = {}
        self._index_of_key: dict[str, int] = {}
        self._fps: list[str] = []
        self._basis: np.ndarray | None = None
        self._coarse: np.ndarray | None = None
        self._last: tuple[dict, list, np.ndarray | None] = ({}, [], None)
        # key -> (rowid, fingerprint) of the rows in the file, so a small sync is O(change)
        self._have: dict[str, tuple[int, str]] | None = None
        self._have_conn: sqlite3.Connection | None = None
        self.rebuilds = 0
        self.volatile = False  # True while the cache lives in memory (see _fresh_file)
        self._memory_only = False

    # ----------------------------------------------------------------- storage
    def _open(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        existed = self.path.exists()
        try:
            if self._memory_only:
                raise sqlite3.OperationalError("building in memory")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
        except (OSError, sqlite3.Error):
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
            conn = self._fresh_file()
        self._conn = conn
        self._matrix = None
        return conn

    def _schema_ok(self, conn: sqlite3.Connection) -> bool:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if not {"meta", "docs", "fts"} <= tables:
            return False
        return dict(conn.execute("SELECT k, v FROM meta")) == self._meta_rows()

    def _meta_rows(self) -> dict[str, str]:
        """What a usable cache file was built with: a file whose rows differ is rebuilt
        (another schema, embedder or glossary: its vectors mean something else)."""
        return {
            "schema": SCHEMA_VERSION,
            "embedder": self.embedder.name,
            "dim": str(self.embedder.dim),
            "glossary": self.glossary.digest,
        }

    def _fresh_file(self) -> sqlite3.Connection:
        self.rebuilds += 1
        try:
            if self._memory_only:
                raise sqlite3.OperationalError("building in memory")
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, check_same_thread=False, timeout=5.0)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self.volatile = False
        except (OSError, sqlite3.Error) as exc:
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
            conn.executemany(
                "INSERT INTO meta (k, v) VALUES (?, ?)", list(self._meta_rows().items())
            )
        return conn

    def _reset(self) -> None:
        """Drop the connection and the file; the next sync refills from ``self._docs``."""
        self._have = None
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
        self._conn = None
        self._matrix = None
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            except OSError:
                pass

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -------------------------------------------------------------------- sync
    def sync(self, docs: Iterable[Doc]) -> dict[str, int]:
        """Make the index hold exactly ``docs``; embed only new or changed ones.

        Returns counts ``{"added", "updated", "deleted", "unchanged"}``. A broken or vanished
        file is rebuilt (vectors already computed in this process are reused).
        """
        wanted = {d.key: d for d in docs}
        with self._lock:
            if self.volatile:  # serving from memory: try the file again
                self._reset()
            try:
                for attempt in range(3):
                    # the last attempt builds in memory: the folder may keep vanishing
                    self._memory_only = attempt == 2
                    try:
                        counts = self._sync(wanted)
                        self._docs = wanted
                        return counts
                    except sqlite3.Error as exc:
                        if attempt == 2:
                            raise
                        log.warning("retrieval index %s failed (%s); rebuilding", self.path, exc)
                        self._reset()
            finally:
                self._memory_only = False
        raise AssertionError("unreachable")

    def update(self, upserts: Iterable[Doc], deletes: Iterable[str]) -> dict[str, int]:
        """Apply a known change (notes added/changed, keys removed) without handing over every
        doc: O(change), for a caller that already knows what changed. Same guarantees as
        :meth:`sync` (a broken file is rebuilt from the last synced docs plus this change)."""
        upserts, deletes = list(upserts), list(deletes)
        with self._lock:
            docs = dict(self._docs)
            for key in deletes:
                docs.pop(key, None)
            for d in upserts:
                docs[d.key] = d
            if self.volatile or self._conn is None:
                return self.sync(docs.values())
            try:
                counts = self._sync(docs, partial=(upserts, deletes))
            except sqlite3.Error as exc:
                log.warning("retrieval index %s failed (%s); rebuilding", self.path, exc)
                self._reset()
                return self.sync(docs.values())
            self._docs = docs
            return counts

    def _sync(self, wanted: dict[str, Doc], partial=None) -> dict[str, int]:
        if self._conn is not None and not self.volatile and not self.path.exists():
            self._reset()
        rebuilds = self.rebuilds
        conn = self._open()
        if self.rebuilds != rebuilds:
            partial = None  # a fresh file: it needs every doc, not just the change
        if self._have is None or self._have_conn is not conn:
            self._have = {
                k: (i, fp) for i, k, fp in conn.execute("SELECT id, key, fingerprint FROM docs")
            }
            self._have_conn = conn
        have = self._have
        if partial is None:
            deleted = [k for k in have if k not in wanted]
            changed = [d for k, d in wanted.items() if k not in have or have[k][1] != d.fingerprint]
        else:
            upserts, removals = partial
            deleted = [k for k in dict.fromkeys(removals) if k in have]
            changed = [d for d in upserts if d.key not in have or have[d.key][1] != d.fingerprint]
        counts = {
            "added": sum(1 for d in changed if d.key not in have),
            "updated": sum(1 for d in changed if d.key in have),
            "deleted": len(deleted),
            "unchanged": len(wanted) - len(changed) if partial is None else -1,
        }
        if not deleted and not changed:
            return counts
        vecs = self._vectors_for(changed)
        with conn:
            for key in deleted + [d.key for d in changed if d.key in have]:
                rowid = have[key][0]
                conn.execute("DELETE FROM docs WHERE id = ?", (rowid,))
                conn.execute("DELETE FROM fts WHERE rowid = ?", (rowid,))
            added: list[tuple[int, Doc, np.ndarray]] = []
            for doc, vec in zip(changed, vecs, strict=True):
                cur = conn.execute(
                    "INSERT INTO docs (key, fingerprint, meta, vec) VALUES (?, ?, ?, ?)",
                    (
                        doc.key,
                        doc.fingerprint,
                        json.dumps(doc.meta, default=_json_default, ensure_ascii=False),
                        vec.astype(np.float32).tobytes(),
                    ),
                )
                name, desc, body = _doc_fields(doc)
                conn.execute(
                    "INSERT INTO fts (rowid, name, description, body) VALUES (?, ?, ?, ?)",
                    (
                        cur.lastrowid,
                        fts_index_text(name),
                        fts_index_text(desc),
                        fts_index_text(_keyword_body(doc, self.glossary)),
                    ),
                )
                added.append((cur.lastrowid, doc, vec))
        removed = deleted + [d.key for d in changed if d.key in have]
        for key in removed:
            have.pop(key, None)
        for rowid, doc, _ in added:
            have[doc.key] = (rowid, doc.fingerprint)
        if not self._patch_matrix(removed, added):
            self._matrix = None
        # the vectors are in the file and the matrix now; keeping them here as well doubled
        # the resident memory at 100k notes (a rebuild takes them from ``self._last``)
        self._vec_cache.clear()
        return counts

    def _patch_matrix(self, removed: list[str], added: list[tuple[int, Doc, np.ndarray]]) -> bool:
        """Apply a small sync to the loaded vectors in memory instead of reloading every row
        from the file (one changed note in a 100,000-note memory: milliseconds, not
        seconds). False when nothing is loaded or the change is large (then reload)."""
        if self._matrix is None or len(removed) + len(added) > max(64, len(self._keys) // 10):
            return False
        n = len(self._keys)
        keep = np.ones(n, dtype=bool)
        keep[[self._index_of_key[k] for k in removed if k in self._index_of_key]] = False
        new = np.stack([v for _, _, v in added]).astype(np.float32) if added else None
        keys = [k for k, ok in zip(self._keys, keep, strict=True) if ok]
        fps = [f for f, ok in zip(self._fps, keep, strict=True) if ok]
        metas = [m for m, ok in zip(self._metas, keep, strict=True) if ok]
        rowids = [int(r) for r in self._rowids[keep]]
        matrix = self._matrix[keep]
        coarse = None
        if self._coarse is not None:
            coarse = self._coarse[keep]
        for rowid, doc, _ in added:
            keys.append(doc.key)
            fps.append(doc.fingerprint)
            metas.append(json.dumps(doc.meta, default=_json_default, ensure_ascii=False))
            rowids.append(rowid)
        if new is not None:
            matrix = np.concatenate([matrix, new.astype(matrix.dtype)])
            if coarse is not None:
                proj = new.sum(axis=1) @ self._basis
                coarse = np.concatenate([coarse, proj.astype(np.float32)])
        self._keys, self._fps, self._metas = keys, fps, metas
        self._meta_objs = {}
        self._rowids = np.asarray(rowids, dtype=np.int64)
        self._row_of = {r: i for i, r in enumerate(rowids)}
        self._index_of_key = {k: i for i, k in enumerate(keys)}
        self._matrix = matrix
        if coarse is not None:
            self._coarse = np.ascontiguousarray(coarse)
        self._last = (self._index_of_key, self._fps, self._matrix)
        return True

    def _vectors_for(self, docs: list[Doc]) -> list[np.ndarray]:
        for d in docs:
            if (d.key, d.fingerprint) not in self._vec_cache:
                stored = self._stored_vectors(d)
                if stored is not None:
                    self._vec_cache[(d.key, d.fingerprint)] = stored
        missing = [d for d in docs if (d.key, d.fingerprint) not in self._vec_cache]
        if missing:
            texts = [t for d in missing for t in _embed_texts(d, self.glossary)]
            emb = self.embedder.embed(texts).reshape(len(missing), _VECTOR_FIELDS, -1)
            for d, v in zip(missing, emb, strict=True):
                self._vec_cache[(d.key, d.fingerprint)] = v
        live = {(d.key, d.fingerprint) for d in self._docs.values()} | {
            (d.key, d.fingerprint) for d in docs
        }
        for k in [k for k in self._vec_cache if k not in live]:
            del self._vec_cache[k]
        return [self._vec_cache[(d.key, d.fingerprint)] for d in docs]

    def _load_matrix(self) -> None:
        conn = self._open()
        rows = conn.execute(
            "SELECT id, key, fingerprint, meta, vec FROM docs ORDER BY id"
        ).fetchall()
        dim = self.embedder.dim
        n = len(rows)
        # one join + one frombuffer: no per-row arrays kept alive (at 100k notes those
        # doubled the resident memory)
        blob = b"".join(r[4] for r in rows)
        full = np.frombuffer(blob, dtype=np.float32).reshape(n, _VECTOR_FIELDS, dim)
        self._keys = [r[1] for r in rows]
        self._fps = [r[2] for r in rows]
        self._metas = [r[3] for r in rows]
        self._meta_objs = {}
        rowids = [r[0] for r in rows]
        self._rowids = np.asarray(rowids, dtype=np.int64)
        self._row_of = {r: i for i, r in enumerate(rowids)}
        # key -> row, so exclusions cost O(len(exclude)), not a Python pass over all notes
        self._index_of_key = {k: i for i, k in enumerate(self._keys)}
        self._set_vectors(full)
        # kept across resets, so a rebuild after the file vanished re-embeds nothing
        self._last = (self._index_of_key, self._fps, self._matrix)

    def _set_vectors(self, full: np.ndarray) -> None:
        """Hold the note vectors for search.

        Below :attr:`COARSE_MIN_NOTES` notes: one float32 matrix, exact cosine for every note
        (one BLAS matrix-vector product). From there on, exact scoring of every note costs more
        than the latency budget (at 100k notes × 2 × 512 dims the float32 matrix is 400 MB and
        one product reads all of it), so the vectors are kept as float16 (half the memory) and
        a float32 projection onto the :attr:`COARSE_DIMS` leading principal directions (from
        a sample of the notes' own vectors) shortlists :attr:`COARSE_SHORTLIST` notes, which
        are then scored exactly.
        """
        n = full.shape[0]
        dim = self.embedder.dim
        self._basis = None
        self._coarse = None
        if n >= self.COARSE_MIN_NOTES and self.COARSE_DIMS < dim:
            # one coarse row per note: the sum of its field vectors, projected
            summed = full.sum(axis=1, dtype=np.float32)
            rng = np.random.default_rng(0)
            sample = summed[rng.choice(n, min(n, 4096), replace=False)]
            _, _, vt = np.linalg.svd(sample, full_matrices=False)
            basis = np.ascontiguousarray(vt[: self.COARSE_DIMS].T, dtype=np.float32)
            coarse = np.empty((n, self.COARSE_DIMS), dtype=np.float32)
            for start in range(0, n, 65536):
                coarse[start : start + 65536] = summed[start : start + 65536] @ basis
            self._basis, self._coarse = basis, coarse
            self._matrix = full.astype(np.float16)
        else:
            self._matrix = np.ascontiguousarray(full, dtype=np.float32)

    def _exact_cos(self, rows: np.ndarray, qv: np.ndarray) -> np.ndarray:
        """Exact max-over-fields cosine of the notes at ``rows``."""
        sub = self._matrix[rows].astype(np.float32, copy=False)
        return (
            self._sims(sub.reshape(len(rows) * _VECTOR_FIELDS, -1), qv)
            .reshape(len(rows), -1)
            .max(1)
        )

    def _sims(self, rows: np.ndarray, qv: np.ndarray) -> np.ndarray:
        """Raw-scale similarity of stored rows to the query row: the embedder's own
        ``similarity`` when it has one (a blend of models), else the dot product."""
        own = getattr(self.embedder, "similarity", None)
        return own(rows, qv) if own is not None else rows @ qv

    def _keyword_hits(
        self, query, n, limit, allowed, params
    ) -> tuple[dict[int, float], dict[int, float]]:
        """The best keyword matches: row -> BM25 (sign flipped: larger is better), and row ->
        term coverage (:func:`hybrid.term_coverage`; empty when ``params.kw_coverage`` is 0)."""
        terms = query_terms(query)
        if not terms:
            return {}, {}
        want_coverage = params.kw_coverage > 0
        prune = n >= params.kw_prune_min_notes
        first_of: dict[str, str] = {}  # stem -> the first query term with it
        df: dict[str, int] = {}
        if prune or want_coverage:
            for term, stem in zip(terms, self._stems(terms), strict=True):
                if stem is not None:
                    first_of.setdefault(stem, term)
        if prune:
            df = {stem: self._doc_count(stem) for stem in first_of}
            keep = self._rarest(first_of, df, params.kw_posting_budget)
        else:
            keep = terms
        bm25: dict[int, float] = {}
        hit_of: dict[int, int] = {}  # FTS rowid -> row, for the hits
        if keep:
            w = params.kw_column_weights
            sql = (
                f"SELECT rowid, -bm25(fts, {float(w[0])}, {float(w[1])}, {float(w[2])}) AS s"
                " FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, ?, ?, ?) LIMIT ?"
            )
            for rowid, s in self._conn.execute(sql, (match_expression(keep), *w, limit)):
                i = self._row_of.get(rowid)
                if i is not None and allowed[i]:
                    bm25[i] = s
                    hit_of[rowid] = i
        if not (want_coverage and bm25):
            return bm25, {}
        # which of the hits contain each term: one posting-list scan per kept term (from
        # 2,000 notes their postings add up to at most the posting budget)
        kept = set(keep)
        postings: list[set[int]] = []
        dfs: list[int] = []
        for stem, term in first_of.items():
            rows = []
            if term in kept:
                cur = self._conn.execute(
                    "SELECT rowid FROM fts WHERE fts MATCH ?", (match_expression([term]),)
                )
                rows = [r for (r,) in cur]
            dfs.append(df.get(stem, len(rows)))
            postings.append({hit_of[r] for r in rows if r in hit_of})
        return bm25, hybrid.term_coverage(postings, dfs, n)

    def _meta(self, i: int) -> dict:
        """Row ``i``'s meta, parsed once (a copy: callers may keep or change it)."""
        meta = self._meta_objs.get(i)
        if meta is None:
            meta = self._meta_objs[i] = json.loads(self._metas[i])
        return dict(meta)

    def _embed_query(self, query: str) -> np.ndarray:
        own = getattr(self.embedder, "embed_query", None)
        text = query[:4000]
        qv = own(text) if own is not None else self.embedder.embed([text])[0]
        return np.asarray(qv, dtype=np.float32)

    def _stems(self, terms: list[str]) -> list[str | None]:
        """FTS5's own stem of each query term (a scratch table with the same tokenizer), so
        the query side and the index agree on what a term is; ``None`` for a term that
        yields no token."""
        conn = self._conn
        if getattr(self, "_vocab_conn", None) is not conn:
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_df USING fts5vocab(main, fts, row)"
            )
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.qtok USING fts5(x, tokenize='porter unicode61')"
            )
            conn.execute(
                "CREATE VIRTUAL TABLE IF NOT EXISTS temp.qtok_i USING fts5vocab(temp, qtok, instance)"
            )
            self._vocab_conn = conn
        conn.execute("DELETE FROM temp.qtok")
        conn.executemany(
            "INSERT INTO temp.qtok (rowid, x) VALUES (?, ?)",
            [(i + 1, t) for i, t in enumerate(terms)],
        )
        stem_of: dict[int, str] = {}
        for term, doc in conn.execute("SELECT term, doc FROM temp.qtok_i"):
            stem_of.setdefault(doc - 1, term)
        return [stem_of.get(i) for i in range(len(terms))]

    def _doc_count(self, stem: str) -> int:
        """How many notes contain ``stem`` (the ``fts5vocab`` view set up by :meth:`_stems`)."""
        row = self._conn.execute("SELECT doc FROM temp.fts_df WHERE term = ?", (stem,)).fetchone()
        return row[0] if row else 0

    @staticmethod
    def _rarest(first_of: dict[str, str], df: dict[str, int], budget: int) -> list[str]:
        """The query's rarest terms whose matching documents add up to at most ``budget``
        (the rarest is kept only if it fits by itself): FTS5 computes bm25 for every
        matching document, so a common word in a huge memory costs more than it adds."""
        keep, total = [], 0
        for stem in sorted(first_of, key=lambda s: df[s]):
            d = df[stem]
            if d == 0:
                continue
            if total + d > budget:
                break
            keep.append(first_of[stem])
            total += d
        return keep

    def _stored_vectors(self, doc: Doc) -> np.ndarray | None:
        """The vectors of ``doc`` from the loaded matrix, when its fingerprint matches."""
        index_of_key, fps, matrix = self._last
        i = index_of_key.get(doc.key)
        if matrix is None or i is None or i >= len(fps) or fps[i] != doc.fingerprint:
            return None
        return np.asarray(matrix[i], dtype=np.float32)

    def __len__(self) -> int:
        with self._lock:
            try:
                if self._matrix is None:
                    self._load_matrix()
            except sqlite3.Error:
                return len(self._docs)
            return len(self._keys)

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        k: int = 5,
        *,
        now: datetime | None = None,
        first_turn: bool = False,
        exclude: Collection[str] = (),
        params: HybridParams | None = None,
        select: bool = True,
    ) -> list[Hit]:
        """Notes for a chat message, best first.

        With ``select=True`` (recall): at most ``min(k, params.max_hits)`` hits that pass the
        gate, floor and near-duplicate rules of :func:`hybrid.select` — possibly none. With
        ``select=False``: the top ``k`` candidates by fused score, no threshold (e.g. the 200
        candidates R15 scans). ``exclude`` holds keys never to return (already injected, not
        yet existing...). ``now`` drives session-scope decay. Never raises on sqlite errors:
        the cache is rebuilt from the last synced docs and the search retried once.
        """
        params = params or HybridParams()
        with self._lock:
            try:
                return self._search(query, k, now, first_turn, exclude, params, select)
            except sqlite3.Error as exc:
                log.warning("retrieval index %s failed (%s); rebuilding", self.path, exc)
            try:
                # Rebuild from the last synced docs: on disk, else (the folder keeps
                # vanishing under us) in memory.
                for memory in (False, True):
                    self._reset()
                    self._memory_only = memory
                    try:
                        self._sync(self._docs)
                        return self._search(query, k, now, first_turn, exclude, params, select)
                    except sqlite3.Error as exc:
                        log.warning("retrieval index rebuild failed (%s)", exc)
            finally:
                self._memory_only = False
            return []

    def _search(self, query, k, now, first_turn, exclude, params, select) -> list[Hit]:
        if self._conn is not None and not self.volatile and not self.path.exists():
            raise sqlite3.OperationalError("index file vanished")
        if self._matrix is None:
            self._load_matrix()
        n = len(self._keys)
        if n == 0 or k <= 0:
            return []
        # an embedder that can (two models) starts on the message in the background
        # while the keyword side runs here
        begin = getattr(self.embedder, "begin_query", None)
        finish = begin(query[:4000]) if begin is not None else None
        allowed = np.ones(n, dtype=bool)
        if exclude:
            rows = [self._index_of_key[k] for k in exclude if k in self._index_of_key]
            allowed[rows] = False
        ncand = max(params.candidates, k)
        bm25, coverage = self._keyword_hits(query, n, ncand + len(exclude), allowed, params)
        qv = np.asarray(finish(), dtype=np.float32) if finish else self._embed_query(query)
        if self._coarse is None:
            mat = self._matrix
            cos = self._sims(mat.reshape(n * _VECTOR_FIELDS, -1), qv)
            cos = cos.reshape(n, _VECTOR_FIELDS).max(1)
            exact = None
        else:
            approx = self._coarse @ (qv @ self._basis)
            approx = np.where(allowed, approx, -np.inf)
            m = min(n, max(self.COARSE_SHORTLIST, ncand))
            short = np.argpartition(-approx, m - 1)[:m]
            cos = np.full(n, -1.0, dtype=np.float32)
            cos[short] = self._exact_cos(short, qv)
            exact = np.zeros(n, dtype=bool)
            exact[short] = True
        cos_masked = np.where(allowed, cos, -np.inf)
        if n > ncand:
            vec_top = np.argpartition(-cos_masked, ncand - 1)[:ncand]
        else:
            vec_top = np.arange(n)
        cand = np.unique(np.concatenate([vec_top[allowed[vec_top]], np.fromiter(bm25, int)]))
        if cand.size == 0:
            return []
        if exact is not None:  # keyword candidates outside the vector shortlist
            todo = cand[~exact[cand]]
            if todo.size:
                cos[todo] = self._exact_cos(todo, qv)
        floor = self.embedder.sim_floor if params.sim_floor is None else params.sim_floor
        ceil = self.embedder.sim_ceiling if params.sim_ceiling is None else params.sim_ceiling
        kw_raw = np.array([bm25.get(int(i), 0.0) for i in cand])
        vn = hybrid.normalise_vector(cos[cand], floor, ceil)
        kcov = np.array([coverage.get(int(i), 0.0) for i in cand])
        kn = hybrid.normalise_keyword(kw_raw, params.kw_scale, kcov, params.kw_coverage)
        fused = hybrid.fuse(vn, kn, params)
        hits = []
        for j, i in enumerate(cand):
            meta = self._meta(i)
            d = hybrid.decay_factor(meta, now, params.half_life_days)
            hits.append(
                Hit(
                    key=self._keys[i],
                    score=float(fused[j] * d),
                    vector_sim=float(cos[i]),
                    keyword_score=float(kw_raw[j]),
                    vector_norm=float(vn[j]),
                    keyword_norm=float(kn[j]),
                    keyword_coverage=float(kcov[j]),
                    decay=d,
                    meta=meta,
                )
            )
        order = sorted(range(len(hits)), key=lambda j: -hits[j].score)
        hits = [hits[j] for j in order]
        if not select:
            return hits[:k]
        # near-duplicate checks on the full-text vectors (the embedder's unit-length part)
        vecs = self._matrix[cand[order], 1].astype(np.float32, copy=False)
        part = getattr(self.embedder, "dup_slice", None)
        if part is not None:
            vecs = vecs[:, part]
        general = None
        if params.general_margin is not None or params.general_margin_cjk is not None:
            protos = general_matrix(self.embedder)
            if protos is not None:
                raw = float(self._sims(protos, qv).max())
                general = float(hybrid.normalise_vector(raw, floor, ceil))
        chosen = hybrid.select(
            hits,
            vecs,
            params,
            first_turn=first_turn,
            collection_size=n,
            general=general,
            cjk=is_cjk_text(query[:4000]),
        )
        return chosen[: min(k, params.max_hits)]
