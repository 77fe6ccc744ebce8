"""The listing of notes shared by ``memlsp ls --json`` and ``memory/list`` (SPEC §10, R31).

One record per note: path (relative to the memory home), scope label, type, name,
description, bytes, modified (UTC ISO-8601), ageDays and ``stale`` (the number of stale
citations; None while citations have not been checked). Problems (files that could not be
read as notes) are listed next to the entries with a stable reason.

Must not import pygls, lsprotocol or anything from memlsp.lsp / memlsp.cli.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from .index import budgeted
from .notes import utcnow
from .store import Entry, Problem, Scope, Store


def entry_record(entry: Entry, now: dt.datetime, stale: int | None = None) -> dict:
    return {
        "path": entry.path,
        "scope": entry.scope_label,
        "type": entry.note.type,
        "name": entry.note.name,
        "description": entry.note.description,
        "bytes": entry.bytes,
        "modified": dt.datetime.fromtimestamp(entry.mtime, dt.UTC)
        .replace(microsecond=0)
        .isoformat()
        .replace("+00:00", "Z"),
        "ageDays": entry.age_days(now),
        "stale": stale,
    }


def problem_record(problem: Problem) -> dict:
    return {
        "path": problem.path,
        "reason": problem.reason,
        "message": problem.message,
        "severity": problem.severity,
    }


@dataclass
class Listing:
    entries: list[dict] = field(default_factory=list)
    problems: list[dict] = field(default_factory=list)


def list_notes(store: Store, scopes: list[Scope], now: dt.datetime | None = None) -> Listing:
    now = now or utcnow()
    out = Listing()
    for scope in scopes:
        res = store.scan(scope)
        out.entries.extend(entry_record(e, now) for e in res.entries)
        out.problems.extend(problem_record(p) for p in res.problems)
    return out


def scope_counts(store: Store) -> dict[str, dict[str, int]]:
    """Per scope (by its home-relative folder): notes per section and unreadable files."""
    counts: dict[str, dict[str, int]] = {}
    for scope in store.scopes():
        res = store.scan(scope)
        c = {"notes": 0, "inbox": 0, "sessions": 0, "problems": 0}
        for e in res.entries:
            c[{"": "notes", "inbox": "inbox", "sessions": "sessions"}[e.section]] += 1
        c["problems"] = sum(1 for p in res.problems if p.severity == "error")
        counts[scope.rel] = c
    return counts


def session_index(store: Store, scopes: list[Scope]) -> str:
    """What a chat session starts with (R5, R14): the MEMORY.md of each scope that has
    notes (project first, then global), cut to the model budget as one text."""
    parts = []
    for scope in scopes:
        if not scope.root.is_dir():
            continue
        text = store.index_text(scope).rstrip("\n")
        parts.append(f"<!-- scope: {scope.rel} -->\n{text}")
    if not parts:
        return ""
    return budgeted("\n\n".join(parts) + "\n")
