"""The custom requests of SPEC §10: decode (typed params), call the core, encode.

Every handler is registered through :func:`request`, which gives each the same error
contract: core errors become JSON-RPC errors with their ``data.reason``; anything
unexpected is logged with its traceback and answered ``data.reason = "internal"``.
Blocking core calls run through ``server.run_blocking`` (off the event loop, bounded).

Recall, turnCompleted, sessionEnded, forget and dream go through
:mod:`memlsp.lsp.core_bridge`, which applies the rollout level (R25) and converts results.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from pygls.exceptions import JsonRpcException

from ...core import listing
from ...core.errors import MemlspError, RefusedError
from ...core.reindex import reindex_scopes
from ...core.remember import remember
from ...core.rollout import EntryPoint, decide, require
from .. import core_bridge, errors
from .. import messages as wire

logger = logging.getLogger(__name__)


def request(server, method: str):
    """Register an ``async def handler(ls, params)`` for a custom method of METHODS."""
    spec = wire.METHODS[method]

    def decorator(fn: Callable[[Any, Any], Awaitable[Any]]):
        @functools.wraps(fn)
        async def handler(ls, params):
            if params is None:
                params = spec.params()  # params omitted: all fields have defaults
            try:
                return await fn(ls, params)
            except JsonRpcException:
                raise
            except MemlspError as exc:
                raise errors.from_core(exc) from exc
            except Exception as exc:
                logger.exception("%s failed", method)
                raise errors.rpc_error(
                    "internal", f"{method} failed: {type(exc).__name__}: {exc}", code=-32603
                ) from exc

        server.feature(method)(handler)
        return fn

    return decorator


def register(server) -> None:
    async def warm_up(ls) -> None:
        # Load the embedding model and sync the workspace's retrieval index in the
        # background, so the first chat turn's recall does not pay for either (only when
        # per-turn recall will run at all: at rollout off the server touches nothing).
        if not decide(EntryPoint.INJECTION, ls.settings).run:
            return

        def work() -> None:
            try:
                recaller = ls.recaller(None)
                recaller.refresh()
                recaller.warm_models()
            except Exception:  # noqa: BLE001 - a warm-up failure only costs the first turn
                logger.exception("recall warm-up failed")

        ls.warm_up_task = asyncio.get_running_loop().create_task(asyncio.to_thread(work))

    server.hooks.initialized.append(warm_up)

    @request(server, "memory/sessionStarted")
    async def on_session_started(ls, params: wire.SessionStartedParams):
        ls.sessions.start(params.session_id, params.workspace)
        rollout = ls.settings.rollout

        def work():
            scopes = ls.session_scopes(params.workspace)
            # from here on, notes another process writes in these scopes are announced
            ls.watcher.observe(scopes)
            # Handing the index to the model is injection: only at rollout "on" (R25).
            decision = decide(EntryPoint.INJECTION, ls.settings)
            if decision.run:
                # A (re)started session id begins with nothing injected (R14, R17).
                ls.recaller(params.workspace).start_session(params.session_id)
            text = listing.session_index(ls.store, scopes) if decision.inject else ""
            return text, [s.rel for s in scopes]

        index, scopes = await ls.run_blocking(work)
        return wire.SessionStartedResult(index=index, rollout=rollout, scopes=scopes)

    @request(server, "memory/remember")
    async def on_remember(ls, params: wire.RememberParams):
        if params.scope not in (None, "project", "global"):
            raise errors.invalid_params(
                f"scope must be project or global, not {params.scope!r}", reason="unknown-scope"
            )

        def work():
            store = ls.store
            scope = (
                store.global_scope()
                if params.scope == "global"
                else ls.project_scope(params.workspace)
            )
            try:
                result = remember(store, scope, params.text, type_=params.type)
            except RefusedError as exc:
                return wire.RememberResult(refused=True, reason=exc.reason, message=str(exc))
            return wire.RememberResult(path=result.path, action=result.action)

        return await ls.run_blocking(work)

    @request(server, "memory/list")
    async def on_list(ls, params: wire.ListParams):
        def work():
            scopes = ls.scopes_named(params.scope, params.workspace)
            found = listing.list_notes(ls.store, scopes)
            citations = getattr(ls, "citations", None)
            for record in found.entries:
                if record["stale"] is None and citations is not None:
                    record["stale"] = citations.stale_count(record["path"])
            return wire.ListResult(
                entries=[wire.ListEntry(**_snake(e)) for e in found.entries],
                problems=[wire.Problem(**p) for p in found.problems],
            )

        return await ls.run_blocking(work)

    @request(server, "memory/read")
    async def on_read(ls, params: wire.ReadParams):
        def work():
            data, digest = ls.store.read(params.path)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise MemlspError(
                    f"{params.path} is not UTF-8 text", reason="invalid-utf8"
                ) from exc
            return wire.ReadResult(content=text, sha256=digest)

        return await ls.run_blocking(work)

    @request(server, "memory/status")
    async def on_status(ls, params: wire.StatusParams):
        def work():
            store = ls.store
            counts = [
                wire.ScopeCounts(scope=rel, **c) for rel, c in listing.scope_counts(store).items()
            ]
            last, since = core_bridge.dream_state(ls.project_scope(None))
            return counts, last, since, store.home.is_dir()

        counts, last, since, exists = await ls.run_blocking(work)
        return wire.StatusResult(
            rollout=ls.settings.rollout,
            counts=counts,
            last_dream=last,
            sessions_since_dream=since,
            jobs=[job.info() for job in ls.jobs.jobs()],
            home=str(ls.store.home),
            home_exists=exists,
            provider=ls.settings.model.provider,
        )

    @server.feature("memory/compacted")
    async def on_compacted(ls, params: wire.CompactedParams) -> None:
        # R17: notes injected before the compaction may be injected again.
        session = ls.sessions.get(params.session_id)
        recaller = await ls.run_blocking(ls.recaller, session.workspace)
        await ls.run_blocking(recaller.compacted, params.session_id)

    @request(server, "memory/reindex")
    async def on_reindex(ls, params: wire.ReindexParams):
        store = ls.store
        scopes = None if params.scope in (None, "", "all") else ls.scopes_named(params.scope)

        def job(cancel, progress):
            return reindex_scopes(store, scopes, cancel=cancel, progress=progress)

        started = ls.jobs.submit(
            "reindex", job, title="Rebuilding memory indexes", home=str(store.home)
        )
        return wire.JobStarted(job_id=started.id)

    @request(server, "memory/cancelJob")
    async def on_cancel_job(ls, params: wire.CancelJobParams):
        job = ls.jobs.cancel(params.job_id)
        if job is None:
            raise errors.rpc_error("unknown-job", f"no job {params.job_id!r}")
        return wire.CancelJobResult(state=job.state)

    # ---- the chat-turn methods (rollout-governed, R25) -------------------------------------
    @request(server, "memory/recall")
    async def on_recall(ls, params: wire.RecallParams):
        session = ls.sessions.get(params.session_id)

        def work():
            return core_bridge.recall(
                lambda: ls.recaller(session.workspace), params, settings=ls.settings
            )

        return await ls.run_blocking(work)

    @request(server, "memory/turnCompleted")
    async def on_turn_completed(ls, params: wire.TurnCompletedParams):
        if not decide(EntryPoint.EXTRACTION, ls.settings).run:
            return wire.TurnCompletedResult(job_id=None, skipped="rollout-off")
        if params.memory_written:
            # R11: the main model already wrote memory this turn.
            return wire.TurnCompletedResult(job_id=None, skipped="memory-written")
        session = ls.sessions.get(params.session_id)
        store, settings, editor = ls.store, ls.settings, ls.model_bridge()
        scope = await ls.run_blocking(ls.project_scope, session.workspace)
        inject = decide(EntryPoint.INJECTION, settings, record=False).run
        recaller = await ls.run_blocking(ls.recaller, session.workspace) if inject else None

        def job(cancel, progress):
            return core_bridge.extract_turn(
                store,
                scope,
                params,
                settings=settings,
                editor=editor,
                cancel=cancel,
                progress=progress,
                recaller=recaller,
            )

        started = ls.jobs.submit(
            "extract",
            job,
            title="Remembering from the last turn",
            home=str(store.home),
            summarize=core_bridge.extract_summary,
        )
        return wire.TurnCompletedResult(job_id=started.id)

    @request(server, "memory/sessionEnded")
    async def on_session_ended(ls, params: wire.SessionEndedParams):
        session = ls.sessions.end(params.session_id)
        workspace = session.workspace if session else None

        def work():
            return core_bridge.save_session(
                ls.store, ls.project_scope(workspace), params, settings=ls.settings
            )

        return await ls.run_blocking(work)

    @request(server, "memory/forget")
    async def on_forget(ls, params: wire.ForgetParams):
        return await ls.run_blocking(core_bridge.forget, ls.store, params)

    @request(server, "memory/dream")
    async def on_dream(ls, params: wire.DreamParams):
        require(EntryPoint.DREAM, ls.settings)
        store, settings, editor = ls.store, ls.settings, ls.model_bridge()
        scope = await ls.run_blocking(ls.project_scope, None)

        def job(cancel, progress):
            return core_bridge.dream(
                store,
                scope,
                params,
                settings=settings,
                editor=editor,
                cancel=cancel,
                progress=progress,
            )

        started = ls.jobs.submit(
            "dream",
            job,
            title=f"Dreaming ({scope.rel})",
            home=str(store.home),
            summarize=core_bridge.dream_summary,
        )
        return wire.JobStarted(job_id=started.id)


def _snake(record: dict) -> dict:
    return {
        "path": record["path"],
        "scope": record["scope"],
        "type": record["type"],
        "name": record["name"],
        "description": record["description"],
        "bytes": record["bytes"],
        "modified": record["modified"],
        "age_days": record["ageDays"],
        "stale": record["stale"],
    }
