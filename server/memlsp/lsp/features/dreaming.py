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
import contextlib
import logging

from ...core import dream as dream_mod
from ...core.rollout import EntryPoint, decide

logger = logging.getLogger(__name__)

GATE_INTERVAL_S = 3600.0


def check_gate(ls) -> list[str]:
    """Queue a dream for every due scope; returns the job ids (blocking: run off the loop)."""
    decision = decide(EntryPoint.AUTO_DREAM, ls.settings)
    if not decision.run:
        return []
    started = []
    store, settings = ls.store, ls.settings
    for scope in ls.watched_scopes():
        if not scope.root.is_dir() or not dream_mod.should_dream(scope, settings=settings).due:
            continue

        def job(cancel, progress, scope=scope):
            return dream_mod.dream(
                store,
                scope,
                dry_run=not decision.write,
                settings=settings,
                progress=lambda message=None, percent=None: progress(message, percent),
                cancel=lambda: cancel.cancelled,
            )

        with contextlib.suppress(Exception):
            started.append(ls.jobs.submit("dream", job, title="Dreaming", home=str(store.home)).id)
    return started


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
                    await asyncio.to_thread(check_gate, ls)
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
