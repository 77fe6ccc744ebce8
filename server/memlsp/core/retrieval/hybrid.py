"""Hybrid scoring and selection for recall (R16).

Owns: :class:`HybridParams` (every weight and threshold, with the numbers behind the
defaults), the two normalisations, the fused score, session-scope time decay, and
:func:`select` (minimum score, stricter first turn, near-duplicate suppression).

Pure numpy and stdlib. Must not import sqlite3, models, pygls, lsprotocol or a CLI.

Normalisation (both sides land in [0, 1] with a meaning that does not depend on the other
candidates, so a threshold on the fused score is an absolute bar, not "the best of whatever
came back"):

- vector: ``clip((cosine - sim_floor) / (sim_ceiling - sim_floor), 0, 1)``, where the floor and
  ceiling are the embedder's calibration (cosine of an unrelated note, cosine of a clear match);
- keyword: ``(1 - kw_coverage) × (1 - exp(-bm25 / kw_scale)) + kw_coverage × coverage``. The
  first part is a saturating map of FTS5's BM25 (sign flipped so larger is better): one rare
  shared word ≈ 0.3–0.5, several ≈ 0.9+. ``coverage`` is the share of the message's content
  terms the note contains, each term weighted by its IDF (terms found in no note count too):
  one rare word that happens to be shared no longer looks like a keyword match of a message
  about something else.

``score = w_vec × vector + w_kw × keyword``, then × ``0.5 ** (age_days / half_life_days)`` for
session-scope notes only.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

import numpy as np

__all__ = [
    "Hit",
    "HybridParams",
    "decay_factor",
    "fuse",
    "gate_for",
    "normalise_keyword",
    "normalise_vector",
    "select",
    "term_coverage",
]


@dataclass(frozen=True)
class HybridParams:
    """Weights and thresholds of the hybrid retriever.

    Defaults measured on the dev set (``bench/recall_dev.py``) with the default embedder; the
    weights are the SPEC's 0.7 / 0.3.
    """

    #: Weight of the normalised vector similarity (SPEC R16).
    w_vec: float = 0.7
    #: Weight of the normalised keyword score (SPEC R16).
    w_kw: float = 0.3
    #: Cosine mapped to 0 / to 1; ``None`` = the embedder's own calibration.
    sim_floor: float | None = None
    sim_ceiling: float | None = None
    #: BM25 at which the keyword side's BM25 part reaches 1 - 1/e ≈ 0.63.
    kw_scale: float = 10.0
    #: Weight of term coverage in the keyword score (the rest is the BM25 part; see the
    #: module docstring). 0 = BM25 alone. Dev set, before the glossary: 0 → 0.2–0.4 moved
    #: recall@5 0.838 → 0.843 (paraphrase 0.589 → 0.605), 0.5 and up gave it back; with the
    #: glossary 0 → 0.3 moves it 0.864 → 0.869 (docs/explanation/recall.md).
    kw_coverage: float = 0.3
    #: FTS5 bm25 column weights (name, description, body).
    kw_column_weights: tuple[float, float, float] = (2.0, 2.0, 1.0)
    #: From this many notes on, the keyword query keeps only its rarest terms, as many as fit
    #: ``kw_posting_budget`` matching documents in total: FTS5 computes bm25 for every
    #: matching document before ``ORDER BY`` (~5 µs each), so one common word in a
    #: 100,000-note memory costs tens of milliseconds while adding little (its IDF is low).
    kw_prune_min_notes: int = 2_000
    kw_posting_budget: int = 4_000
    #: Recall injects nothing unless the best hit reaches this fused score.
    min_score: float = 0.30
    #: The same gate on the first turn of a session (R16: higher there).
    first_turn_min_score: float = 0.33
    #: Silence when the message is closer to a general-request prototype (small talk,
    #: trivia, textbook questions: :mod:`.general`) than to the best note by more than this,
    #: in normalised vector units; ``None`` turns the check off.
    general_margin: float | None = 0.15
    #: The same for a mostly-CJK message, which only USE reads: its Chinese cosines run high
    #: (a Chinese message about "this week" scores 1.0 against "what day is it?"), so the
    #: prototype must be closer by more (dev set: Chinese negatives ≥ 0.50, positives ≤ 0.33).
    general_margin_cjk: float | None = 0.4
    #: Size-aware gate: the best of n unrelated notes scores higher the larger n is (the
    #: expected maximum of n noise scores grows like sqrt(2 ln n)), so a gate tuned on a
    #: memory of ``gate_ref_notes`` notes is too strict for a memory of 3. Below that size
    #: the later-turn gate drops by ``gate_size_slope × ln(gate_ref_notes / n)``, never below
    #: ``gate_floor``; at or above it nothing changes. The first turn keeps its margin on top
    #: (:func:`gate_for`). Floor and slope were set on the scenario set (1–5-note memories):
    #: docs/explanation/recall.md.
    gate_ref_notes: int = 400
    gate_size_slope: float = 0.04
    gate_floor: float = 0.18
    #: Once the gate is passed, further hits need ``gate - follow_margin``.
    follow_margin: float = 0.16
    #: A candidate whose cosine to an already chosen hit reaches this is a near-duplicate.
    dup_cosine: float = 0.9
    #: Half-life of session-scope notes, in days.
    half_life_days: float = 30.0
    #: Candidates taken from each side (vector top-N ∪ keyword top-N) before fusing.
    candidates: int = 50
    #: At most this many hits are selected.
    max_hits: int = 5


@dataclass
class Hit:
    """One scored note. ``score`` is the fused (and decayed) score in [0, 1]."""

    key: str
    score: float
    vector_sim: float
    keyword_score: float
    vector_norm: float = 0.0
    keyword_norm: float = 0.0
    keyword_coverage: float = 0.0
    decay: float = 1.0
    meta: dict = field(default_factory=dict)


def normalise_vector(cos: np.ndarray | float, floor: float, ceiling: float) -> np.ndarray:
    """Map raw cosine onto [0, 1] by the embedder's calibration (see module docstring)."""
    span = max(ceiling - floor, 1e-6)
    return np.clip((np.asarray(cos, dtype=np.float64) - floor) / span, 0.0, 1.0)


def normalise_keyword(
    bm25: np.ndarray | float,
    scale: float,
    coverage: np.ndarray | float | None = None,
    coverage_weight: float = 0.0,
) -> np.ndarray:
    """Map a non-negative BM25 score onto [0, 1): ``1 - exp(-bm25 / scale)``; with
    ``coverage`` (the IDF-weighted share of the message's terms the note contains, in [0, 1]),
    ``(1 - coverage_weight) × that + coverage_weight × coverage``."""
    b = np.maximum(np.asarray(bm25, dtype=np.float64), 0.0)
    strength = 1.0 - np.exp(-b / max(scale, 1e-6))
    if coverage is None or coverage_weight <= 0:
        return strength
    w = min(float(coverage_weight), 1.0)
    cov = np.clip(np.asarray(coverage, dtype=np.float64), 0.0, 1.0)
    return (1.0 - w) * strength + w * cov


def term_coverage(
    postings: Sequence[Collection[int]], dfs: Sequence[int], n_docs: int
) -> dict[int, float]:
    """Row -> the IDF-weighted share of the query's terms that row contains.

    ``postings[t]`` holds the rows containing term ``t`` (empty for a term no note has, or
    one whose rows were not looked up), ``dfs[t]`` its document frequency. IDF is BM25's
    ``ln(1 + (N - df + 0.5) / (df + 0.5))``, so a term no note contains weighs the most and
    a word nearly every note has weighs next to nothing.
    """
    idf = [math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)) for df in dfs]
    total = sum(idf)
    if total <= 0:
        return {}
    out: dict[int, float] = {}
    for rows, w in zip(postings, idf, strict=True):
        for r in rows:
            out[r] = out.get(r, 0.0) + w
    return {r: min(v / total, 1.0) for r, v in out.items()}


def fuse(vector_norm: np.ndarray, keyword_norm: np.ndarray, params: HybridParams) -> np.ndarray:
    """``w_vec × vector_norm + w_kw × keyword_norm``."""
    return params.w_vec * np.asarray(vector_norm) + params.w_kw * np.asarray(keyword_norm)


def _as_datetime(value) -> datetime | None:
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, str) and value:
        try:
            dt = datetime.fromisoformat(value)
        except ValueError:
            return None
    else:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def decay_factor(meta: dict, now: datetime | None, half_life_days: float) -> float:
    """``0.5 ** (age_days / half_life)`` for ``meta["scope"] == "session"``, else 1.

    ``meta["created"]`` may be a datetime or an ISO-8601 string; a missing/unparseable date, a
    missing ``now`` or a note from the future gives 1 (no decay).
    """
    if meta.get("scope") != "session" or now is None or half_life_days <= 0:
        return 1.0
    created = _as_datetime(meta.get("created"))
    now_dt = _as_datetime(now)
    if created is None or now_dt is None:
        return 1.0
    age_days = (now_dt - created).total_seconds() / 86400.0
    if age_days <= 0:
        return 1.0
    return math.pow(0.5, age_days / half_life_days)


def _newer(a: dict, b: dict) -> bool:
    ca, cb = _as_datetime(a.get("created")), _as_datetime(b.get("created"))
    return ca is not None and cb is not None and ca > cb


def gate_for(params: HybridParams, *, first_turn: bool, collection_size: int | None) -> float:
    """The minimum best-hit score for a memory of ``collection_size`` notes (see
    :class:`HybridParams`: ``gate_ref_notes``, ``gate_size_slope``, ``gate_floor``).

    The size relaxation and the floor apply to ``min_score``; a session's first turn adds
    ``first_turn_min_score - min_score`` on top, so it stays the stricter gate (R16) at
    every memory size, the floor included."""
    extra = max(params.first_turn_min_score - params.min_score, 0.0) if first_turn else 0.0
    gate = params.min_score
    n = collection_size
    if n is not None and 0 < n < params.gate_ref_notes and params.gate_size_slope > 0:
        relaxed = gate - params.gate_size_slope * math.log(params.gate_ref_notes / n)
        gate = max(min(gate, params.gate_floor), relaxed)
    return gate + extra


def select(
    hits: Sequence[Hit],
    vectors: np.ndarray | None,
    params: HybridParams,
    *,
    first_turn: bool = False,
    collection_size: int | None = None,
    general: float | None = None,
    cjk: bool = False,
) -> list[Hit]:
    """The hits recall would inject, best first.

    ``hits`` are sorted by score (best first) and ``vectors`` holds one unit row per hit (for
    near-duplicate checks; ``None`` skips them). Rules, in order:

    0. a general request: nothing when ``general`` (the message's normalised vector
       similarity to the nearest general-request prototype) exceeds the best hit's
       ``vector_norm`` by more than ``params.general_margin`` (``general_margin_cjk`` when
       ``cjk``: a mostly-CJK message);
    1. the gate: nothing unless the best score reaches ``min_score`` (``first_turn_min_score``
       on a session's first turn), lowered for memories smaller than ``gate_ref_notes``
       (:func:`gate_for`; ``collection_size`` = notes in the memory) — "unsure → don't select";
    2. every selected hit must reach ``gate - follow_margin``;
    3. a hit whose cosine to an already selected one reaches ``dup_cosine`` is a
       near-duplicate: only one of the pair is kept, the newer note (by ``meta["created"]``),
       at the better one's rank — a newer note on the same topic usually supersedes;
    4. at most ``max_hits``.
    """
    if not hits:
        return []
    margin = params.general_margin_cjk if cjk else params.general_margin
    if general is not None and margin is not None:
        if general - max(h.vector_norm for h in hits) > margin:
            return []
    gate = gate_for(params, first_turn=first_turn, collection_size=collection_size)
    if hits[0].score < gate:
        return []
    floor = gate - params.follow_margin
    chosen: list[int] = []
    for i, hit in enumerate(hits):
        if hit.score < floor:
            break
        dup_of = None
        if vectors is not None and chosen:
            sims = vectors[chosen] @ vectors[i]
            j = int(np.argmax(sims))
            if sims[j] >= params.dup_cosine:
                dup_of = j
        if dup_of is not None:
            if _newer(hit.meta, hits[chosen[dup_of]].meta):
                chosen[dup_of] = i
            continue
        chosen.append(i)
        if len(chosen) >= params.max_hits:
            break
    return [hits[i] for i in chosen]
