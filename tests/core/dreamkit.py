"""Shared builders for the dream tests: small real memory homes on disk."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from pathlib import Path

from memlsp.core.notes import Note, iso
from memlsp.core.store import Scope, Store

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)


def put(
    scope: Scope,
    rel: str,
    description: str,
    body: str,
    *,
    type_: str = "project",
    created: dt.datetime | None = None,
) -> Path:
    """Write a note file directly (as another process or a person would)."""
    path = scope.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"created": iso(created or NOW - dt.timedelta(days=3))}
    note = Note(Path(rel).stem, description, type_, body, meta)
    path.write_text(note.render(), "utf-8")
    return path


def session(scope: Scope, when: dt.datetime, ident: str, text: str) -> Path:
    name = when.strftime("%Y%m%dT%H%M%SZ") + f"-{ident}.md"
    return put(scope, f"sessions/{name}", f"session {ident}", text, created=when)


def hash_tree(root: Path) -> dict[str, str]:
    """Every file under ``root`` (lock files included) -> sha256."""
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            out[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def live_notes(scope: Scope) -> dict[str, str]:
    """Scope-relative note files outside archive/ and .memlsp/ (MEMORY.md excluded)."""
    out = {}
    for rel, sha in hash_tree(scope.root).items():
        top = rel.split("/")[0]
        if top in ("archive", ".memlsp") or rel == "MEMORY.md" or not rel.endswith(".md"):
            continue
        if Path(rel).name.startswith("."):
            continue
        out[rel] = sha
    return out


def small_home(home: Path) -> tuple[Store, Scope]:
    """A scope with topic notes, a supersede pair, a near-duplicate, inbox observations
    (one folding in, one superseding, one new topic, two on one new topic) and sessions
    (one past retention)."""
    store = Store(home)
    scope = store.ensure_scope(store.global_scope())
    old = NOW - dt.timedelta(days=200)
    put(
        scope,
        "release-train.md",
        "Release train: one production release per week, Tuesdays 10:00 CET",
        "Cut on Monday 18:00 CET.",
        created=old,
    )
    put(
        scope,
        "release-train-twice-weekly.md",
        "Release train now runs twice a week: Tuesday and Thursday 10:00 CET",
        "Replaces the weekly Tuesday train; cuts the evening before.",
        created=old + dt.timedelta(days=90),
    )
    put(
        scope,
        "search-latency.md",
        "Search p95 latency budget is 250 ms; alert at 400 ms",
        "Load-test query changes on the perf environment.",
        created=old,
    )
    put(
        scope,
        "python-tooling.md",
        "Use uv for Python environments",
        "Never pip install into the system interpreter.",
        type_="feedback",
        created=old,
    )
    put(
        scope,
        "python-tooling-uv.md",
        "Use uv for Python environments",
        "Never pip install into the system interpreter. uv run for scripts.",
        type_="feedback",
        created=old + dt.timedelta(days=5),
    )
    put(
        scope,
        "inbox/latency-tightened.md",
        "Search p95 latency budget tightened to 200 ms (alert at 300 ms)",
        "Agreed for the dispatcher console.",
        created=NOW - dt.timedelta(days=2),
    )
    put(
        scope,
        "inbox/python-uv-lock.md",
        "Commit uv.lock for Python projects",
        "The lock file keeps CI and laptops on the same versions.",
        type_="feedback",
        created=NOW - dt.timedelta(days=2),
    )
    put(
        scope,
        "inbox/grafana-dashboards.md",
        "Grafana dashboards for ledger live in the Kestrel folder",
        "Ask Ken for edit rights.",
        type_="reference",
        created=NOW - dt.timedelta(days=1),
    )
    put(
        scope,
        "inbox/on-call-handover.md",
        "On-call handover is Mondays 09:00 CET",
        "The outgoing on-call writes a handover note.",
        created=NOW - dt.timedelta(days=1),
    )
    session(scope, NOW - dt.timedelta(days=120), "old", "- discussed the release train")
    session(scope, NOW - dt.timedelta(days=2), "recent", "- latency work")
    store.rebuild_index(scope)
    return store, scope


# A valid model plan for small_home(): the newer latency observation replaces the old rule.
MERGE_PLAN = {
    "version": 1,
    "operations": [
        {
            "op": "merge",
            "path": "search-latency.md",
            "note": {
                "description": "Search p95 budget 200 ms, alert 300 ms",
                "type": "project",
                "body": "For the dispatcher console.",
            },
            "sources": ["inbox/latency-tightened.md"],
            "superseded": ["search-latency.md"],
            "evidence": ["inbox/latency-tightened.md", "search-latency.md"],
            "reason": "newer budget",
        }
    ],
}
