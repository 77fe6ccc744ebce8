"""What the memory service returns: plain dataclasses, snake_case, no wire or CLI shapes.

Adapters (the language server, the CLI, ``agents/``) turn these into their own output —
camelCase JSON-RPC results, ``--json`` documents, terminal lines. Must not import pygls,
lsprotocol, argparse or anything from an adapter package.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..runtime import CancelToken, ProgressSink

JobFn = Callable[[CancelToken, ProgressSink], Any]


@dataclass(frozen=True)
class Job:
    """A long use case, ready to run: ``run(cancel, progress)`` blocks until done (raises
    :class:`memlsp.core.runtime.Cancelled` when cancelled). The language server runs it on
    its job runner, the CLI runs it inline. ``summarize`` turns its result into one line
    for status reports (counts, never note text)."""

    kind: str
    title: str
    home: str
    run: JobFn
    summarize: Callable[[Any], str] | None = None
    # More than a line, for a client to show: a dry-run dream's plan as a diff (R38).
    detail: Callable[[Any], str | None] | None = None


@dataclass(frozen=True)
class Skipped:
    """A use case that decided not to run; ``reason`` is a stable kebab-case word."""

    reason: str


@dataclass
class SessionStart:
    index: str
    rollout: str
    scopes: list[Any]  # memlsp.core.store.Scope, project first


@dataclass
class StaleNote:
    ref: str
    reason: str
    message: str = ""


@dataclass
class Recalled:
    memories: list[Any]  # memlsp.core.recall.RecalledMemory
    reminder: str
    budget_left: int
    skipped: str | None = None
    # Why nothing was injected (None when something was): below-threshold,
    # already-injected, budget, no-notes, empty-message, rollout-off, rollout-shadow,
    # rollout-dry-run (memlsp.core.recall.silence.Silence).
    silence: str | None = None


@dataclass
class SessionSaved:
    path: str | None = None
    skipped: str | None = None


@dataclass
class Remembered:
    path: str | None = None
    action: str | None = None
    refused: str | None = None  # the refusal's reason, when refused
    category: str | None = None
    message: str = ""
    #: written, but something beside the note could not be (MEMORY.md): what and why
    warning: str | None = None


@dataclass
class NoteRecord:
    """One note of a listing (SPEC §10 ``memory/list``, ``memlsp ls --json``)."""

    path: str
    scope: str
    type: str
    name: str
    description: str
    bytes: int
    modified: str
    age_days: int
    stale: int | None = None
    source: str | None = None  # R4: extraction | remember | dream | manual | import
    agent: str | None = None  # R4: which agent or surface wrote it


@dataclass
class ProblemRecord:
    path: str
    reason: str
    message: str
    severity: str


@dataclass
class Listing:
    home: str
    entries: list[NoteRecord] = field(default_factory=list)
    problems: list[ProblemRecord] = field(default_factory=list)


@dataclass
class ScopeNotes:
    """One scope of an overview (``memlsp ls``, the terminal browser): its folder, kind and
    notes, ordered section (topic, inbox, sessions), type, name."""

    rel: str
    kind: str  # "global" | "project"
    notes: list[NoteRecord] = field(default_factory=list)
    problems: list[ProblemRecord] = field(default_factory=list)


@dataclass
class ScopeCount:
    scope: str
    notes: int = 0
    inbox: int = 0
    sessions: int = 0
    problems: int = 0


@dataclass
class Status:
    rollout: str
    counts: list[ScopeCount]
    last_dream: str | None
    sessions_since_dream: int | None
    home: str
    home_exists: bool
    provider: str
    sync: Any = None  # memlsp.core.sync.SyncStatus of the project (no fetch), R40


@dataclass
class NoteText:
    path: str
    text: str
    sha256: str


@dataclass
class HealthFinding:
    """One thing ``doctor`` reports about the memory home."""

    path: str
    reason: str
    message: str
    severity: str  # "error" | "warning"


@dataclass
class NoteFacts:
    """What a hover says about one note: its identity, size, age and how often recall
    injected it (in the sessions of the scopes that could have)."""

    name: str
    type: str
    scope_kind: str
    scope_rel: str
    bytes: int | None
    age_days: int | None
    recalled: int
    source: str | None = None
    agent: str | None = None


@dataclass(frozen=True)
class Change:
    """One change an automatic step made (``memlsp log``): the version it replaced or
    removed is kept under ``id`` and can be restored while ``restorable``."""

    id: str
    at: str
    scope: str
    path: str  # home-relative
    step: str
    why: str
    sha256: str  # of the kept (previous) bytes
    bytes: int
    after: str | None  # SHA-256 of what replaced them; None when the file was removed
    run: str | None  # the dream run, for dream steps
    restorable: bool


@dataclass(frozen=True)
class DreamRun:
    """A past dream run (``memlsp dream --list``)."""

    run_id: str
    at: str
    scope: str
    planner: str
    operations: int
    ops: dict[str, int]
    archived: int  # files the run moved to archive/<run-id>/ (inbox files and deletions)
    deleted: int  # notes among them it soft-deleted
    restorable: bool  # inside retention.softDeleteDays and not purged


@dataclass
class ReviewRecord:
    """A pending item (R37): ``diff`` is a unified diff for an update, else None."""

    id: str
    path: str
    kind: str  # new | update
    description: str
    type: str
    name: str
    scope: str
    target: str | None
    diff: str | None
    source: str
    agent: str | None
    created: str


@dataclass
class ReviewDecided:
    """The outcome of a decision: the accepted note's ``path`` (None on reject)."""

    id: str
    decision: str  # accept | reject | edit
    path: str | None = None
    action: str | None = None  # created | updated | unchanged (the write's)
    #: saved, but MEMORY.md could not be regenerated: what and why
    warning: str | None = None
