"""Calls from the server's handlers into the core for the chat-turn methods of SPEC §10.

Each function decodes nothing and encodes little: it applies the rollout decision for the
automatic entry points (R25), calls the core function and converts the result to wire
types. Handlers run these on worker threads (they block).

* ``memory/recall`` → :class:`memlsp.core.recall.Recaller` (per-turn injection);
* ``memory/turnCompleted`` → :func:`memlsp.core.extract.extract_turn` (a background job);
* ``memory/sessionEnded`` → :func:`memlsp.core.autosave.autosave_session`, then the dream
  gate's session counter;
* ``memory/forget`` → :func:`memlsp.core.forget.forget` (verified, R24);
* ``memory/dream`` → :func:`memlsp.core.dream.dream` (a background job, R13, R20–R22).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..core import autosave, extract
from ..core import dream as dream_mod
from ..core import forget as forget_mod
from ..core.models import make_provider
from ..core.recall import Recaller
from ..core.rollout import EntryPoint, decide
from ..core.runtime import Cancelled, CancelToken, EditorBridge, ProgressSink
from ..core.settings import Settings
from ..core.store import Scope, Store
from . import messages as wire

log = logging.getLogger(__name__)


def _chat(messages: list[wire.ChatMessage]) -> list[dict[str, Any]]:
    return [{"role": m.role, "content": m.content, "at": m.at} for m in messages]


def recall(
    recaller: Callable[[], Recaller], params: wire.RecallParams, *, settings: Settings
) -> wire.RecallResult:
    """Per-turn injection: off → nothing runs (not even the workspace's Recaller is made);
    shadow and dry-run compute but inject nothing."""
    decision = decide(EntryPoint.INJECTION, settings)
    if not decision.run:
        return wire.RecallResult(memories=[], reminder="", budget_left=0, skipped="rollout-off")
    res = recaller().recall(
        params.session_id,
        params.message,
        open_files=list(params.open_files),
        already_read=list(params.already_read),
        first_turn=params.first_turn,
        record=decision.inject,
    )
    if not decision.inject:
        log.info(
            "recall (%s): %d note(s) selected, none injected", settings.rollout, len(res.memories)
        )
        # Nothing was injected, so nothing was spent: the core's figure is what would be
        # left had the reminder been injected.
        return wire.RecallResult(
            memories=[],
            reminder="",
            budget_left=int(res.budget_left) + len(res.reminder.encode("utf-8")),
            skipped=f"rollout-{settings.rollout}",
        )
    memories = [
        wire.RecalledMemory(
            path=m.path,
            name=m.name,
            type=m.type,
            scope=m.scope,
            age_days=int(m.age_days),
            score=float(m.score),
            content=m.content,
            stale=[
                wire.StaleCitation(
                    ref=str(s.get("ref", "")),
                    reason=str(s.get("reason", "")),
                    message=str(s.get("message", "")),
                )
                for s in m.stale
            ],
        )
        for m in res.memories
    ]
    return wire.RecallResult(
        memories=memories,
        reminder=res.reminder,
        budget_left=int(res.budget_left),
        skipped=res.skipped,
    )


def extract_turn(
    store: Store,
    scope: Scope,
    params: wire.TurnCompletedParams,
    *,
    settings: Settings,
    editor: EditorBridge | None,
    cancel: CancelToken,
    progress: ProgressSink,
    recaller: Recaller | None = None,
) -> extract.ExtractResult:
    """One turn's extraction (a job). When it changed notes, ``recaller`` syncs its
    retrieval index here, on the job's thread, so the next ``memory/recall`` finds it
    current instead of paying for the rescan on the chat's critical path."""
    decision = decide(EntryPoint.EXTRACTION, settings)
    cancel.check()
    progress("extracting", 10)
    result = extract.extract_turn(
        store,
        scope,
        session_id=params.session_id,
        turn=params.turn,
        messages=_chat(params.messages),
        memory_written=params.memory_written,
        provider=make_provider(settings, bridge=editor),
        global_scope=store.global_scope(),
        timeout=settings.model.timeout_seconds,
        dry_run=not decision.write,
    )
    if recaller is not None and (result.written or result.updated or result.deleted):
        progress("updating the recall index", 90)
        # The note is written (no cancelling now), but the job may give way to requests.
        getattr(cancel, "yield_to_requests", lambda: None)()
        warm_recaller(recaller)
    progress("done", 100)
    return result


def warm_recaller(recaller: Recaller) -> None:
    """Sync ``recaller`` with the files and load its search matrix (``len`` loads it), off
    the chat's critical path: the next ``memory/recall`` then only embeds the message."""
    recaller.refresh()
    len(recaller.index)


def extract_summary(result: extract.ExtractResult) -> str:
    """The ``memory/jobStatus`` message of a finished extraction (counts, no note text)."""
    if result.skipped:
        return f"skipped: {result.skipped}"
    verb = "would write" if result.dry_run else "wrote"
    changed = len(result.planned) if result.dry_run else len(result.written)
    parts = [f"{verb} {changed}", f"updated {len(result.updated)}"]
    if result.deleted:
        parts.append(f"deleted {len(result.deleted)}")
    if result.refused:
        parts.append(f"refused {len(result.refused)}")
    text = ", ".join(parts) + f" (provider {result.provider}"
    return text + (", fell back to offline)" if result.degraded else ")")


def save_session(
    store: Store, scope: Scope, params: wire.SessionEndedParams, *, settings: Settings
) -> wire.SessionEndedResult:
    decision = decide(EntryPoint.AUTOSAVE, settings)
    if not decision.write:
        return wire.SessionEndedResult(skipped=f"rollout-{settings.rollout}")
    res = autosave.autosave_session(
        store, scope, session_id=params.session_id, messages=_chat(params.messages)
    )
    if decision.write:
        # R13 counts ended sessions, trivial ones too (they leave no record, R12).
        dream_mod.note_session_ended(scope)
    return wire.SessionEndedResult(path=res.path, skipped=res.skipped)


def forget(store: Store, params: wire.ForgetParams) -> wire.ForgetResult:
    res = forget_mod.forget(store, params.path, params.sha256)
    tomb = res.tombstone or {}
    return wire.ForgetResult(
        tombstone=f"{tomb.get('pathDigest', '')}@{tomb.get('at', '')}", status=res.status
    )


def dream(
    store: Store,
    scope: Scope,
    params: wire.DreamParams,
    *,
    settings: Settings,
    editor: EditorBridge | None,
    cancel: CancelToken,
    progress: ProgressSink,
) -> dream_mod.DreamResult:
    return run_dream(
        store,
        scope,
        force=params.force,
        dry_run=params.dry_run,
        settings=settings,
        editor=editor,
        cancel=cancel,
        progress=progress,
    )


def run_dream(
    store: Store,
    scope: Scope,
    *,
    force: bool,
    dry_run: bool,
    settings: Settings,
    cancel: CancelToken,
    progress: ProgressSink,
    editor: EditorBridge | None = None,
) -> dream_mod.DreamResult:
    """One dream as a job: the core's own cancellation becomes the runner's ``cancelled``.
    With a model provider configured the plan comes from the model (validated strictly,
    the offline plan when it is rejected)."""
    try:
        return dream_mod.dream(
            store,
            scope,
            force=force,
            dry_run=dry_run,
            planner=dream_mod.planner_for(settings, bridge=editor),
            settings=settings,
            progress=lambda message=None, percent=None: progress(message, percent),
            cancel=cancel,
        )
    except dream_mod.DreamCancelled as exc:
        raise Cancelled(str(exc)) from exc


def dream_summary(result: dream_mod.DreamResult) -> str:
    """The ``memory/jobStatus`` message of a finished dream."""
    if result.status == "skipped":
        return f"skipped: {result.reason}"
    before = result.counts_before.get("inbox")
    after = result.counts_after.get("inbox")
    text = f"{result.status} (run {result.run_id}): {len(result.applied)} operation(s)"
    if before is not None and after is not None:
        text += f", inbox {before} -> {after}"
    return text


def dream_state(scope: Scope) -> tuple[str | None, int | None]:
    """(last dream as ISO-8601 or None, sessions ended since)."""
    gate = dream_mod.should_dream(scope)
    return gate.last_dream, gate.sessions_since
