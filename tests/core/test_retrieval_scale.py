"""The retrieval index's large-memory paths give the same answers as the exact ones:
the float16 + projection shortlist, the in-memory patch after a small sync, the pruned
keyword query, and a rebuild after the file vanished (vectors reused, not re-embedded)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.index import Doc, RetrievalIndex
from memlsp.core.retrieval.params import RecallParams

TOPICS = ["billing invoices", "mobile release", "search cluster", "warehouse models",
          "single sign on", "webhook retries", "admin dashboard", "terraform state"]  # fmt: skip
LOOSE = RecallParams(min_score=0.0, first_turn_min_score=0.0, follow_margin=1.0)


def docs(n: int, seed: int = 0) -> list[Doc]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        topic = TOPICS[i % len(TOPICS)]
        words = " ".join(rnd.choice(["alpha", "beta", "gamma", "delta", "omega"]) for _ in range(6))
        out.append(
            Doc(
                f"n{i}.md",
                f"fp{i}",
                f"{topic} notes {words} item{i}",
                {"name": f"note-{i}", "description": f"{topic} rule {i}"},
            )  # fmt: skip
        )
    return out


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.texts = 0

    def embed(self, texts):
        self.texts += len(texts)
        return super().embed(texts)


def keys(hits) -> list[str]:
    return [h.key for h in hits]


def test_shortlist_path_matches_exact_scoring(tmp_path: Path) -> None:
    corpus = docs(300)
    exact = RetrievalIndex(tmp_path / "a.sqlite", HashingEmbedder())
    coarse = RetrievalIndex(tmp_path / "b.sqlite", HashingEmbedder())
    coarse._vectors.COARSE_MIN_NOTES, coarse._vectors.COARSE_DIMS = 10, 64
    coarse._vectors.COARSE_SHORTLIST = 60
    exact.sync(corpus)
    coarse.sync(corpus)
    for q in ["billing invoices rule", "terraform state item7", "webhook retries gamma"]:
        a = exact.search(q, 10, params=LOOSE, select=False)
        b = coarse.search(q, 10, params=LOOSE, select=False)
        assert keys(a)[:5] == keys(b)[:5]
        assert [round(h.score, 2) for h in a[:5]] == [round(h.score, 2) for h in b[:5]]
    assert coarse._vectors.matrix.dtype == np.float16 and coarse._vectors.coarse is not None


def test_small_sync_patches_loaded_vectors_like_a_reload(tmp_path: Path) -> None:
    corpus = docs(120)
    idx = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    idx._vectors.COARSE_MIN_NOTES, idx._vectors.COARSE_DIMS = 10, 32
    idx.sync(corpus)
    idx.search("billing", 5, params=LOOSE)  # loads the matrix
    changed = [*corpus[1:], Doc("n0.md", "fp0-v2", "search cluster shards moved", corpus[0].meta)]
    changed.append(Doc("new.md", "fpn", "brand new terraform state lock rule", {"name": "new"}))
    idx.sync(changed)
    assert idx._vectors.matrix is not None  # patched, not dropped
    patched = idx.search("terraform state lock", 5, params=LOOSE, select=False)
    fresh = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    fresh._vectors.COARSE_MIN_NOTES, fresh._vectors.COARSE_DIMS = 10, 32
    reloaded = fresh.search("terraform state lock", 5, params=LOOSE, select=False)
    assert keys(patched) == keys(reloaded)
    assert keys(patched)[0] == "new.md"
    assert len(idx) == 121


def test_pruned_keyword_query_keeps_the_rarest_terms(tmp_path: Path) -> None:
    idx = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    idx.sync(docs(80))
    idx.search("warm", 1, params=LOOSE)
    params = RecallParams(kw_prune_min_notes=0, kw_posting_budget=15, min_score=0.0,
                          first_turn_min_score=0.0)  # fmt: skip
    allowed = np.ones(len(idx), dtype=bool)
    # df: item42 1, billing 10, invoices 10, notes 80; a budget of 15 postings keeps the
    # first two, so the notes matched are the billing ones and n42, not every note
    bm25, coverage = idx._keyword_hits("billing invoices item42 notes", 80, 50, allowed, params)
    assert set(bm25) == {42} | {i for i in range(80) if i % 8 == 0}
    assert next(iter(bm25)) == 42  # best BM25 first
    # coverage still counts the dropped terms in the message's total
    assert 0 < coverage[0] < coverage[42] < 1
    assert idx._keyword_hits("zzzunknownword", 80, 50, allowed, params) == ({}, {})
    assert keys(idx.search("what about item42 notes?", 1, params=params)) == ["n42.md"]


def test_rebuild_after_the_file_vanished_reuses_vectors(tmp_path: Path) -> None:
    emb = CountingEmbedder()
    idx = RetrievalIndex(tmp_path / "state" / "r.sqlite", emb)
    idx.sync(docs(50))
    before = keys(idx.search("mobile release", 3, params=LOOSE))
    embedded = emb.texts
    for suffix in ("", "-wal", "-shm"):
        Path(str(idx.path) + suffix).unlink(missing_ok=True)
    after = keys(idx.search("mobile release", 3, params=LOOSE))
    assert after == before
    assert emb.texts == embedded + 1  # only the query was embedded again
