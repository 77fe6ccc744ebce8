"""The retrieval index: hybrid (keyword + vector) search over the notes of one memory.

Owns: :class:`RetrievalIndex` — incremental :meth:`~RetrievalIndex.sync` (the whole set) and
:meth:`~RetrievalIndex.update` (a known change, O(change)), embedding only new or changed
notes, and :meth:`~RetrievalIndex.search` (vector top-N ∪ keyword top-N, fused and selected
by :mod:`.hybrid`), with the recovery that keeps the derived cache from ever failing recall.
The parts: :mod:`.doc` (a note and the texts it is indexed as, glosses included),
:mod:`.cache_file` (the SQLite file: schema, rows, rebuilds), :mod:`.vectors` (the vectors in
memory, the coarse shortlist of a large memory), :mod:`.keywords` (BM25, term coverage,
rarest-term pruning).

The file is a cache: the notes are the truth. A missing, corrupt or foreign file is rebuilt
from the last synced docs; a file deleted by another process mid-query is caught
(``sqlite3.Error``) and rebuilt, never raised; vectors already computed in this process are
reused. Must not import pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import datetime
from pathlib import Path

import numpy as np

from ..text import encodable
from . import hybrid
from .cache_file import SCHEMA_VERSION, CacheFile
from .dependency_form import dependency_reading
from .doc import VECTOR_FIELDS, Doc, embed_texts
from .embedders import Embedder, is_cjk_text
from .general import general_matrix
from .glossary import Glossary, default_glossary
from .hybrid import Hit
from .keywords import KeywordSearch
from .language_form import languages_named
from .params import RecallParams
from .request_form import is_knowledge_question
from .vectors import NoteVectors

__all__ = ["SCHEMA_VERSION", "Doc", "RetrievalIndex"]

log = logging.getLogger(__name__)

#: Notes embedded and written per committed transaction in a large sync (see ``_sync``).
BUILD_CHUNK = 2048

#: What a sync brings the index to: key -> the note's doc, or (an index with a source) its
#: fingerprint, the doc asked of the source when the note is new or changed.
Wanted = dict[str, "Doc | str"]


def _fingerprint(d: Doc | str) -> str:
    return d if isinstance(d, str) else d.fingerprint


class RetrievalIndex:
    """Hybrid (FTS5 + vector) index over notes, cached in one SQLite file at ``path``.

    Thread-safe: one lock serialises sync and search. Open is lazy.
    """

    def __init__(
        self,
        path: Path,
        embedder: Embedder,
        glossary: Glossary | None = None,
        *,
        source: Callable[[Collection[str]], Iterable[Doc]] | None = None,
    ) -> None:
        self.path = Path(path)
        self.embedder = embedder
        #: Glosses added to each note's indexed text (:mod:`.glossary`).
        self.glossary = glossary if glossary is not None else default_glossary()
        self._lock = threading.RLock()
        # what a usable cache file was built with: a file whose rows differ is rebuilt
        # (another embedder or glossary: its vectors mean something else)
        self._file = CacheFile(
            self.path,
            {
                "embedder": embedder.name,
                "dim": str(embedder.dim),
                "glossary": self.glossary.digest,
            },
        )
        self._vectors = NoteVectors(embedder)
        self._keywords = KeywordSearch()
        #: The docs of given keys as they are now (the notes), to rebuild a lost cache file
        #: from. With a source the index keeps only each synced key's fingerprint (at
        #: 100,000 notes the docs were 57 MB of the resident memory); without one it keeps
        #: the last synced docs.
        self._source = source
        self._docs: dict[str, Doc] = {}
        self._fps: dict[str, str] = {}  # key -> fingerprint of the last synced docs
        self._vec_cache: dict[tuple[str, str], np.ndarray] = {}  # (key, fp) -> (2, dim)

    @property
    def rebuilds(self) -> int:
        """Fresh cache files created so far (a new, foreign, broken or vanished file)."""
        return self._file.rebuilds

    def _open(self) -> sqlite3.Connection:
        fresh = self._file.conn is None
        conn = self._file.open()
        if fresh:
            self._vectors.matrix = None
        return conn

    def _reset(self) -> None:
        """Drop the connection and the file; the next sync refills from the last synced
        docs (:meth:`_last`)."""
        self._file.reset()
        self._vectors.matrix = None

    def close(self) -> None:
        with self._lock:
            self._file.close()

    def _remember(self, wanted: Wanted) -> None:
        """``wanted`` is what the index now holds."""
        self._fps = {k: _fingerprint(d) for k, d in wanted.items()}
        if self._source is None:
            self._docs = wanted

    def _last(self, change: tuple[list[Doc], list[str]] = ((), ())) -> Wanted:
        """What the index last synced (with ``change``'s upserts and deletions applied):
        the docs it kept, or (with a source) the fingerprints, whose docs the source gives."""
        upserts, deletes = change
        last: Wanted = dict(self._docs) if self._source is None else dict(self._fps)
        for key in deletes:
            last.pop(key, None)
        for d in upserts:
            last[d.key] = d
        return last

    def _docs_of(self, keys: list[str], wanted: Wanted) -> list[Doc]:
        """The docs of ``keys``: handed over, or asked of the source (which leaves out the
        notes that are gone)."""
        docs = [d for k in keys if isinstance(d := wanted[k], Doc)]
        asked = [k for k in keys if not isinstance(wanted[k], Doc)]
        if asked and self._source is not None:
            docs.extend(self._source(asked))
        return docs

    # -------------------------------------------------------------------- sync
    def sync(self, docs: Iterable[Doc]) -> dict[str, int]:
        """Make the index hold exactly ``docs``; embed only new or changed ones.

        Returns counts ``{"added", "updated", "deleted", "unchanged"}``. A broken or vanished
        file is rebuilt (vectors already computed in this process are reused).
        """
        return self._sync_all({d.key: d for d in docs})

    def sync_fingerprints(self, fingerprints: Mapping[str, str]) -> dict[str, int]:
        """:meth:`sync` for an index with a source, from ``key -> fingerprint``: the docs of
        new or changed keys are asked of the source :data:`BUILD_CHUNK` at a time, so a
        first build of a huge memory never holds a doc of every note."""
        if self._source is None:
            raise ValueError("sync_fingerprints needs an index with a source")
        return self._sync_all(dict(fingerprints))

    def _sync_all(self, wanted: Wanted) -> dict[str, int]:
        with self._lock:
            if self._file.volatile:  # serving from memory: try the file again
                self._reset()
            try:
                for attempt in range(3):
                    # the last attempt builds in memory: the folder may keep vanishing
                    self._file.memory_only = attempt == 2
                    try:
                        counts = self._sync(wanted)
                        self._remember(wanted)
                        return counts
                    except sqlite3.Error as exc:
                        if attempt == 2:
                            raise
                        log.warning("retrieval index %s failed (%s); rebuilding", self.path, exc)
                        self._reset()
            finally:
                self._file.memory_only = False
        raise AssertionError("unreachable")

    def update(self, upserts: Iterable[Doc], deletes: Iterable[str]) -> dict[str, int]:
        """Apply a known change (notes added/changed, keys removed) without handing over every
        doc: O(change), for a caller that already knows what changed. Same guarantees as
        :meth:`sync` (a broken file is rebuilt from the last synced docs plus this change)."""
        upserts, deletes = list(upserts), list(deletes)
        self._embed_ahead(upserts)
        with self._lock:
            last = self._last((upserts, deletes))
            if self._file.volatile or self._file.conn is None:
                return self._sync_all(last)
            fps = {k: _fingerprint(d) for k, d in last.items()}
            try:
                counts = self._sync(fps, partial=(upserts, deletes))
            except sqlite3.Error as exc:
                log.warning("retrieval index %s failed (%s); rebuilding", self.path, exc)
                self._reset()
                return self._sync_all(last)
            self._fps = fps
            if self._source is None:
                self._docs = last
            return counts

    def _sync(self, wanted: Wanted, partial=None) -> dict[str, int]:
        """Bring the file to ``wanted`` (with ``partial`` = (upserts, deletes): the key ->
        fingerprint after that change). A large change is embedded and written
        :data:`BUILD_CHUNK` notes at a time, each chunk committed: the vectors of every
        changed note are never all held at once (at 100,000 notes they were 0.7 GB, the
        peak of a first build), nor (with a source) their docs."""
        if self._file.vanished():
            self._reset()
        rebuilds = self._file.rebuilds
        self._open()
        if self._file.rebuilds != rebuilds and partial is not None:
            # a fresh file: it needs every doc, not just the change
            wanted, partial = self._last(partial), None
        have = self._file.stored()
        if partial is None:
            pending = wanted
            deleted = [k for k in have if k not in wanted]
        else:
            upserts, removals = partial
            pending = {d.key: d for d in upserts}
            deleted = [k for k in dict.fromkeys(removals) if k in have]
        changed = [k for k, d in pending.items() if k not in have or have[k][1] != _fingerprint(d)]
        counts = {
            "added": sum(1 for k in changed if k not in have),
            "updated": sum(1 for k in changed if k in have),
            "deleted": len(deleted),
            "unchanged": len(wanted) - len(changed) if partial is None else -1,
        }
        if not deleted and not changed:
            return counts
        if len(changed) <= BUILD_CHUNK:
            docs = self._docs_of(changed, pending)
            removed, added = self._file.write(deleted, docs, self._vectors_for(docs), self.glossary)
            if not self._vectors.patch(removed, added):
                self._vectors.matrix = None
        else:
            self._file.write(deleted, [], [], self.glossary)
            for start in range(0, len(changed), BUILD_CHUNK):
                docs = self._docs_of(changed[start : start + BUILD_CHUNK], pending)
                self._file.write([], docs, self._vectors_for(docs), self.glossary)
                self._vec_cache.clear()  # committed: a chunk's vectors are in the file
            self._vectors.matrix = None
            release_free_memory()  # before the matrix is loaded on top of the build's leftovers
        # the vectors are in the file and the matrix now; keeping them here as well doubled
        # the resident memory at 100k notes (a rebuild takes them from the loaded vectors)
        self._vec_cache.clear()
        return counts

    def _embed_ahead(self, docs: list[Doc]) -> None:
        """Embed changed notes before taking the lock: a search (a chat turn's recall) waits
        for the lock, and embedding a note is tens of milliseconds on a background thread.
        A concurrent sync that clears the vectors only makes :meth:`_vectors_for` embed
        again under the lock, as it did before."""
        with self._lock:
            missing = [d for d in docs if (d.key, d.fingerprint) not in self._vec_cache]
        if not missing:
            return
        texts = [t for d in missing for t in embed_texts(d, self.glossary)]
        emb = self.embedder.embed(texts).reshape(len(missing), VECTOR_FIELDS, -1)
        with self._lock:
            for d, v in zip(missing, emb, strict=True):
                self._vec_cache[(d.key, d.fingerprint)] = v

    def _vectors_for(self, docs: list[Doc]) -> list[np.ndarray]:
        """The vectors of ``docs``: computed earlier in this sync, loaded, or embedded now."""
        for d in docs:
            if (d.key, d.fingerprint) not in self._vec_cache:
                stored = self._vectors.stored(d)
                if stored is not None:
                    self._vec_cache[(d.key, d.fingerprint)] = stored
        missing = [d for d in docs if (d.key, d.fingerprint) not in self._vec_cache]
        if missing:
            texts = [t for d in missing for t in embed_texts(d, self.glossary)]
            emb = self.embedder.embed(texts).reshape(len(missing), VECTOR_FIELDS, -1)
            for d, v in zip(missing, emb, strict=True):
                self._vec_cache[(d.key, d.fingerprint)] = v
        return [self._vec_cache[(d.key, d.fingerprint)] for d in docs]

    def _load_matrix(self) -> None:
        self._open()
        count, batches = self._file.row_batches()
        self._vectors.load_batches(count, batches)
        if count >= 10_000:
            release_free_memory()

    def _keyword_hits(
        self, query, n, limit, allowed, params
    ) -> tuple[dict[int, float], dict[int, float]]:
        """The best keyword matches: row -> BM25 (sign flipped: larger is better), and row ->
        term coverage (:func:`hybrid.term_coverage`; empty when ``params.keyword_coverage`` is 0)."""
        conn = self._file.conn
        return self._keywords.hits(conn, self._vectors.row_of, query, n, limit, allowed, params)

    def _embed_query(self, query: str) -> np.ndarray:
        own = getattr(self.embedder, "embed_query", None)
        text = query[:4000]
        qv = own(text) if own is not None else self.embedder.embed([text])[0]
        return np.asarray(qv, dtype=np.float32)

    def __len__(self) -> int:
        with self._lock:
            try:
                if self._vectors.matrix is None:
                    self._load_matrix()
            except sqlite3.Error:
                return len(self._fps)
            return len(self._vectors)

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        k: int = 5,
        *,
        now: datetime | None = None,
        first_turn: bool = False,
        exclude: Collection[str] = (),
        params: RecallParams | None = None,
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
        params = params or RecallParams()
        query = encodable(query)
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
                    self._file.memory_only = memory
                    try:
                        wanted = self._last()
                        self._sync(wanted)
                        self._remember(wanted)
                        return self._search(query, k, now, first_turn, exclude, params, select)
                    except sqlite3.Error as exc:
                        log.warning("retrieval index rebuild failed (%s)", exc)
            finally:
                self._file.memory_only = False
            return []

    def _search(self, query, k, now, first_turn, exclude, params, select) -> list[Hit]:
        if self._file.vanished():
            raise sqlite3.OperationalError("index file vanished")
        vectors = self._vectors
        if vectors.matrix is None:
            self._load_matrix()
        n = len(vectors)
        if n == 0 or k <= 0:
            return []
        # an embedder that can (two models) starts on the message in the background
        # while the keyword side runs here
        typed = query
        reading = dependency_reading(query)
        if reading is not None:  # "add zod": search with what the task is (dependency_form)
            query = f"{query[:3800]} {reading}"
        begin = getattr(self.embedder, "begin_query", None)
        finish = begin(query[:4000]) if begin is not None else None
        allowed = np.ones(n, dtype=bool)
        if exclude:
            rows = [vectors.index_of_key[k] for k in exclude if k in vectors.index_of_key]
            allowed[rows] = False
        ncand = max(params.candidates, k)
        bm25, coverage = self._keyword_hits(query, n, ncand + len(exclude), allowed, params)
        qv = np.asarray(finish(), dtype=np.float32) if finish else self._embed_query(query)
        cos, exact = vectors.cosines(qv, allowed, ncand)
        cos_masked = np.where(allowed, cos, -np.inf)
        if n > ncand:
            vec_top = np.argpartition(-cos_masked, ncand - 1)[:ncand]
        else:
            vec_top = np.arange(n)
        cand = np.unique(np.concatenate([vec_top[allowed[vec_top]], np.fromiter(bm25, int)]))
        if cand.size == 0:
            return []
        vectors.complete(cos, exact, cand, qv)  # keyword candidates outside the shortlist
        floor = self.embedder.sim_floor if params.sim_floor is None else params.sim_floor
        ceil = self.embedder.sim_ceiling if params.sim_ceiling is None else params.sim_ceiling
        kw_raw = np.array([bm25.get(int(i), 0.0) for i in cand])
        vn = hybrid.normalise_vector(cos[cand], floor, ceil)
        kcov = np.array([coverage.get(int(i), 0.0) for i in cand])
        kn = hybrid.normalise_keyword(kw_raw, params.kw_scale, kcov, params.keyword_coverage)
        fused = hybrid.fuse(vn, kn, params)
        hits = []
        for j, i in enumerate(cand):
            meta = vectors.meta(i)
            d = hybrid.decay_factor(meta, now, params.half_life_days)
            hits.append(
                Hit(
                    key=vectors.keys[i],
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
        vecs = vectors.matrix[cand[order], 1].astype(np.float32, copy=False)
        part = getattr(self.embedder, "dup_slice", None)
        if part is not None:
            vecs = vecs[:, part]
        general = None
        if params.general_margin is not None or params.general_margin_cjk is not None:
            protos = general_matrix(self.embedder)
            if protos is not None:
                raw = float(vectors.sims(protos, qv).max())
                general = float(hybrid.normalise_vector(raw, floor, ceil))
        knowledge = is_knowledge_question(typed)
        chosen = hybrid.select(
            hits,
            vecs,
            params,
            first_turn=first_turn,
            collection_size=n,
            general=general,
            cjk=is_cjk_text(typed[:4000]),
            knowledge=knowledge,
        )
        if chosen and reading is None and params.keyword_coverage > 0:
            # (with keyword coverage off no hit has a coverage to test)
            bar = self._unnamed_subject_bar(typed, knowledge, params)
            if bar is not None:
                chosen = [h for h in chosen if h.keyword_coverage >= bar]
        return chosen[: min(k, params.max_hits)]

    def _unnamed_subject_bar(self, message: str, knowledge: bool, params) -> float | None:
        """The keyword coverage a note needs when the message is about something no note
        names (None: no such bar): a programming language (:mod:`.language_form`), or, in a
        general knowledge question, a tool or term of the glossary. Memory does not govern
        general programming, nor explain tools the user's notes never mention."""
        bar = None
        if params.foreign_language_coverage is not None and (named := languages_named(message)):
            known = self._vectors.languages()
            if known is not None and not named <= known:
                bar = params.foreign_language_coverage
        if knowledge and params.foreign_term_coverage is not None:
            conn = self._file.conn
            terms = [term for term, _ in self.glossary.find(message[:4000])]
            if conn is not None and any(not self._keywords.mentions(conn, t) for t in terms):
                bar = max(bar or 0.0, params.foreign_term_coverage)
        return bar


def release_free_memory() -> None:
    """Hand memory freed by a large load back to the system (glibc's ``malloc_trim``): the
    batches of vector blobs are freed once copied into the matrix, but the allocator keeps
    freed small blocks resident unless asked. A no-op elsewhere."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass
