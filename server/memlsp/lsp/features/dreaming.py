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
from ...core.errors import MemlspError
from ...core.rollout import EntryPoint, decide

logger = logging.getLogger(__name__)

GATE_INTERVAL_S = 3600.0


def due_scopes(ls) -> list:
    """The scopes whose gate says a dream is due, when rollout lets the automatic dream run
    (blocking: reads state files; run it off the event loop)."""
    if not decide(EntryPoint.AUTO_DREAM, ls.settings).run:
        return []
    settings = ls.settings
    return [
        scope
        for scope in ls.watched_scopes()
        if scope.root.is_dir() and dream_mod.should_dream(scope, settings=settings).due
    ]


def submit_dreams(ls, scopes) -> list[str]:
    """Queue one dream job per scope (on the event loop); a dry run at rollout dry-run."""
    store, settings = ls.store, ls.settings
    dry_run = not decide(EntryPoint.AUTO_DREAM, settings).write
    started = []
    for scope in scopes:

        def job(cancel, progress, scope=scope):
            return dream_mod.dream(
                store,
                scope,
                dry_run=dry_run,
                settings=settings,
                progress=lambda message=None, percent=None: progress(message, percent),
                cancel=lambda: cancel.cancelled,
            )

        try:
            started.append(ls.jobs.submit("dream", job, title="Dreaming", home=str(store.home)).id)
        except MemlspError as exc:  # the queue is full: the next hourly check tries again
            logger.info("automatic dream not queued: %s", exc)
    return started


async def check_gate(ls) -> list[str]:
    """One gate check: the due scopes' dream jobs, queued; returns their job ids."""
    return submit_dreams(ls, await asyncio.to_thread(due_scopes, ls))


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
