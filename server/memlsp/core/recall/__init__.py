"""Per-turn recall (SPEC R14–R19): the right few notes on every turn, offline, fast.

The pipeline for one chat message (R15):

1. candidates — every live note of the project and global scopes (topic notes, inbox,
   session records) when there are at most 200, else the hybrid retriever's top 200;
2. a manifest line per candidate: file, type, date, description;
3. selection of at most 5: the hybrid retriever (R16: thresholds, near-duplicate rerank,
   session decay) or, when a model selector is configured, the model, which sees only the
   manifest and the message and returns file names; names not in the manifest are dropped
   and a failed call falls back to the hybrid result;
4. notes that cite a file the user has open (or is about to touch) are pulled in even when
   the message never mentions them (R18);
5. notes already injected in this session, or already read or written by the model, are
   skipped until the client reports a compaction (R17);
6. each chosen note is read up to 4 KB and prefixed with its age ("This memory is N days
   old.", omitted under one day) and its stale citations (R19);
7. the session stops recalling once 60 KB have been injected.

The derived retrieval index lives in the project scope's ``.memlsp/retrieval.sqlite`` (the
global scope's while the project has no memory, the home's own ``.memlsp/`` while there is
no global memory either: a read creates no memory folder, ADR 0009); it
holds the project's and the global scope's notes and is synced incrementally from the
files (hand edits included) before each search.
"""

from __future__ import annotations

from .citing import (
    checker_stale_check,
    cited_paths,
    cites_open_file,
    file_stale_check,
    normalise_open_file,
    note_citations,
)
from .embedding import resolve_models
from .recaller import (
    INDEX_FILE,
    MAX_CANDIDATES,
    MAX_SELECTED,
    SESSION_BUDGET_BYTES,
    Recaller,
    recaller_for,
)
from .render import (
    MAX_INJECTED_NOTE_BYTES,
    REMINDER_HEAD,
    REMINDER_TAIL,
    RecalledMemory,
    RecallResult,
    age_line,
    cut_utf8,
)
from .selector import ModelSelector, Selector

__all__ = [
    "INDEX_FILE",
    "MAX_CANDIDATES",
    "MAX_INJECTED_NOTE_BYTES",
    "MAX_SELECTED",
    "REMINDER_HEAD",
    "REMINDER_TAIL",
    "SESSION_BUDGET_BYTES",
    "ModelSelector",
    "RecallResult",
    "Recaller",
    "RecalledMemory",
    "Selector",
    "age_line",
    "checker_stale_check",
    "cited_paths",
    "cites_open_file",
    "cut_utf8",
    "file_stale_check",
    "normalise_open_file",
    "note_citations",
    "recaller_for",
    "resolve_models",
]
