"""Tests for memlsp.core.retrieval: text, embedders, index and hybrid rules."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from memlsp.core.retrieval import hybrid
from memlsp.core.retrieval.embedders import HashingEmbedder, load_embedder
from memlsp.core.retrieval.hybrid import Hit
from memlsp.core.retrieval.index import Doc, RetrievalIndex
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.text import fts_index_text, fts_query, query_terms, tokens

NOW = datetime(2026, 6, 1, tzinfo=UTC)
# Hashing vectors: low thresholds so that sharing a few tokens is enough.
LOOSE = RecallParams(min_score=0.2, first_turn_min_score=0.25, follow_margin=0.1)


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0
        self.texts = 0

    def embed(self, texts):
        self.calls += 1
        self.texts += len(texts)
        return super().embed(texts)


def doc(key: str, desc: str, body: str = "", fp: str = "1", **meta) -> Doc:
    return Doc(key, fp, body, {"name": Path(key).stem, "description": desc, **meta})


DOCS = [
    doc("a.md", "Install dependencies with bun, never npm or yarn", "Use bun install."),
    doc("b.md", "Invoice numbers must be gapless per legal entity", "Allocate at finalisation."),
    doc("c.md", "数据库迁移需要先经过评审", "所有迁移都要两人批准。"),
    doc("d.md", "Grafana dashboards live in the golden signals folder"),
]


# --------------------------------------------------------------------------- text
def test_cjk_runs_become_bigrams():
    assert tokens("数据库迁移") == ["数据", "据库", "库迁", "迁移"]
    assert tokens("密") == ["密"]
    assert "迁移" in fts_index_text("我们的迁移脚本")


def test_camel_case_and_paths_split():
    toks = tokens("services/ledger/src/finalize/allocateNumber.ts")
    assert {"ledger", "finalize", "allocatenumber", "allocate", "number", "ts"} <= set(toks)


def test_query_drops_question_words_and_auxiliaries():
    assert query_terms("What should I do when the deploy fails?") == ["deploy", "fails"]
    assert "什么" not in query_terms("迁移有什么规定")


def test_fts_query_none_for_smalltalk():
    assert fts_query("Is it?") is None
    assert fts_query("") is None


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_fts_query_never_breaks_fts5(message):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize='porter unicode61')")
    conn.execute("INSERT INTO f(body) VALUES (?)", (fts_index_text(message),))
    q = fts_query(message)
    if q is not None:
        conn.execute("SELECT rowid FROM f WHERE f MATCH ?", (q,)).fetchall()


@pytest.mark.parametrize(
    "message",
    [
        '"unbalanced quote',
        "a AND OR NOT NEAR(b c) * ^x col:val (",
        "\x00\x01\x7f control \u202e chars",
        "x" * 1_000_000,
        "词" * 1_000_000,
        "- + : ; ' \" `",
    ],
)
def test_fts_query_hostile_inputs(message):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize='porter unicode61')")
    conn.execute("INSERT INTO f(body) VALUES ('some text')")
    q = fts_query(message)
    if q is not None:
        assert len(q) < 10_000
        conn.execute("SELECT rowid FROM f WHERE f MATCH ?", (q,)).fetchall()


# ---------------------------------------------------------------------- embedders
def test_hashing_embedder_is_deterministic_and_normalised():
    e = HashingEmbedder()
    a = e.embed(["bun install", "bun install", ""])
    assert a.dtype == np.float32 and a.shape == (3, e.dim)
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert np.allclose(a[0], a[1])


def test_load_embedder_caches_and_rejects_unknown():
    assert load_embedder("hashing") is load_embedder("hashing")
    with pytest.raises(KeyError):
        load_embedder("no-such-model")


# -------------------------------------------------------------------------- index
def test_incremental_sync(tmp_path):
    emb = CountingEmbedder()
    idx = RetrievalIndex(tmp_path / "idx.sqlite", emb)
    assert idx.sync(DOCS) == {"added": 4, "updated": 0, "deleted": 0, "unchanged": 0}
    assert emb.texts == 8  # two vectors per note
    assert idx.sync(DOCS)["unchanged"] == 4 and emb.texts == 8
    changed = [DOCS[0], doc("b.md", "Invoice numbers are reserved in blocks", fp="2"), DOCS[2]]
    counts = idx.sync(changed)
    assert counts == {"added": 0, "updated": 1, "deleted": 1, "unchanged": 2}
    assert emb.texts == 10
    assert len(idx) == 3
    keys = {h.key for h in idx.search("golden signals grafana", 5, select=False)}
    assert "d.md" not in keys


def test_reopen_reuses_file_without_embedding(tmp_path):
    path = tmp_path / "idx.sqlite"
    RetrievalIndex(path, HashingEmbedder()).sync(DOCS)
    emb = CountingEmbedder()
    idx = RetrievalIndex(path, emb)
    assert idx.sync(DOCS)["unchanged"] == 4
    assert emb.texts == 0
    assert idx.search("bun npm install", 3, params=LOOSE)[0].key == "a.md"


def test_embedder_change_triggers_rebuild(tmp_path):
    path = tmp_path / "idx.sqlite"
    RetrievalIndex(path, HashingEmbedder()).sync(DOCS)
    emb = CountingEmbedder()
    emb.name, emb.dim = "other", 128
    idx = RetrievalIndex(path, emb)
    assert idx.sync(DOCS)["added"] == 4
    assert idx.rebuilds == 1


def test_corrupt_file_is_rebuilt(tmp_path):
    path = tmp_path / "idx.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    idx = RetrievalIndex(path, HashingEmbedder())
    assert idx.sync(DOCS)["added"] == 4
    assert idx.search("gapless invoice numbers", 3, params=LOOSE)[0].key == "b.md"


def test_deleted_file_mid_session_is_rebuilt(tmp_path):
    path = tmp_path / "idx.sqlite"
    idx = RetrievalIndex(path, HashingEmbedder())
    idx.sync(DOCS)
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    hits = idx.search("gapless invoice numbers", 3, params=LOOSE)
    assert hits and hits[0].key == "b.md"
    assert path.exists()
    assert idx.sync(DOCS)["unchanged"] == 4


def test_search_excludes_keys_and_handles_empty(tmp_path):
    idx = RetrievalIndex(tmp_path / "idx.sqlite", HashingEmbedder())
    assert idx.search("anything", 5) == []
    idx.sync(DOCS)
    hits = idx.search("bun npm install", 5, exclude={"a.md"}, params=LOOSE, select=False)
    assert "a.md" not in {h.key for h in hits}
    assert idx.search('"NEAR( AND', 5) is not None


def test_chinese_keyword_match(tmp_path):
    idx = RetrievalIndex(tmp_path / "idx.sqlite", HashingEmbedder())
    idx.sync(DOCS)
    hits = idx.search("迁移要谁批准？", 5, select=False)
    assert hits[0].key == "c.md" and hits[0].keyword_score > 0


# ------------------------------------------------------------------------- hybrid
def _hit(key, score, **meta):
    return Hit(key=key, score=score, vector_sim=score, keyword_score=0.0, meta=meta)


def test_gate_is_absolute_and_higher_on_first_turn():
    p = RecallParams(min_score=0.4, first_turn_min_score=0.5, follow_margin=0.1)
    hits = [_hit("a", 0.45), _hit("b", 0.36), _hit("c", 0.2)]
    assert [h.key for h in hybrid.select(hits, None, p)] == ["a", "b"]
    assert hybrid.select(hits, None, p, first_turn=True) == []
    assert hybrid.select([_hit("x", 0.39)], None, p) == []


def test_near_duplicates_keep_the_newer_note():
    p = RecallParams(min_score=0.1, duplicate_cosine=0.9)
    v = np.array([[1, 0], [0.999, 0.0447], [0, 1]], dtype=np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    hits = [
        _hit("old", 0.8, created="2026-01-01T00:00:00Z"),
        _hit("new", 0.7, created="2026-03-01T00:00:00Z"),
        _hit("other", 0.6),
    ]
    assert [h.key for h in hybrid.select(hits, v, p)] == ["new", "other"]


def test_max_hits():
    hits = [_hit(str(i), 0.9 - i * 0.001) for i in range(10)]
    assert len(hybrid.select(hits, None, RecallParams(min_score=0.1))) == 5


def test_decay_only_for_session_scope():
    created = NOW - timedelta(days=30)
    assert hybrid.decay_factor({"scope": "session", "created": created}, NOW, 30) == (
        pytest.approx(0.5)
    )
    assert hybrid.decay_factor({"scope": "session", "created": created.isoformat()}, NOW, 30) == (
        pytest.approx(0.5)
    )
    assert hybrid.decay_factor({"scope": "project", "created": created}, NOW, 30) == 1.0
    assert hybrid.decay_factor({"scope": "session"}, NOW, 30) == 1.0
    assert hybrid.decay_factor({"scope": "session", "created": NOW}, None, 30) == 1.0


def test_decay_applies_in_search(tmp_path):
    idx = RetrievalIndex(tmp_path / "idx.sqlite", HashingEmbedder())
    old = (NOW - timedelta(days=60)).isoformat()
    idx.sync(
        [
            doc("s.md", "Investigated the flaky billing export job", scope="session", created=old),
            doc("p.md", "Investigated the flaky billing export job", scope="project", created=old),
        ]
    )
    hits = {h.key: h for h in idx.search("flaky billing export", 5, now=NOW, select=False)}
    assert hits["s.md"].decay == pytest.approx(0.25)
    assert hits["s.md"].score == pytest.approx(hits["p.md"].score * 0.25, rel=1e-5)


def test_normalisations_are_bounded_and_monotonic():
    v = hybrid.normalise_vector(np.array([-1, 0.05, 0.3, 0.9]), 0.05, 0.5)
    assert v.tolist()[0] == 0.0 and v.tolist()[-1] == 1.0 and np.all(np.diff(v) >= 0)
    k = hybrid.normalise_keyword(np.array([0, 5, 10, 100]), 10)
    assert k[0] == 0 and np.all(np.diff(k) > 0) and k[-1] < 1


# ---------------------------------------------------------------- the real model
def test_default_embedder_matches_across_languages(tmp_path):
    emb = load_embedder(None)
    idx = RetrievalIndex(tmp_path / "idx.sqlite", emb)
    idx.sync(
        [
            doc("review.md", "代码评审要在 24 小时内给出第一轮回复"),
            doc("bun.md", "Install and run scripts with bun, never npm or yarn"),
            doc("tz.md", "Give times in both Singapore and Rotterdam time zones"),
        ]
    )
    hits = idx.search("How fast must I answer a review request?", 3, select=False)
    assert hits[0].key == "review.md"
    assert idx.search("Good morning!", 5, first_turn=True) == []
