"""The wire contract of the memory protocol (SPEC §10): one attrs class per params/result,
and :data:`METHODS`, the registry of every custom method with its direction and types.

Field names are snake_case here and camelCase on the wire; :mod:`memlsp.lsp.codec`
structures incoming params strictly (a wrong type or a missing field is refused, naming
the field) and ignores unknown keys.

``client-vscode/src/protocol.ts`` mirrors this file and ``docs/reference/protocol.md``
documents it; ``tests/contract/test_protocol_doc.py`` fails when they disagree.

To add a custom request: define its params/result classes with ``@wire``, add a ``Method``
to :data:`METHODS`, register a handler in a feature module, document it. Must not import
pygls (only attrs/typing); the server imports this module, not the reverse."""

from __future__ import annotations

from typing import Literal

import attrs

from .codec import is_wire, wire
from .review_wire import (
    ReviewDecideParams,
    ReviewDecideResult,
    ReviewItem,  # noqa: F401 - re-exported: features build it as wire.ReviewItem
    ReviewParams,
    ReviewResult,
)
from .sync_wire import SyncInfo

PROTOCOL_VERSION = 1


# ---- shared pieces ----------------------------------------------------------------------
@wire
class ChatMessage:
    role: str
    content: str
    at: str | None = None


@wire
class JobStarted:
    job_id: str


# ---- client -> server -------------------------------------------------------------------
@wire
class SessionStartedParams:
    session_id: str
    workspace: str | None = None


@wire
class SessionStartedResult:
    index: str
    rollout: str
    scopes: list[str] = attrs.Factory(list)


@wire
class RecallParams:
    session_id: str
    message: str
    open_files: list[str] = attrs.Factory(list)
    already_read: list[str] = attrs.Factory(list)
    first_turn: bool | None = None


@wire
class StaleCitation:
    ref: str
    reason: str
    message: str = ""


@wire
class RecalledMemory:
    path: str
    name: str
    type: str
    scope: str
    age_days: int
    score: float
    content: str
    stale: list[StaleCitation] = attrs.Factory(list)


@wire
class RecallResult:
    memories: list[RecalledMemory]
    reminder: str
    budget_left: int
    # why nothing was injected: rollout-off | rollout-shadow | rollout-dry-run | budget-exhausted
    skipped: str | None = None
    # why nothing was injected, always given then: below-threshold | already-injected |
    # budget | no-notes | empty-message | rollout-off | rollout-shadow | rollout-dry-run
    silence: str | None = None


@wire
class TurnCompletedParams:
    session_id: str
    turn: int
    messages: list[ChatMessage]
    memory_written: bool = False


@wire
class TurnCompletedResult:
    job_id: str | None
    skipped: str | None = None


@wire
class CompactedParams:
    session_id: str


@wire
class SessionEndedParams:
    session_id: str
    messages: list[ChatMessage]


@wire
class SessionEndedResult:
    path: str | None = None
    skipped: str | None = None


@wire
class RememberParams:
    text: str
    type: str | None = None
    scope: str | None = None  # project (default) | global
    workspace: str | None = None  # which project (default: the first workspace folder)


@wire
class RememberResult:
    path: str | None = None
    action: str | None = None  # created | updated | unchanged
    refused: bool = False
    reason: str | None = None
    message: str | None = None
    #: saved, but MEMORY.md could not be regenerated (what and why); omitted otherwise
    warning: str | None = None


@wire
class ListParams:
    scope: str | None = None  # all (default) | project | global | a scope folder
    workspace: str | None = None


@wire
class ListEntry:
    path: str
    scope: str
    type: str
    name: str
    description: str
    bytes: int
    modified: str
    age_days: int
    stale: int | None = None
    source: str | None = None
    agent: str | None = None


@wire
class Problem:
    path: str
    reason: str
    message: str
    severity: str


@wire
class ListResult:
    entries: list[ListEntry]
    problems: list[Problem] = attrs.Factory(list)


@wire
class ReadParams:
    path: str


@wire
class ReadResult:
    content: str
    sha256: str


@wire
class ForgetParams:
    path: str
    sha256: str


@wire
class ForgetResult:
    tombstone: str  # "<path digest>@<time>": content-free, as written to tombstones.jsonl
    status: str = "forgotten"  # forgotten | already-forgotten
    redacted: list[str] = attrs.Factory(list)  # session records the fact was removed from
    warning: str | None = None  # forgotten, but MEMORY.md could not be regenerated


@wire
class DreamParams:
    force: bool = False
    dry_run: bool = False


@wire
class StatusParams:
    pass


@wire
class ScopeCounts:
    scope: str  # the scope folder, relative to the memory home
    notes: int
    inbox: int
    sessions: int
    problems: int


@wire
class JobInfo:
    job_id: str
    kind: str
    state: str
    message: str | None = None
    created: str | None = None
    finished: str | None = None


@wire
class StatusResult:
    rollout: str
    counts: list[ScopeCounts]
    last_dream: str | None
    sessions_since_dream: int | None
    jobs: list[JobInfo]
    home: str = ""
    home_exists: bool = True
    provider: str = "offline"
    protocol_version: int = PROTOCOL_VERSION
    sync: SyncInfo | None = None  # the project's team sync (R40), as of the last fetch


@wire
class ReindexParams:
    scope: str | None = None


@wire
class CancelJobParams:
    job_id: str


@wire
class CancelJobResult:
    state: str


# ---- server -> client -------------------------------------------------------------------
@wire
class JobStatusParams:
    job_id: str
    kind: str
    state: str  # queued | running | done | failed | cancelled
    message: str | None = None
    detail: str | None = None  # done: more than a line (a dry-run dream's plan as a diff)


@wire
class CompleteMessage:
    role: str
    content: str


@wire
class CompleteParams:
    system: str
    messages: list[CompleteMessage]
    max_tokens: int


@wire
class CompleteResult:
    text: str


@wire
class NotesChangedParams:
    scopes: list[str]


JOB_STATES = ("queued", "running", "done", "failed", "cancelled")


# ---- the registry ------------------------------------------------------------------------
@attrs.frozen
class Method:
    name: str
    kind: Literal["request", "notification"]
    direction: Literal["client->server", "server->client"]
    params: type
    result: type | None
    summary: str


METHODS: dict[str, Method] = {
    m.name: m
    for m in (
        Method(
            "memory/sessionStarted",
            "request",
            "client->server",
            SessionStartedParams,
            SessionStartedResult,
            "A chat session starts: the index (MEMORY.md) to hand to the model.",
        ),
        Method(
            "memory/recall",
            "request",
            "client->server",
            RecallParams,
            RecallResult,
            "Notes relevant to this turn, ready to inject.",
        ),
        Method(
            "memory/turnCompleted",
            "request",
            "client->server",
            TurnCompletedParams,
            TurnCompletedResult,
            "A chat turn ended: extract memories in the background.",
        ),
        Method(
            "memory/compacted",
            "notification",
            "client->server",
            CompactedParams,
            None,
            "The chat history was compacted: recall may inject notes again.",
        ),
        Method(
            "memory/sessionEnded",
            "request",
            "client->server",
            SessionEndedParams,
            SessionEndedResult,
            "A chat session ended: save a session record (no model call).",
        ),
        Method(
            "memory/remember",
            "request",
            "client->server",
            RememberParams,
            RememberResult,
            "Remember a piece of text as a note in the inbox.",
        ),
        Method(
            "memory/list",
            "request",
            "client->server",
            ListParams,
            ListResult,
            "Every note (or one scope's) with type, size and age.",
        ),
        Method(
            "memory/read",
            "request",
            "client->server",
            ReadParams,
            ReadResult,
            "The exact bytes of a note and their SHA-256.",
        ),
        Method(
            "memory/forget",
            "request",
            "client->server",
            ForgetParams,
            ForgetResult,
            "Verified forget: delete one note given its path and hash.",
        ),
        Method(
            "memory/dream",
            "request",
            "client->server",
            DreamParams,
            JobStarted,
            "Consolidate the inbox into topic notes, as a background job.",
        ),
        Method(
            "memory/status",
            "request",
            "client->server",
            StatusParams,
            StatusResult,
            "Rollout, counts per scope, dream state and jobs.",
        ),
        Method(
            "memory/reindex",
            "request",
            "client->server",
            ReindexParams,
            JobStarted,
            "Rebuild MEMORY.md of every scope, as a background job.",
        ),
        Method(
            "memory/cancelJob",
            "request",
            "client->server",
            CancelJobParams,
            CancelJobResult,
            "Ask a queued or running job to stop.",
        ),
        Method(
            "memory/review",
            "request",
            "client->server",
            ReviewParams,
            ReviewResult,
            "Pending items waiting for review (review: required, R37).",
        ),
        Method(
            "memory/reviewDecide",
            "request",
            "client->server",
            ReviewDecideParams,
            ReviewDecideResult,
            "Accept, reject or edit one pending item.",
        ),
        Method(
            "memory/jobStatus",
            "notification",
            "server->client",
            JobStatusParams,
            None,
            "A background job changed state.",
        ),
        Method(
            "memory/complete",
            "request",
            "server->client",
            CompleteParams,
            CompleteResult,
            "Run a prompt on the editor's own model (provider `editor`).",
        ),
        Method(
            "memory/notesChanged",
            "notification",
            "server->client",
            NotesChangedParams,
            None,
            "Notes changed on disk (this or another process): refresh views.",
        ),
    )
}


def _resolve_all() -> None:
    for obj in list(globals().values()):
        if is_wire(obj):
            attrs.resolve_types(obj, globals())


_resolve_all()
