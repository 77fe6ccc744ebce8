"""The notes' vectors in memory, and the vector side of a search.

Owns: :class:`NoteVectors` — the vectors of every note in the cache file (:mod:`.cache_file`)
with their keys, fingerprints and metas, loaded in one pass, patched in place after a small
sync, and scored against a chat message.

Below :attr:`NoteVectors.COARSE_MIN_NOTES` notes the vectors are one float32 matrix (exact
brute-force cosine). From there on, exact scoring of every note costs more than the latency
budget (at 100k notes × 2 × 512 dims the float32 matrix is 400 MB and one product reads all
of it), so they are kept as float16 (half the memory) and a float32 projection onto the
:attr:`~NoteVectors.COARSE_DIMS` leading principal directions (from a sample of the notes' own
vectors) shortlists :attr:`~NoteVectors.COARSE_SHORTLIST` notes, which are then scored exactly.

Pure numpy. Must not import sqlite3, model runtimes, pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import json
import sys

import numpy as np

from .doc import VECTOR_FIELDS, Doc, Facets, facets, facets_meta
from .embedders import Embedder

__all__ = ["NoteVectors", "RowOf"]


class RowOf:
    """FTS rowid -> row, by binary search in the rows' rowids (a dict of 100,000 ints was
    8.5 MB). Rows are read by rowid and a patch appends rows SQLite numbered after all the
    others, so the rowids rise; an order is kept for the case they ever do not."""

    __slots__ = ("_order", "_sorted")

    def __init__(self, rowids: np.ndarray) -> None:
        rising = rowids.size < 2 or bool(np.all(rowids[1:] > rowids[:-1]))
        self._order = None if rising else np.argsort(rowids, kind="stable")
        self._sorted = rowids if rising else rowids[self._order]

    def rows(self, rowids: list[int]) -> np.ndarray:
        """The row of each of ``rowids``, -1 for one no row has."""
        want = np.asarray(rowids, dtype=np.int64)
        at = np.searchsorted(self._sorted, want)
        inside = at < self._sorted.size
        at = np.where(inside, at, 0)
        found = inside & (self._sorted[at] == want) if self._sorted.size else inside
        rows = at if self._order is None else self._order[at]
        return np.where(found, rows, -1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RowOf) and np.array_equal(self._sorted, other._sorted)

    __hash__ = None  # type: ignore[assignment]


class NoteVectors:
    """The vectors of the notes of one index (``embedder`` made them)."""

    #: From this many notes on, vectors are shortlisted by a low-dimensional projection
    #: before exact scoring (see the module doc).
    COARSE_MIN_NOTES = 20_000
    COARSE_DIMS = 96
    COARSE_SHORTLIST = 1_000

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        #: (n, fields, dim); ``None`` until loaded, and after the file changed under it.
        self.matrix: np.ndarray | None = None
        self.keys: list[str] = []
        self.fps: list[str] = []
        #: What a search needs of each note's meta (:data:`.doc.Facets`); the whole meta
        #: stays in the file.
        self.facets: list[Facets] = []
        self.rowids: np.ndarray = np.zeros(0, dtype=np.int64)
        #: FTS rowid -> row.
        self.row_of = RowOf(self.rowids)
        #: key -> row, so exclusions cost O(len(exclude)), not a Python pass over all notes.
        self.index_of_key: dict[str, int] = {}
        self.basis: np.ndarray | None = None
        self.coarse: np.ndarray | None = None
        # the last loaded vectors, kept while the matrix is dropped (file reset), so a rebuild
        # after the file vanished re-embeds nothing
        self._last: tuple[dict, list, np.ndarray | None] = ({}, [], None)
        self._languages: tuple[list | None, frozenset[str] | None] = (None, None)

    def __len__(self) -> int:
        return len(self.keys)

    def load_batches(self, n: int, batches) -> None:
        """Hold ``n`` rows arriving in ``batches`` (lists of ``(rowid, key, fingerprint,
        meta JSON, vector blob)``), each copied straight into the final matrix (float16 from
        :attr:`COARSE_MIN_NOTES` notes on): no list of every blob and no float32 copy of all
        of them is ever held (at 100,000 notes those were 0.7 GB each, and the allocator
        kept the freed blobs resident)."""
        dim = self.embedder.dim
        coarse = n >= self.COARSE_MIN_NOTES and self.COARSE_DIMS < dim
        matrix = np.empty((n, VECTOR_FIELDS, dim), dtype=np.float16 if coarse else np.float32)
        keys: list[str] = []
        fps: list[str] = []
        metas: list[Facets] = []
        rowids: list[int] = []
        at = 0
        for batch in batches:
            if not batch:
                continue
            k = len(batch)
            if at + k > matrix.shape[0]:  # rows added between the count and the read
                extra = np.empty((at + k - matrix.shape[0],) + matrix.shape[1:], matrix.dtype)
                matrix = np.concatenate([matrix, extra])
            blob = b"".join(r[4] for r in batch)
            part = np.frombuffer(blob, dtype=np.float32).reshape(k, VECTOR_FIELDS, dim)
            matrix[at : at + k] = part
            for r in batch:
                rowids.append(r[0])
                # interned: the recaller, the index and the cache file hold the same texts
                keys.append(sys.intern(r[1]))
                fps.append(sys.intern(r[2]))
                metas.append(facets(json.loads(r[3])))
            at += k
        if at != matrix.shape[0]:
            matrix = matrix[:at]  # rows deleted between the count and the read
        self.keys, self.fps, self.facets = keys, fps, metas
        self.rowids = np.asarray(rowids, dtype=np.int64)
        self.row_of = RowOf(self.rowids)
        self.index_of_key = {k: i for i, k in enumerate(keys)}
        self.basis = None
        self.coarse = None
        if coarse and at >= self.COARSE_MIN_NOTES:
            self.matrix = matrix
            self._build_coarse()
        else:
            self.matrix = np.ascontiguousarray(matrix, dtype=np.float32)
        self._last = (self.index_of_key, self.fps, self.matrix)

    def _build_coarse(self) -> None:
        """The float32 projection of each note's summed field vectors onto the leading
        principal directions of a sample of them (``self.matrix`` is float16 here).

        The directions are the leading eigenvectors of the sample's Gram matrix, summed
        1,024 rows at a time: the same subspace as the sample's right singular vectors (to
        1e-6), without the SVD's copies and workspace (160 MB, the peak of a 100,000-note
        load)."""
        matrix = self.matrix
        n = matrix.shape[0]
        rng = np.random.default_rng(0)
        pick = np.sort(rng.choice(n, min(n, 4096), replace=False))
        gram = np.zeros((matrix.shape[2], matrix.shape[2]), dtype=np.float64)
        for start in range(0, pick.size, 1024):
            rows = matrix[pick[start : start + 1024]].astype(np.float64).sum(axis=1)
            gram += rows.T @ rows
        _, vectors = np.linalg.eigh(gram)  # ascending eigenvalues
        basis = np.ascontiguousarray(vectors[:, ::-1][:, : self.COARSE_DIMS], dtype=np.float32)
        coarse = np.empty((n, self.COARSE_DIMS), dtype=np.float32)
        step = 2048  # a float32 copy of 8,192 rows was 59 MB more at the peak of a load
        for start in range(0, n, step):
            chunk = matrix[start : start + step].astype(np.float32).sum(axis=1)
            coarse[start : start + step] = chunk @ basis
        self.basis, self.coarse = basis, coarse

    def patch(self, removed: list[str], added: list[tuple[int, Doc, np.ndarray]]) -> bool:
        """Apply a small sync to the loaded vectors in memory instead of reloading every row
        from the file (one changed note in a 100,000-note memory: milliseconds, not
        seconds). False when nothing is loaded or the change is large (then reload)."""
        if self.matrix is None or len(removed) + len(added) > max(64, len(self.keys) // 10):
            return False
        n = len(self.keys)
        keep = np.ones(n, dtype=bool)
        keep[[self.index_of_key[k] for k in removed if k in self.index_of_key]] = False
        new = np.stack([v for _, _, v in added]).astype(np.float32) if added else None
        keys = [k for k, ok in zip(self.keys, keep, strict=True) if ok]
        fps = [f for f, ok in zip(self.fps, keep, strict=True) if ok]
        metas = [m for m, ok in zip(self.facets, keep, strict=True) if ok]
        rowids = [int(r) for r in self.rowids[keep]]
        matrix = self.matrix[keep]
        coarse = None
        if self.coarse is not None:
            coarse = self.coarse[keep]
        for rowid, doc, _ in added:
            keys.append(doc.key)
            fps.append(doc.fingerprint)
            metas.append(facets(doc.meta))
            rowids.append(rowid)
        if new is not None:
            matrix = np.concatenate([matrix, new.astype(matrix.dtype)])
            if coarse is not None:
                proj = new.sum(axis=1) @ self.basis
                coarse = np.concatenate([coarse, proj.astype(np.float32)])
        self.keys, self.fps, self.facets = keys, fps, metas
        self.rowids = np.asarray(rowids, dtype=np.int64)
        self.row_of = RowOf(self.rowids)
        self.index_of_key = {k: i for i, k in enumerate(keys)}
        self.matrix = matrix
        if coarse is not None:
            self.coarse = np.ascontiguousarray(coarse)
        self._last = (self.index_of_key, self.fps, self.matrix)
        return True

    def stored(self, doc: Doc) -> np.ndarray | None:
        """The vectors of ``doc`` last loaded, when its fingerprint matches."""
        index_of_key, fps, matrix = self._last
        i = index_of_key.get(doc.key)
        if matrix is None or i is None or i >= len(fps) or fps[i] != doc.fingerprint:
            return None
        return np.asarray(matrix[i], dtype=np.float32)

    def languages(self) -> frozenset[str] | None:
        """The programming languages any note names (:mod:`.language_form`); None when a
        row does not record them (written before they were recorded): then any language
        may be mentioned. O(notes), once per change of the rows."""
        facets = self.facets
        if self._languages[0] is not facets:
            found: set[str] = set()
            known = True
            for f in facets:
                if f[3] is None:
                    known = False
                    break
                found |= f[3]
            self._languages = (facets, frozenset(found) if known else None)
        return self._languages[1]

    def meta(self, i: int) -> dict:
        """Row ``i``'s meta as a hit carries it (:func:`.doc.facets_meta`; a new dict)."""
        return facets_meta(self.facets[i])

    # ------------------------------------------------------------------ scoring
    def sims(self, rows: np.ndarray, qv: np.ndarray) -> np.ndarray:
        """Raw-scale similarity of stored rows to the query row: the embedder's own
        ``similarity`` when it has one (a blend of models), else the dot product."""
        own = getattr(self.embedder, "similarity", None)
        return own(rows, qv) if own is not None else rows @ qv

    def _exact_cos(self, rows: np.ndarray, qv: np.ndarray) -> np.ndarray:
        """Exact max-over-fields cosine of the notes at ``rows``."""
        sub = self.matrix[rows].astype(np.float32, copy=False)
        return (
            self.sims(sub.reshape(len(rows) * VECTOR_FIELDS, -1), qv).reshape(len(rows), -1).max(1)
        )

    def cosines(
        self, qv: np.ndarray, allowed: np.ndarray, ncand: int
    ) -> tuple[np.ndarray, np.ndarray | None]:
        """Each note's max-over-fields cosine to ``qv``, and which rows are exact (``None``:
        all of them). With the coarse projection, only the shortlist is scored exactly (the
        others get -1); :meth:`complete` scores more rows exactly."""
        n = len(self.keys)
        if self.coarse is None:
            cos = self.sims(self.matrix.reshape(n * VECTOR_FIELDS, -1), qv)
            return cos.reshape(n, VECTOR_FIELDS).max(1), None
        approx = self.coarse @ (qv @ self.basis)
        approx = np.where(allowed, approx, -np.inf)
        m = min(n, max(self.COARSE_SHORTLIST, ncand))
        short = np.argpartition(-approx, m - 1)[:m]
        cos = np.full(n, -1.0, dtype=np.float32)
        cos[short] = self._exact_cos(short, qv)
        exact = np.zeros(n, dtype=bool)
        exact[short] = True
        return cos, exact

    def complete(
        self, cos: np.ndarray, exact: np.ndarray | None, rows: np.ndarray, qv: np.ndarray
    ) -> None:
        """Score ``rows`` exactly in ``cos`` where :meth:`cosines` did not (e.g. keyword
        candidates outside the vector shortlist)."""
        if exact is not None:
            todo = rows[~exact[rows]]
            if todo.size:
                cos[todo] = self._exact_cos(todo, qv)
