"""The automatic dream (SPEC R13, R22, R25): recovery at start-up, the gate checked hourly.

At ``initialized`` an unfinished dream journal of any scope is rolled forward or back
(:func:`memlsp.core.dream.recover_all`). Then, once at start-up and every
``GATE_INTERVAL_S`` after, each project scope the server serves (and global) is checked:
when the gate says a dream is due (≥ 24 h and ≥ 5 sessions since the last one) and the
rollout level lets the automatic dream run, a dream job is queued — a dry run at
``dry-run``. ``memory/dream`` runs one at once, whatever the gate says.

The team sync's timer (R40) lives here too: every ``SYNC_CHECK_S`` the connected project
scopes whose last sync is older than ``sync.intervalMinutes`` get a sync job (off by
default; ``sync.afterDream`` runs inside the dream job itself, in the service).
"""

from __future__ import annotations

import asyncio
import logging

from ..jobs import ACTIVE, JobQueueFull

logger = logging.getLogger(__name__)

GATE_INTERVAL_S = 3600.0
SYNC_CHECK_S = 60.0  # how often the sync timer looks (sync.intervalMinutes decides)


async def check_gate(ls) -> list[str]:
    """Check the gate of every served scope and queue the due dreams — dry runs at
    ``dry-run``, none at ``off`` (the service decides); returns the job ids. A scope with a
    dream already queued or running is skipped."""
    jobs = await asyncio.to_thread(lambda: ls.service.due_dream_jobs(ls.watched_scopes()))
    busy = {job.title for job in ls.jobs.jobs() if job.kind == "dream" and job.state in ACTIVE}
    started = []
    for job in jobs:
        if job.title in busy:
            continue
        try:
            started.append(ls.jobs.submit_service_job(job).id)
        except JobQueueFull:
            logger.info("dream gate: the job queue is full; next check in an hour")
            break
    return started


async def check_sync(ls) -> list[str]:
    """Queue the team syncs that are due (``sync.intervalMinutes``, R40): each connected
    project scope the server serves whose last sync is older than the interval; a scope
    with a sync already queued or running is skipped. Returns the job ids."""
    jobs = await asyncio.to_thread(lambda: ls.service.due_sync_jobs(ls.watched_scopes()))
    busy = {job.title for job in ls.jobs.jobs() if job.kind == "sync" and job.state in ACTIVE}
    started = []
    for job in jobs:
        if job.title not in busy:
            try:
                started.append(ls.jobs.submit_service_job(job).id)
            except JobQueueFull:
                break
    return started


REQUIRES = ("lifecycle",)


def register(server) -> None:
    async def on_initialized(ls) -> None:
        async def loop() -> None:
            # recovery, sweeping and the gate wait for the first diagnostics (SPEC §13):
            # they load the dream and walk the home; a note a recovery rewrites is
            # re-checked through the watcher like any other change
            await ls.after_first_diagnostics()
            try:
                reports = await asyncio.to_thread(ls.service.recover_dreams)
                for rel, report in reports.items():
                    logger.info("dream recovery in %s: %s", rel, report)
            except Exception:  # noqa: BLE001 - recovery problems are logged, the server serves
                logger.exception("start-up recovery failed")
            try:
                swept = await asyncio.to_thread(ls.service.sweep_leftovers)
                if swept:
                    logger.info("removed %d temporary file(s) of interrupted writes", len(swept))
            except Exception:  # noqa: BLE001
                logger.exception("start-up sweep failed")
            while True:
                try:
                    await check_gate(ls)
                except Exception:  # noqa: BLE001
                    logger.exception("dream gate check failed")
                await asyncio.sleep(GATE_INTERVAL_S)

        ls.tasks["dream-gate"] = asyncio.get_running_loop().create_task(loop())

        async def sync_loop() -> None:
            while True:
                await asyncio.sleep(SYNC_CHECK_S)
                try:
                    await check_sync(ls)
                except Exception:  # noqa: BLE001
                    logger.exception("team sync check failed")

        ls.tasks["sync-timer"] = asyncio.get_running_loop().create_task(sync_loop())

    server.hooks.initialized.append(on_initialized)
