"""The custom requests of SPEC §10: decode (typed params), call the memory service, encode.

One module-level handler per method, marked with :func:`memlsp.lsp.dispatch.handles` and
registered by :func:`register` with the same error contract for all. Blocking service
calls run through ``ls.run_blocking`` (off the event loop, bounded); long work (extraction,
dream, reindex) comes back from the service as a job, which ``ls.jobs`` runs. The rollout
decision (R25) is the service's: handlers only translate what it decided.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sys
import time
from typing import TYPE_CHECKING

from ...core.service import Job, Skipped, warm_recaller
from .. import dispatch, errors
from .. import messages as wire
from ..sync_wire import sync_info

if TYPE_CHECKING:
    from ...core.service import Message

logger = logging.getLogger(__name__)

REQUIRES = ("lifecycle",)


def register(server) -> None:
    dispatch.install(server, sys.modules[__name__])
    server.hooks.initialized.append(_warm_up)


async def _warm_up(ls) -> None:
    """Load the embedding models and sync the workspace's retrieval index in the
    background, so the first chat turn's recall pays for neither (only when per-turn
    recall will run at all: at rollout off the server touches nothing). It starts once the
    first citation diagnostics are out; a recall before that loads what it needs itself."""
    service = ls.service
    if not service.automatic_recall_runs():
        return

    def work() -> bool:
        try:
            recaller = service.recaller(None)
            warm_recaller(recaller)
            recaller.warm_models()
            return True
        except Exception:  # noqa: BLE001 - a warm-up failure only costs the first turn
            logger.exception("recall warm-up failed")
            return False

    async def deferred() -> None:
        # after the first diagnostics: loading models must not delay them (SPEC §13)
        await ls.after_first_diagnostics()
        started = time.monotonic()
        if await asyncio.to_thread(work):
            ls.log(f"memlsp: recall warmed up in {time.monotonic() - started:.1f} s")

    ls.tasks["warm-up"] = asyncio.get_running_loop().create_task(deferred())


def _messages(items: list[wire.ChatMessage]) -> list[Message]:
    from ...core.service import Message  # loads extraction: not at start-up

    return [Message.from_dict({"role": m.role, "content": m.content, "at": m.at}) for m in items]


def _submit(ls, job: Job) -> str:
    return ls.jobs.submit_service_job(job).id


# ---- the chat-turn methods (rollout-governed, R25) -----------------------------------------
@dispatch.handles("memory/sessionStarted")
async def on_session_started(ls, params: wire.SessionStartedParams):
    workspace = ls.workspace_path(params.workspace)
    started = await ls.run_blocking(ls.service.session_started, params.session_id, workspace)
    if ls.watcher is not None:
        # from here on, notes another process writes in these scopes are announced
        await ls.run_blocking(ls.watcher.observe, started.scopes)
    recaller = ls.service.existing_recaller(workspace)
    if recaller is not None and not recaller.synced:
        # the session's project: its index synced and loaded now, off the request path,
        # so that the first turn's recall only embeds the message
        ls.warm_soon(recaller)
    return wire.SessionStartedResult(
        index=started.index, rollout=started.rollout, scopes=[s.rel for s in started.scopes]
    )


@dispatch.handles("memory/recall")
async def on_recall(ls, params: wire.RecallParams):
    res = await ls.run_blocking(
        ls.service.recall,
        params.session_id,
        params.message,
        open_files=params.open_files,
        already_read=params.already_read,
        first_turn=params.first_turn,
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
        budget_left=res.budget_left,
        skipped=res.skipped,
        silence=res.silence,
    )


@dispatch.handles("memory/turnCompleted")
async def on_turn_completed(ls, params: wire.TurnCompletedParams):
    outcome = await ls.run_blocking(
        ls.service.turn_completed,
        params.session_id,
        params.turn,
        _messages(params.messages),
        memory_written=params.memory_written,
        agent=ls.agent,
    )
    if isinstance(outcome, Skipped):
        return wire.TurnCompletedResult(job_id=None, skipped=outcome.reason)
    return wire.TurnCompletedResult(job_id=_submit(ls, outcome))


@dispatch.handles("memory/compacted")
async def on_compacted(ls, params: wire.CompactedParams) -> None:
    await ls.run_blocking(ls.service.compacted, params.session_id)


@dispatch.handles("memory/sessionEnded")
async def on_session_ended(ls, params: wire.SessionEndedParams):
    saved = await ls.run_blocking(
        ls.service.session_ended, params.session_id, _messages(params.messages), agent=ls.agent
    )
    return wire.SessionEndedResult(path=saved.path, skipped=saved.skipped)


# ---- notes -----------------------------------------------------------------------------------
@dispatch.handles("memory/remember")
async def on_remember(ls, params: wire.RememberParams):
    res = await ls.run_blocking(
        ls.service.remember,
        params.text,
        type_=params.type,
        scope=params.scope,
        workspace=ls.workspace_path(params.workspace),
        agent=ls.agent,
    )
    if res.refused:
        return wire.RememberResult(refused=True, reason=res.refused, message=res.message)
    return wire.RememberResult(path=res.path, action=res.action, warning=res.warning)


@dispatch.handles("memory/list")
async def on_list(ls, params: wire.ListParams):
    stale = ls.citations.stale_count if ls.citations is not None else None
    found = await ls.run_blocking(
        ls.service.list_notes,
        params.scope,
        workspace=ls.workspace_path(params.workspace),
        stale_count=stale,
    )
    return wire.ListResult(
        entries=[wire.ListEntry(**dataclasses.asdict(e)) for e in found.entries],
        problems=[wire.Problem(**dataclasses.asdict(p)) for p in found.problems],
    )


@dispatch.handles("memory/read")
async def on_read(ls, params: wire.ReadParams):
    note = await ls.run_blocking(ls.service.read, params.path)
    return wire.ReadResult(content=note.text, sha256=note.sha256)


@dispatch.handles("memory/forget")
async def on_forget(ls, params: wire.ForgetParams):
    res = await ls.run_blocking(ls.service.forget, params.path, params.sha256)
    tomb = res.tombstone or {}
    return wire.ForgetResult(
        tombstone=f"{tomb.get('pathDigest', '')}@{tomb.get('at', '')}",
        status=res.status,
        redacted=list(res.redacted),
        warning=res.warning,
    )


@dispatch.handles("memory/status")
async def on_status(ls, params: wire.StatusParams):
    st = await ls.run_blocking(ls.service.status)
    return wire.StatusResult(
        rollout=st.rollout,
        counts=[wire.ScopeCounts(**dataclasses.asdict(c)) for c in st.counts],
        last_dream=st.last_dream,
        sessions_since_dream=st.sessions_since_dream,
        jobs=[job.info() for job in ls.jobs.jobs()],
        home=st.home,
        home_exists=st.home_exists,
        provider=st.provider,
        sync=sync_info(st.sync),
    )


# ---- review before trust (R37) -----------------------------------------------------------
@dispatch.handles("memory/review")
async def on_review(ls, params: wire.ReviewParams):
    found = await ls.run_blocking(ls.service.review, params.scope)
    return wire.ReviewResult(items=[wire.ReviewItem(**dataclasses.asdict(r)) for r in found])


@dispatch.handles("memory/reviewDecide")
async def on_review_decide(ls, params: wire.ReviewDecideParams):
    done = await ls.run_blocking(ls.service.review_decide, params.id, params.decision, params.text)
    if ls.watcher is not None:
        ls.watcher.poke()  # views hear of the change now (memory/notesChanged)
    return wire.ReviewDecideResult(path=done.path, action=done.action, warning=done.warning)


# ---- background jobs -------------------------------------------------------------------------
@dispatch.handles("memory/dream")
async def on_dream(ls, params: wire.DreamParams):
    job = await ls.run_blocking(ls.service.dream_job, force=params.force, dry_run=params.dry_run)
    return wire.JobStarted(job_id=_submit(ls, job))


@dispatch.handles("memory/reindex")
async def on_reindex(ls, params: wire.ReindexParams):
    job = await ls.run_blocking(ls.service.reindex_job, params.scope)
    return wire.JobStarted(job_id=_submit(ls, job))


@dispatch.handles("memory/cancelJob")
async def on_cancel_job(ls, params: wire.CancelJobParams):
    job = ls.jobs.cancel(params.job_id)
    if job is None:
        raise errors.rpc_error("unknown-job", f"no job {params.job_id!r}")
    return wire.CancelJobResult(state=job.state)
