"""The keyword side's term coverage (R16 keyword normalisation, docs/explanation/recall.md).

BM25 alone rewards one rare word a note happens to share with a message about something
else as much as a real keyword match; the keyword score therefore blends in coverage: the
IDF-weighted share of the message's content terms the note contains.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from memlsp.core.retrieval import hybrid
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.index import Doc, RetrievalIndex
from memlsp.core.retrieval.params import RecallParams


def doc(key: str, desc: str, body: str = "") -> Doc:
    return Doc(key, "1", body, {"name": Path(key).stem, "description": desc})


def idf(n: int, df: int) -> float:
    return math.log(1 + (n - df + 0.5) / (df + 0.5))


# ------------------------------------------------------------------ pure functions
def test_coverage_weights_terms_by_idf_and_counts_unmatched_terms() -> None:
    # term 0 in rows {1, 2}, term 1 in row {2}, term 2 in no note (but still in the message)
    cov = hybrid.term_coverage([{1, 2}, {2}, set()], [2, 1, 0], 10)
    total = idf(10, 2) + idf(10, 1) + idf(10, 0)
    assert cov[1] == pytest.approx(idf(10, 2) / total)
    assert cov[2] == pytest.approx((idf(10, 2) + idf(10, 1)) / total)
    assert 0 not in cov  # a row matching nothing has no coverage entry (0)
    # a rare term weighs more than a common one
    assert hybrid.term_coverage([{1}, {2}], [1, 9], 10)[1] > 0.5


def test_full_coverage_is_one() -> None:
    assert hybrid.term_coverage([{4}, {4}], [1, 3], 5) == {4: pytest.approx(1.0)}
    assert hybrid.term_coverage([], [], 5) == {}


def test_keyword_normalisation_blends_strength_and_coverage() -> None:
    bm25, cov = np.array([0.0, 10.0, 10.0]), np.array([0.0, 0.2, 1.0])
    plain = hybrid.normalise_keyword(bm25, 10)
    assert hybrid.normalise_keyword(bm25, 10, cov, 0.0) == pytest.approx(plain)
    mixed = hybrid.normalise_keyword(bm25, 10, cov, 0.3)
    assert mixed == pytest.approx(0.7 * plain + 0.3 * cov)
    assert mixed[2] > mixed[1]  # same BM25, more of the message covered
    assert hybrid.normalise_keyword(bm25, 10, cov, 1.0) == pytest.approx(cov)


# ------------------------------------------------------------------ in the index
NOTES = [
    doc("rare.md", "Reading list: the Raindrop collection eng-reading"),
    doc(
        "migr.md",
        "Schema migrations go in their own pull request",
        "Deploy the migration that adds a table column before the feature that reads it.",
    ),
    *[doc(f"f{i}.md", f"Filler note {i} about dashboards and alerts") for i in range(12)],
]
MESSAGE = "Adding a table column and the feature that reads it: one pull request?"


def hits_by_key(idx: RetrievalIndex, params: RecallParams) -> dict[str, hybrid.Hit]:
    return {h.key: h for h in idx.search(MESSAGE, 20, params=params, select=False)}


def test_a_lone_shared_word_scores_below_a_covering_note(tmp_path: Path) -> None:
    idx = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    idx.sync(NOTES)
    on = hits_by_key(idx, RecallParams(keyword_coverage=0.3))
    off = hits_by_key(idx, RecallParams(keyword_coverage=0.0))
    rare, migr = on["rare.md"], on["migr.md"]
    assert 0 < rare.keyword_coverage < 0.25 < migr.keyword_coverage <= 1
    assert off["rare.md"].keyword_coverage == 0 == off["migr.md"].keyword_coverage
    # coverage moves the lone-word note down and the covering note up
    assert rare.keyword_norm < off["rare.md"].keyword_norm
    assert (
        migr.keyword_norm - rare.keyword_norm
        > off["migr.md"].keyword_norm - off["rare.md"].keyword_norm
    )
    # keyword_norm is exactly the documented blend
    assert migr.keyword_norm == pytest.approx(
        0.7 * (1 - math.exp(-migr.keyword_score / 10)) + 0.3 * migr.keyword_coverage
    )


def test_inflected_forms_count_once(tmp_path: Path) -> None:
    """Coverage is over stems (FTS5's own), so "reads" and "reading" are one term."""
    idx = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    idx.sync(NOTES)
    hit = {
        h.key: h
        for h in idx.search(
            "reads reading", 5, params=RecallParams(keyword_coverage=1.0), select=False
        )
    }
    assert hit["rare.md"].keyword_coverage == pytest.approx(1.0)


def test_coverage_in_a_pruned_keyword_query(tmp_path: Path) -> None:
    """In a memory large enough for the keyword query to drop common terms, those terms
    still count in the message's total, so coverage stays a share of the whole message."""
    idx = RetrievalIndex(tmp_path / "r.sqlite", HashingEmbedder())
    idx.sync(NOTES)
    pruned = RecallParams(kw_prune_min_notes=0, kw_posting_budget=1, keyword_coverage=1.0)
    hits = {h.key: h for h in idx.search("raindrop dashboards", 20, params=pruned, select=False)}
    # "raindrop" (1 note) fits the budget; "dashboards" (12 notes) is dropped from the query
    assert set(hits) >= {"rare.md"}
    n = len(NOTES)
    assert hits["rare.md"].keyword_coverage == pytest.approx(idf(n, 1) / (idf(n, 1) + idf(n, 12)))
    assert all(h.keyword_coverage == 0 for k, h in hits.items() if k.startswith("f"))
