"""Rebuild MEMORY.md for every scope of the memory home (SPEC R5), as a cancellable job.

Used by the language server's ``memory/reindex`` request and by the file watcher when
notes change on disk. Reading notes is the costly part; the scope lock is held only while
one scope's index is regenerated, so other writers wait at most for one scope.

Must not import pygls, lsprotocol or anything from memlsp.lsp / memlsp.cli.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .runtime import CancelToken, ProgressSink, no_progress
from .store import Scope, Store


@dataclass
class ReindexResult:
    scopes: int = 0
    notes: int = 0
    changed: list[str] = field(default_factory=list)  # scope rels whose MEMORY.md changed

    def summary(self) -> str:
        return (
            f"{self.notes} notes in {self.scopes} scopes; {len(self.changed)} index(es) rewritten"
        )


def reindex_scopes(
    store: Store,
    scopes: list[Scope] | None = None,
    *,
    cancel: CancelToken | None = None,
    progress: ProgressSink = no_progress,
    index: Callable[[Store, Scope], tuple[int, bool]] | None = None,
) -> ReindexResult:
    """Regenerate the index of each scope (default: every scope in the home); ``index``
    does one scope (default :func:`index_scope`; a server runs it in its worker process)."""
    index = index or index_scope
    cancel = cancel or CancelToken()
    scopes = store.scopes() if scopes is None else scopes
    result = ReindexResult()
    total = max(1, len(scopes))
    for i, scope in enumerate(scopes):
        cancel.check()
        progress(f"{scope.rel} ({i + 1}/{len(scopes)})", int(100 * i / total))
        if not scope.root.is_dir():
            continue
        notes, changed = index(store, scope)
        result.notes += notes
        if changed:
            result.changed.append(scope.rel)
        result.scopes += 1
    progress("done", 100)
    return result


def index_scope(store: Store, scope: Scope) -> tuple[int, bool]:
    """Regenerate one scope's index: (notes read, whether MEMORY.md changed). Parses outside
    the lock (the slow part; the parse cache then makes the locked rescan in
    ``rebuild_index`` cheap)."""
    notes = len(store.scan(scope).entries)
    return notes, store.rebuild_index(scope)
