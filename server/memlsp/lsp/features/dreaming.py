"""The automatic dream (SPEC R13, R22, R25): recovery at start-up, the gate checked hourly.

At ``initialized`` an unfinished dream journal of any scope is rolled forward or back
(:func:`memlsp.core.dream.recover_all`). Then, once at start-up and every
``GATE_INTERVAL_S`` after, each project scope the server serves (and global) is checked:
when the gate says a dream is due (≥ 24 h and ≥ 5 sessions since the last one) and the
rollout level lets the automatic dream run, a dream job is queued — a dry run at
``dry-run``. ``memory/dream`` runs one at once, whatever the gate says.
"""

from __future__ import annotations

import asyncio
import logging

from ...core import dream as dream_mod
from ...core.rollout import EntryPoint, decide
from .. import core_bridge
from ..jobs import ACTIVE, JobQueueFull

logger = logging.getLogger(__name__)

GATE_INTERVAL_S = 3600.0


def due_scopes(ls) -> list:
    """The scopes whose gate says a dream is due (blocking: run off the event loop)."""
    if not decide(EntryPoint.AUTO_DREAM, ls.settings).run:
        return []
    settings = ls.settings
    return [
        scope
        for scope in ls.watched_scopes()
        if scope.root.is_dir() and dream_mod.should_dream(scope, settings=settings).due
    ]


def queue_dreams(ls, scopes) -> list[str]:
    """Queue one dream job per scope — a dry run at ``dry-run`` (on the event loop: the job
    runner is not thread-safe). A scope with a dream already queued or running is skipped."""
    decision = decide(EntryPoint.AUTO_DREAM, ls.settings)
    if not decision.run:
        return []
    store, settings, editor = ls.store, ls.settings, ls.model_bridge()
    busy = {job.title for job in ls.jobs.jobs() if job.kind == "dream" and job.state in ACTIVE}
    started = []
    for scope in scopes:
        title = f"Dreaming ({scope.rel})"
        if title in busy:
            continue

        def job(cancel, progress, scope=scope):
            return core_bridge.run_dream(
                store,
                scope,
                force=False,
                dry_run=not decision.write,
                settings=settings,
                editor=editor,
                cancel=cancel,
                progress=progress,
            )

        try:
            started.append(
                ls.jobs.submit(
                    "dream",
                    job,
                    title=title,
                    home=str(store.home),
                    summarize=core_bridge.dream_summary,
                ).id
            )
        except JobQueueFull:
            logger.info("dream gate: the job queue is full; next check in an hour")
            break
    return started


async def check_gate(ls) -> list[str]:
    """Check the gate of every served scope and queue the due dreams; returns job ids."""
    scopes = await asyncio.to_thread(due_scopes, ls)
    return queue_dreams(ls, scopes)


def register(server) -> None:
    async def on_initialized(ls) -> None:
        try:
            reports = await asyncio.to_thread(dream_mod.recover_all, ls.store)
            for rel, report in reports.items():
                logger.info("dream recovery in %s: %s", rel, report)
        except Exception:  # noqa: BLE001 - recovery problems are logged, the server serves
            logger.exception("dream recovery failed")

        async def loop() -> None:
            while True:
                try:
                    await check_gate(ls)
                except Exception:  # noqa: BLE001
                    logger.exception("dream gate check failed")
                await asyncio.sleep(GATE_INTERVAL_S)

        ls.dream_gate_task = asyncio.get_running_loop().create_task(loop())

    def on_shutdown(ls) -> None:
        task = getattr(ls, "dream_gate_task", None)
        if task is not None:
            task.cancel()

    server.hooks.initialized.append(on_initialized)
    server.hooks.shutdown.append(on_shutdown)
