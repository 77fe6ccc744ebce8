"""The memory service: the one application layer every surface calls (STYLE layering).

:class:`MemoryService` holds the use cases — session started, recall, turn completed (a
job), compacted, session ended, remember, list, read, forget (verified and best-effort),
dream, restore, reindex, status, doctor, check, evaluate, the history of automatic changes
(log, restore a version, past dream runs), review (R37), team sync (R40) — and owns what
they share: the settings, the memory home's store, scopes per folder, one Recaller per
project scope, one rollout decision per entry point, the model providers, and index freshness after every
write it makes. The language server (``memlsp.lsp``), the CLI (``memlsp.cli``) and the
agent adapters (``memlsp.agents``) only translate their inputs and outputs to it, and
import from ``memlsp.core`` only this package and the small shared vocabularies it
returns (errors, settings, runtime, citations). The names re-exported below are those
types: adapters need them to read what the service returns.

Must not import pygls, lsprotocol, argparse or an adapter package.
"""

from __future__ import annotations

from ..citations import MOVED_FILE, MOVED_SYMBOL, Checker, CitingNote, Finding, IndexProblem
from ..notes import NOTE_TYPES, iso, one_line, parse_note, utcnow
from ..rollout import EntryPoint, RolloutRefused
from ..store import INDEX_NAME, SECTIONS, Entry, Scope, Store
from ..watch import ScopeWatcher
from .base import MAX_SESSIONS, warm_recaller
from .chat import ChatUseCases, extract_summary
from .history import HistoryUseCases
from .maintenance import HEALTH_SYSTEM, MaintenanceUseCases, dream_summary
from .notes import NoteUseCases, parse_refs
from .results import (
    Change,
    DreamRun,
    HealthFinding,
    Job,
    Listing,
    NoteRecord,
    NoteText,
    ProblemRecord,
    Recalled,
    Remembered,
    ReviewDecided,
    ReviewRecord,
    ScopeCount,
    ScopeNotes,
    SessionSaved,
    SessionStart,
    Skipped,
    Status,
)
from .review import DECISIONS, ReviewUseCases
from .sync import SyncUseCases, sync_summary


class MemoryService(
    ChatUseCases,
    NoteUseCases,
    MaintenanceUseCases,
    HistoryUseCases,
    ReviewUseCases,
    SyncUseCases,
):
    """All use cases over one set of settings (see the module doc). Thread-safe: the
    language server calls it from worker threads."""


# Re-exported on first use (PEP 562): extraction, forgetting, importing, recall and team
# sync load regexes, numpy, the embedders and the sync engine, which neither a server before
# its first diagnostics (SPEC §13) nor `memlsp ls` needs.
_LAZY = {
    "SYNC_BRANCH": ("..sync", "DEFAULT_BRANCH"),
    "SyncResult": ("..sync", "SyncResult"),
    "SyncState": ("..sync", "SyncState"),
    "SyncStatus": ("..sync", "SyncStatus"),
    "ExtractResult": ("..extract", "ExtractResult"),
    "Message": ("..extract", "Message"),
    "FolderImport": ("..folder_import", "FolderImport"),
    "ForgetResult": ("..forget", "ForgetResult"),
    "MatchReport": ("..forget", "MatchReport"),
    "RecalledMemory": ("..recall", "RecalledMemory"),
    "turns_of": ("..replay", "turns_of"),
}


def import_for_threads() -> None:
    """Import, on the calling thread, what the service imports lazily from job and request
    threads in chains that overlap: extraction (with the policy, forget and model packages it
    loads), remember, reindexing and the worker process. Two threads importing overlapping
    chains for the first time can each hold a module lock the other waits for; Python then
    raises ``_DeadlockError`` in one of them (a language server's first remember beside its
    first reindex job did). The MCP server and the hook daemon call this once before they serve
    (~75 ms). The language server does not (its first diagnostics would come ~75 ms later,
    SPEC §13): there, as everywhere, those packages are imported whole, never a submodule,
    which lets the package's own lock order two threads (tests/core/test_concurrent_imports.py)."""
    from .. import extract, reindex, remember, worker  # noqa: F401


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module, __name__), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "import_for_threads",
    "parse_refs",
    "DECISIONS",
    "MOVED_FILE",
    "MOVED_SYMBOL",
    "HEALTH_SYSTEM",
    "INDEX_NAME",
    "MAX_SESSIONS",
    "NOTE_TYPES",
    "SECTIONS",
    "Change",
    "Checker",
    "CitingNote",
    "DreamRun",
    "Entry",
    "EntryPoint",
    "ExtractResult",
    "Finding",
    "FolderImport",
    "ForgetResult",
    "HealthFinding",
    "IndexProblem",
    "Job",
    "Listing",
    "MatchReport",
    "MemoryService",
    "Message",
    "NoteRecord",
    "NoteText",
    "ProblemRecord",
    "Recalled",
    "RecalledMemory",
    "Remembered",
    "ReviewDecided",
    "ReviewRecord",
    "RolloutRefused",
    "Scope",
    "ScopeCount",
    "ScopeNotes",
    "ScopeWatcher",
    "SessionSaved",
    "SessionStart",
    "Skipped",
    "Status",
    "Store",
    "SYNC_BRANCH",
    "SyncResult",
    "SyncState",
    "SyncStatus",
    "dream_summary",
    "extract_summary",
    "sync_summary",
    "iso",
    "one_line",
    "parse_note",
    "turns_of",
    "utcnow",
    "warm_recaller",
]
