"""Issue 19: note vectors are loaded batch by batch straight into the final matrix; the result
is the same as loading every row at once (exact and coarse paths)."""

from __future__ import annotations

import numpy as np
from memlsp.core.retrieval.doc import VECTOR_FIELDS
from memlsp.core.retrieval.vectors import NoteVectors


class _Dims:
    dim = 24


def _rows(n: int, rng) -> list[tuple]:
    vecs = rng.standard_normal((n, VECTOR_FIELDS, _Dims.dim)).astype(np.float32)
    return [
        (i + 1, f"k{i}.md", f"fp{i}", '{"scope": "project"}', vecs[i].tobytes()) for i in range(n)
    ]


def _load(rows, batch: int | None, coarse_from: int) -> NoteVectors:
    v = NoteVectors(_Dims())
    v.COARSE_MIN_NOTES = coarse_from
    v.COARSE_DIMS = 8
    size = len(rows) if batch is None else batch  # None: every row in one batch
    v.load_batches(len(rows), [rows[i : i + size] for i in range(0, len(rows), size)])
    return v


def test_batches_give_the_same_vectors_as_one_load() -> None:
    rows = _rows(300, np.random.default_rng(1))
    for coarse_from in (10_000, 100):  # exact float32, then float16 + projection
        whole, parts = _load(rows, None, coarse_from), _load(rows, 7, coarse_from)
        assert whole.keys == parts.keys and whole.fps == parts.fps
        assert list(whole.rowids) == list(parts.rowids) and whole.row_of == parts.row_of
        assert whole.matrix.dtype == parts.matrix.dtype
        assert np.array_equal(whole.matrix, parts.matrix)
        if coarse_from == 100:
            assert parts.matrix.dtype == np.float16 and parts.coarse.shape == (300, 8)
            assert np.allclose(whole.coarse, parts.coarse)
        else:
            assert parts.matrix.dtype == np.float32 and parts.coarse is None


def test_fewer_rows_than_counted_are_tolerated() -> None:
    rows = _rows(10, np.random.default_rng(2))
    v = NoteVectors(_Dims())
    v.load_batches(12, [rows[:6], rows[6:]])  # two deleted between COUNT(*) and the read
    assert len(v) == 10 and v.matrix.shape[0] == 10


def test_more_rows_than_counted_are_kept() -> None:
    rows = _rows(10, np.random.default_rng(3))
    v = NoteVectors(_Dims())
    v.load_batches(7, [rows[:4], rows[4:]])  # three added between COUNT(*) and the read
    assert len(v) == 10 and v.matrix.shape[0] == 10 and v.keys[-1] == "k9.md"
