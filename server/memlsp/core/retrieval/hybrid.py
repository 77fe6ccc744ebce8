"""Hybrid scoring and selection for recall (R16).

Reads :class:`~.params.RecallParams` (every weight and threshold, with the numbers behind the
defaults), the two normalisations, the fused score, session-scope time decay, and
:func:`select` (minimum score, stricter first turn, near-duplicate suppression).

Pure numpy and stdlib. Must not import sqlite3, models, pygls, lsprotocol or a CLI.

Normalisation (both sides land in [0, 1] with a meaning that does not depend on the other
candidates, so a threshold on the fused score is an absolute bar, not "the best of whatever
came back"):

- vector: ``clip((cosine - sim_floor) / (sim_ceiling - sim_floor), 0, 1)``, where the floor and
  ceiling are the embedder's calibration (cosine of an unrelated note, cosine of a clear match);
- keyword: ``(1 - keyword_coverage) × (1 - exp(-bm25 / kw_scale)) + keyword_coverage × coverage``. The
  first part is a saturating map of FTS5's BM25 (sign flipped so larger is better): one rare
  shared word ≈ 0.3–0.5, several ≈ 0.9+. ``coverage`` is the share of the message's content
  terms the note contains, each term weighted by its IDF (terms found in no note count too):
  one rare word that happens to be shared no longer looks like a keyword match of a message
  about something else.

``score = vector_weight × vector + keyword_weight × keyword``, then × ``0.5 ** (age_days / half_life_days)`` for
session-scope notes only.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from .doc import as_datetime
from .params import RecallParams

__all__ = [
    "Hit",
    "decay_factor",
    "fuse",
    "gate_for",
    "normalise_keyword",
    "normalise_vector",
    "select",
    "term_coverage",
]


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
    #: the note's ``scope``, ``type`` and ``created`` (a datetime), where known
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


def fuse(vector_norm: np.ndarray, keyword_norm: np.ndarray, params: RecallParams) -> np.ndarray:
    """``vector_weight × vector_norm + keyword_weight × keyword_norm``."""
    return params.vector_weight * np.asarray(vector_norm) + params.keyword_weight * np.asarray(
        keyword_norm
    )


def decay_factor(meta: dict, now: datetime | None, half_life_days: float) -> float:
    """``0.5 ** (age_days / half_life)`` for ``meta["scope"] == "session"``, else 1.

    ``meta["created"]`` may be a datetime or an ISO-8601 string; a missing/unparseable date, a
    missing ``now`` or a note from the future gives 1 (no decay).
    """
    if meta.get("scope") != "session" or now is None or half_life_days <= 0:
        return 1.0
    created = as_datetime(meta.get("created"))
    now_dt = as_datetime(now)
    if created is None or now_dt is None:
        return 1.0
    age_days = (now_dt - created).total_seconds() / 86400.0
    if age_days <= 0:
        return 1.0
    return math.pow(0.5, age_days / half_life_days)


def _newer(a: dict, b: dict) -> bool:
    ca, cb = as_datetime(a.get("created")), as_datetime(b.get("created"))
    return ca is not None and cb is not None and ca > cb


def gate_for(params: RecallParams, *, first_turn: bool, collection_size: int | None) -> float:
    """The minimum best-hit score for a memory of ``collection_size`` notes (see
    :class:`RecallParams`: ``gate_reference_notes``, ``gate_size_slope``, ``gate_floor``).

    The size relaxation and the floor apply to ``min_score``; a session's first turn adds
    ``first_turn_min_score - min_score`` on top, so it stays the stricter gate (R16) at
    every memory size, the floor included."""
    extra = max(params.first_turn_min_score - params.min_score, 0.0) if first_turn else 0.0
    gate = params.min_score
    n = collection_size
    if n is not None and 0 < n < params.gate_reference_notes and params.gate_size_slope > 0:
        relaxed = gate - params.gate_size_slope * math.log(params.gate_reference_notes / n)
        gate = max(min(gate, params.gate_floor), relaxed)
    return gate + extra


def _words_all_there(hit: Hit, params: RecallParams, collection_size: int | None) -> bool:
    """The best note holds every content word of the message (its glosses included) with a
    strong keyword score, in a memory small enough that this rarely happens by chance: the
    general-request check, which compares vectors only, is then not trusted to silence it
    ("apply it" against "apply Terraform only through Atlantis" reads like an edit request to a
    sentence encoder)."""
    n = collection_size
    return (
        n is not None
        and n <= params.words_there_max_notes
        and hit.keyword_coverage >= 1.0
        and hit.keyword_norm >= params.words_there_keyword
    )


def select(
    hits: Sequence[Hit],
    vectors: np.ndarray | None,
    params: RecallParams,
    *,
    first_turn: bool = False,
    collection_size: int | None = None,
    general: float | None = None,
    cjk: bool = False,
    knowledge: bool | None = None,
) -> list[Hit]:
    """The hits recall would inject, best first.

    ``hits`` are sorted by score (best first) and ``vectors`` holds one unit row per hit (for
    near-duplicate checks; ``None`` skips them). Rules, in order:

    0. a general request: nothing when ``general`` (the message's normalised vector
       similarity to the nearest general-request prototype) exceeds the best hit's
       ``vector_norm`` by more than ``params.general_margin`` (``general_margin_cjk`` when
       ``cjk``: a mostly-CJK message) — unless, in a memory of at most
       ``words_there_max_notes`` notes, the best hit holds every content word of the
       message with a keyword score of at least ``words_there_keyword``;
    1. the gate: nothing unless the best score reaches ``min_score`` (``first_turn_min_score``
       on a session's first turn), lowered for memories smaller than ``gate_reference_notes``
       (:func:`gate_for`; ``collection_size`` = notes in the memory) — "unsure → don't select";
       then raised by ``knowledge_margin`` when ``knowledge`` (the message is a general
       knowledge question, :mod:`.request_form`) unless the best hit is a user-profile note,
       and lowered by ``task_relief`` when it is not (``None``: form unknown, no change);
    2. every selected hit must reach ``gate - follow_margin`` and never less than
       ``min_inject_score`` (the floor); a session record must clear the gate itself (it is
       injected only when it bears on the message);
    3. a hit whose cosine to an already selected one reaches ``duplicate_cosine`` is a
       near-duplicate: only one of the pair is kept, the newer note (by ``meta["created"]``),
       at the better one's rank — a newer note on the same topic usually supersedes;
    4. at most ``max_hits``.
    """
    if not hits:
        return []
    margin = params.general_margin_cjk if cjk else params.general_margin
    if (
        general is not None
        and margin is not None
        and not _words_all_there(hits[0], params, collection_size)
    ):
        if general - max(h.vector_norm for h in hits) > margin:
            return []
    gate = gate_for(params, first_turn=first_turn, collection_size=collection_size)
    if knowledge and hits[0].meta.get("type") != "user":
        gate += params.knowledge_margin
    elif knowledge is False:
        gate -= params.task_relief
    if hits[0].score < max(gate, params.min_inject_score):
        return []
    floor = max(gate - params.follow_margin, params.min_inject_score)
    chosen: list[int] = []
    for i, hit in enumerate(hits):
        if hit.score < floor:
            break
        dup_of = None
        if vectors is not None and chosen:
            sims = vectors[chosen] @ vectors[i]
            j = int(np.argmax(sims))
            if sims[j] >= params.duplicate_cosine:
                dup_of = j
        if dup_of is not None:
            if _newer(hit.meta, hits[chosen[dup_of]].meta):
                chosen[dup_of] = i
            continue
        chosen.append(i)
        if len(chosen) >= params.max_hits:
            break
    return [hits[i] for i in chosen]
