"""The recall parameters (SPEC R16): ONE type that is both the ``recall.*`` settings section
(``Settings.recall``, camelCase keys mapped to these snake_case fields by name) and what the
hybrid retriever and the Recaller read. Fields under "tuning" have no setting: they are
measured constants kept here so every number of the retriever lives in one place.

Defaults measured on the dev set (``bench/recall_dev.py``) with the default embedder; the
weights are the SPEC's 0.7 / 0.3; docs/explanation/recall.md has the numbers behind each.
Must stay importable without numpy or the models (settings load it).
"""

from __future__ import annotations

import attrs

_ge0 = attrs.validators.ge(0)


@attrs.frozen
class RecallParams:
    #: Weight of the normalised vector similarity (SPEC R16).
    vector_weight: float = attrs.field(default=0.7, validator=_ge0)
    #: Weight of the normalised keyword score (SPEC R16).
    keyword_weight: float = attrs.field(default=0.3, validator=_ge0)
    #: Weight of term coverage in the keyword score (the rest is the BM25 part; see
    #: :mod:`.hybrid`). 0 = BM25 alone. Dev set, before the glossary: 0 → 0.2–0.4 moved
    #: recall@5 0.838 → 0.843 (paraphrase 0.589 → 0.605), 0.5 and up gave it back; with the
    #: glossary 0 → 0.3 moves it 0.864 → 0.869.
    keyword_coverage: float = attrs.field(default=0.3, validator=[_ge0, attrs.validators.le(1)])
    #: Recall injects nothing unless the best hit reaches this fused score.
    min_score: float = attrs.field(default=0.30, validator=_ge0)
    #: The same gate on the first turn of a session (R16: higher there).
    first_turn_min_score: float = attrs.field(default=0.31, validator=_ge0)
    #: Once the gate is passed, further hits need ``gate - follow_margin``.
    follow_margin: float = attrs.field(default=0.16, validator=_ge0)
    #: Silence when the message is closer to a general-request prototype (small talk,
    #: trivia, textbook questions: :mod:`.general`) than to the best note by more than this,
    #: in normalised vector units; ``None`` turns the check off.
    general_margin: float | None = attrs.field(
        default=0.20, validator=attrs.validators.optional(_ge0)
    )
    #: The same for a mostly-CJK message, which only USE reads: its Chinese cosines run high
    #: (a Chinese message about "this week" scores 1.0 against "what day is it?"), so the
    #: prototype must be closer by more (dev set: Chinese negatives ≥ 0.50, positives ≤ 0.33).
    #: 0.4 until 2026-12-02; 0.35 silences more Chinese general questions on the hard-negative
    #: set and both small-memory sets and costs no query on any set (docs/explanation/recall.md).
    general_margin_cjk: float | None = attrs.field(
        default=0.35, validator=attrs.validators.optional(_ge0)
    )
    #: A candidate whose cosine to an already chosen hit reaches this is a near-duplicate.
    duplicate_cosine: float = attrs.field(default=0.9, validator=_ge0)
    #: Half-life of session-scope notes, in days.
    half_life_days: float = attrs.field(default=30.0, validator=attrs.validators.gt(0))
    #: Size-aware gate: the best of n unrelated notes scores higher the larger n is (the
    #: expected maximum of n noise scores grows like sqrt(2 ln n)), so a gate tuned on a
    #: memory of ``gate_reference_notes`` notes is too strict for a memory of 3. Below that
    #: size the later-turn gate drops by ``gate_size_slope × ln(gate_reference_notes / n)``,
    #: never below ``gate_floor``; at or above it nothing changes. The first turn keeps its
    #: margin on top (:func:`.hybrid.gate_for`). Floor and slope were set on the scenario
    #: set (1–5-note memories).
    gate_reference_notes: int = attrs.field(default=400, validator=attrs.validators.ge(1))
    gate_size_slope: float = attrs.field(default=0.04, validator=_ge0)
    gate_floor: float = attrs.field(default=0.12, validator=_ge0)
    #: Index each note with glosses of the tools and acronyms it names (:mod:`.glossary`).
    glossary: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))
    #: The vector model by name (``None``: the default, ``use+minilm``).
    embedder: str | None = None

    # ---- tuning (no setting) ----------------------------------------------------------------
    #: The floor: no note is ever injected below this fused score, whatever the gate
    #: (the follow-on rule ``gate - follow_margin`` used to reach 0 in small memories, so
    #: notes scoring 0.00–0.07 rode along with the one that mattered).
    min_inject_score: float = 0.06
    #: A general knowledge question (:mod:`.request_form`: "how does X work", "A vs B")
    #: must clear the gate plus this, unless the best note is a user profile.
    knowledge_margin: float = 0.30
    #: Any other message (a task, a question about the project) gets the gate minus this.
    task_relief: float = 0.02
    #: A message that names a programming language no note names (:mod:`.language_form`)
    #: injects only notes holding at least this share of its words (keyword coverage);
    #: ``None`` turns the rule off, as does ``keyword_coverage`` 0 (no coverage to test).
    foreign_language_coverage: float | None = 0.35
    #: A general knowledge question (:mod:`.request_form`) about a tool or term of the
    #: glossary that no note names ("how does redis sentinel elect a new master") injects
    #: only notes holding at least this share of its words; ``None`` turns it off.
    foreign_term_coverage: float | None = 0.15
    #: The general-request check does not silence a message whose every content word the
    #: best note holds (keyword coverage 1, keyword score ≥ ``words_there_keyword``) in a
    #: memory of at most ``words_there_max_notes`` notes ("apply it" → "apply Terraform
    #: only through Atlantis"); in larger memories full coverage happens by chance.
    words_there_keyword: float = 0.5
    words_there_max_notes: int = 50
    #: Cosine mapped to 0 / to 1; ``None`` = the embedder's own calibration.
    sim_floor: float | None = None
    sim_ceiling: float | None = None
    #: BM25 at which the keyword side's BM25 part reaches 1 - 1/e ≈ 0.63.
    kw_scale: float = 10.0
    #: FTS5 bm25 column weights (name, description, body).
    kw_column_weights: tuple[float, float, float] = (2.0, 2.0, 1.0)
    #: From this many notes on, the keyword query keeps only its rarest terms, as many as fit
    #: ``kw_posting_budget`` matching documents in total: FTS5 computes bm25 for every
    #: matching document before ``ORDER BY`` (~5 µs each), so one common word in a
    #: 100,000-note memory costs tens of milliseconds while adding little (its IDF is low).
    kw_prune_min_notes: int = 2_000
    kw_posting_budget: int = 4_000
    #: Candidates taken from each side (vector top-N ∪ keyword top-N) before fusing.
    candidates: int = 50
    #: At most this many hits are selected.
    max_hits: int = 5

    @first_turn_min_score.validator
    def _stricter_first_turn(self, _attribute: attrs.Attribute, value: float) -> None:
        if value < self.min_score:
            raise ValueError("firstTurnMinScore must be at least minScore (R16)")
