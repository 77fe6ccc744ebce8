"""Summaries of the memory home for status and session start: notes per scope and
section (``memory/status``), and the budgeted index a chat session starts with (R5, R14).
The per-note listing is the memory service's (``MemoryService.list_notes``).

Must not import pygls, lsprotocol or anything from memlsp.lsp / memlsp.cli.
"""

from __future__ import annotations

from .memory_md import budgeted
from .store import Scope, Store


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
