"""The rollout telemetry the memory service emits (SPEC R27): one event per recall, per
extraction and per dream, built here from what the use case already holds — counts, fixed
enums, booleans and durations; never a message, a note, a path or a reason's free text.

Each use case calls one function below once, at the place it finishes; the frozen schema
(:mod:`memlsp.core.telemetry`) checks every field. Must not import pygls, lsprotocol,
argparse or an adapter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .. import telemetry

# extraction refusals by family: the telemetry enum's own values (event extraction.refused)
_REFUSAL_FAMILIES = (
    ("refused-secret", "secret"),
    ("refused-excluded", "excluded"),
    ("refused-poisoning", "poisoning"),
    ("untrusted", "untrusted"),
    ("forgotten", "forgotten"),
)
EXTRACTION_REFUSALS = ("secret", "excluded", "poisoning", "untrusted", "forgotten", "other")
DREAM_OPS = ("create", "update", "merge", "rename", "delete")


def recall_event(
    *,
    entry_point: str,
    rollout: str,
    memories: Sequence[Any],
    injected: bool,
    silence: str | None,
    selector: str,
    first_turn: bool,
    duration_ms: float,
) -> None:
    """``recall.completed``: what one recall chose (``notes``, computed even when a shadow
    rollout injects nothing) and whether it reached the prompt (``injected``)."""
    from ..recall.silence import score_bucket  # on use: memlsp.core.recall loads numpy

    scored = [float(m.score) for m in memories if getattr(m, "why", "hybrid") == "hybrid"]
    telemetry.emit(
        "recall.completed",
        entry_point="injection" if entry_point == "injection" else "recall",
        rollout=rollout,
        injected=bool(injected and memories),
        notes=len(memories),
        top_score=score_bucket(scored, len(memories)),
        low_score=score_bucket([min(scored)] if scored else [], len(memories)),
        silence=silence or "none",
        selector=selector if selector in ("hybrid", "model", "model-failed") else "hybrid",
        first_turn=bool(first_turn),
        duration_ms=max(0.0, duration_ms),
    )


def refusal_family(reason: str) -> str:
    for prefix, family in _REFUSAL_FAMILIES:
        if reason.startswith(prefix):
            return family
    return "other"


def extraction_event(result: Any, *, trigger: str, duration_ms: float) -> None:
    """``extraction.completed`` for one extracted turn, then one ``extraction.refused`` per
    refusal family with its count (reasons by family; a category's words never leave)."""
    skipped = result.skipped or "none"
    if skipped not in telemetry.EXTRACTION_SKIP.values:  # a new skip reason, not yet listed
        skipped = "other"
    telemetry.emit(
        "extraction.completed",
        trigger=trigger,
        provider="offline" if result.provider == "offline" else "model",
        degraded=bool(result.degraded),
        dry_run=bool(result.dry_run),
        written=len(result.planned) if result.dry_run else len(result.written),
        updated=len(result.updated),
        deleted=len(result.deleted),
        held=len(result.held),
        refused=len(result.refused),
        skipped=skipped,
        duration_ms=max(0.0, duration_ms),
    )
    families = Counter(refusal_family(str(r.reason)) for r in result.refused)
    for family, count in sorted(families.items()):
        telemetry.emit("extraction.refused", reason=family, count=count, trigger=trigger)


def dream_event(result: Any, *, trigger: str, duration_ms: float) -> None:
    """``dream.completed``: the run's outcome and its applied operations by kind."""
    ops = Counter(str(op.get("op")) for op in result.applied if isinstance(op, dict))
    status = result.status if result.status in ("applied", "dry-run") else "skipped"
    if result.planner is None:
        planner = "none"
    else:
        planner = "offline" if result.planner == "offline" else "model"
    telemetry.emit(
        "dream.completed",
        trigger=trigger,
        status=status,
        planner=planner,
        model_rejected=bool(result.model_rejected),
        conflicts=len(result.conflicts),
        duration_ms=max(0.0, duration_ms),
        **{f"{kind}s": ops.get(kind, 0) for kind in DREAM_OPS},
    )
