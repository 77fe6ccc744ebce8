"""``memlsp stats``: a summary of the local telemetry sink (SPEC R27) for judging a rollout —
how often recall would inject and did, how many notes per turn, how fast, why it stayed
silent; what extraction wrote and refused; what the dreams did.

The sink is read as hostile input: a line that is not a JSON object, not a schema event
(:func:`memlsp.core.telemetry.validate_event`) or too long is counted in
``skipped_lines`` and otherwise ignored; a missing sink is an empty summary. Only the
schema's enums, counts and durations are read, so the summary carries no content either.
Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from .telemetry import TelemetryRejected, validate_event

MAX_LINE = 4096  # a schema event is a few hundred bytes
ENTRY_POINTS = ("injection", "recall")


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return round(ordered[rank - 1], 3)


def read_events(sink: Path, *, since: float | None = None) -> tuple[list[dict], int]:
    """The schema events in ``sink`` at or after Unix time ``since``, and how many lines
    were skipped as unreadable."""
    if not sink.is_file():
        return [], 0
    events: list[dict] = []
    skipped = 0
    with sink.open("r", encoding="utf-8", errors="replace") as fh:
        for line in _lines(fh):
            record = _event(line)
            if record is None:
                skipped += 1
            elif since is None or record["t"] >= since:
                events.append(record)
    return events, skipped


def _lines(fh: Iterable[str]) -> Iterator[str]:
    for line in fh:
        if line.strip():
            yield line


def _event(line: str) -> dict | None:
    if len(line) > MAX_LINE:
        return None
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    name, stamp = record.get("event"), record.get("t")
    if not isinstance(stamp, int) or isinstance(stamp, bool) or not isinstance(name, str):
        return None
    body = {k: v for k, v in record.items() if k not in ("v", "event", "t")}
    try:
        clean = validate_event(name, body)
    except TelemetryRejected:
        return None
    return {"event": name, "t": stamp, **clean}


def summarise(events: list[dict]) -> dict:
    """The numbers ``memlsp stats`` prints, from schema events."""
    by_name: dict[str, list[dict]] = {}
    for e in events:
        by_name.setdefault(e["event"], []).append(e)
    recalls = by_name.get("recall.completed", [])
    return {
        "events": len(events),
        "recall": {
            ep: _recall([e for e in recalls if e["entry_point"] == ep]) for ep in ENTRY_POINTS
        },
        "extraction": _extraction(
            by_name.get("extraction.completed", []), by_name.get("extraction.refused", [])
        ),
        "dream": _dream(by_name.get("dream.completed", [])),
    }


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _recall(rows: list[dict]) -> dict:
    turns = len(rows)
    hits = [r for r in rows if r["notes"] > 0]
    injected = [r for r in rows if r["injected"]]
    notes = sum(r["notes"] for r in rows)
    latency = [float(r["duration_ms"]) for r in rows]
    return {
        "turns": turns,
        "hit_rate": _rate(len(hits), turns),
        "injection_rate": _rate(len(injected), turns),
        "notes_per_turn": _rate(notes, turns),
        "notes_per_hit": _rate(notes, len(hits)),
        "p50_ms": percentile(latency, 50),
        "p95_ms": percentile(latency, 95),
        "silence": dict(
            sorted(Counter(r["silence"] for r in rows if r["silence"] != "none").items())
        ),
        "top_score": dict(sorted(Counter(r["top_score"] for r in hits).items())),
        "rollout": dict(sorted(Counter(r["rollout"] for r in rows).items())),
    }


def _extraction(turns: list[dict], refusals: list[dict]) -> dict:
    refused: Counter[str] = Counter()
    for r in refusals:
        refused[r["reason"]] += r["count"]
    latency = [float(r["duration_ms"]) for r in turns]
    return {
        "turns": len(turns),
        "turns_writing": sum(1 for r in turns if r["written"] or r["updated"]),
        "written": sum(r["written"] for r in turns),
        "updated": sum(r["updated"] for r in turns),
        "deleted": sum(r["deleted"] for r in turns),
        "held": sum(r["held"] for r in turns),
        "refused": dict(sorted(refused.items())),
        "degraded": sum(1 for r in turns if r["degraded"]),
        "p50_ms": percentile(latency, 50),
        "p95_ms": percentile(latency, 95),
    }


def _dream(runs: list[dict]) -> dict:
    ops = ("creates", "updates", "merges", "renames", "deletes")
    return {
        "runs": len(runs),
        "status": dict(sorted(Counter(r["status"] for r in runs).items())),
        "operations": {op: sum(r[op] for r in runs) for op in ops},
        "conflicts": sum(r["conflicts"] for r in runs),
        "p50_ms": percentile([float(r["duration_ms"]) for r in runs], 50),
    }


def stats(sink: Path, *, since_days: float | None = None, now: float | None = None) -> dict:
    """Read ``sink`` and summarise it (only the last ``since_days`` days when given)."""
    now = time.time() if now is None else now
    since = None if since_days is None else now - since_days * 86400
    events, skipped = read_events(sink, since=since)
    return {
        "sink": str(sink),
        "exists": sink.is_file(),
        "since_days": since_days,
        "skipped_lines": skipped,
        **summarise(events),
    }
