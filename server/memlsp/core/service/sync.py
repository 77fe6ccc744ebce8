"""The team-sync use cases (SPEC R40, issue 20, ADR 0005): connect a project scope to a
git remote, sync it (a :class:`~.results.Job` with progress), say where it stands, and
the automatic syncs the language server may run (after a dream, on a timer; both off by
default, ``sync.afterDream`` and ``sync.intervalMinutes``).

Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import MemlspError
from ..git import toplevel
from ..rollout import EntryPoint
from ..runtime import CancelToken, ProgressSink
from ..store import Scope
from .base import ServiceBase
from .results import Job

if TYPE_CHECKING:  # imported where used: `memlsp ls` and a server's start need no sync engine
    from .. import sync as sync_mod

log = logging.getLogger("memlsp.core.sync")


class SyncUseCases(ServiceBase):
    def sync_init(
        self,
        remote: str,
        *,
        branch: str | None = None,
        workspace: str | None = None,
        relative_to: str | Path | None = None,
    ) -> sync_mod.SyncState:
        """Connect the project's memory to ``remote`` (its own repository, or a branch of
        the project's); refused under managed off like every write. A local path is stored
        absolute, taken relative to ``relative_to`` (the folder the person typed it in);
        without one a relative path is refused (ADR 0007). ``branch`` defaults to
        :data:`memlsp.core.sync.DEFAULT_BRANCH`."""
        from .. import sync as sync_mod

        self.require_writes()
        base = Path(relative_to).absolute() if relative_to is not None else None
        scope = self.project_scope(workspace)
        branch = sync_mod.DEFAULT_BRANCH if branch is None else branch
        return sync_mod.init(self.store, scope, remote, branch, base=base)

    def sync_job(self, *, workspace: str | None = None, scope: Scope | None = None) -> Job:
        """Pull, merge and push the project's memory (refused under managed off, and before
        anything runs when the scope is not connected to a remote)."""
        from .. import sync as sync_mod

        self.require_writes()
        scope = scope or self.project_scope(workspace)
        sync_mod.require_configured(sync_mod.load_state(scope))
        return self._sync_job(scope, workspace)

    def _sync_job(self, scope: Scope, workspace: str | None) -> Job:
        store = self.store
        folder = toplevel(self.folder(workspace))

        def run(cancel: CancelToken, progress: ProgressSink) -> sync_mod.SyncResult:
            from .. import sync as sync_mod

            who = sync_mod.who_is_syncing(folder)
            result = sync_mod.sync(store, scope, who, cancel=cancel, progress=progress)
            if result.imported or result.removed or result.forgotten:
                self._written([scope], warm=False)
            return result

        return Job("sync", f"Syncing ({scope.rel})", str(store.home), run, sync_summary)

    def sync_status(
        self, *, workspace: str | None = None, fetch: bool = True
    ) -> sync_mod.SyncStatus:
        from .. import sync as sync_mod

        return sync_mod.status(self.project_scope(workspace), fetch=fetch)

    def due_sync_jobs(self, scopes: list[Scope]) -> list[Job]:
        """The timer's syncs (``sync.intervalMinutes``; 0 = never): one job per connected
        project scope whose last sync is older than the interval; none when the rollout
        level does not let automatic steps write. Blocking (reads each scope's state)."""
        minutes = self._settings.sync.interval_minutes
        if minutes <= 0 or not self.decide(EntryPoint.AUTO_DREAM, record=False).write:
            return []
        from .. import sync as sync_mod

        due = []
        for scope in scopes:
            if scope.kind != "project":
                continue
            state = sync_mod.load_state(scope)
            last = sync_mod.last_sync_time(state)
            if state.configured and (last is None or time.time() - last >= minutes * 60):
                due.append(self._sync_job(scope, None))
        return due

    def _after_dream(self, scope: Scope, cancel: CancelToken, progress: ProgressSink) -> None:
        """``sync.afterDream``: a dream that changed a connected project scope syncs it
        (a failed sync is logged; the dream stands)."""
        if not self._settings.sync.after_dream or scope.kind != "project":
            return
        from .. import sync as sync_mod

        if not sync_mod.load_state(scope).configured:
            return
        try:
            self._sync_job(scope, None).run(cancel, progress)
        except MemlspError as exc:
            log.warning("sync after the dream of %s failed: %s", scope.rel, exc)


def sync_summary(result: sync_mod.SyncResult) -> str:
    parts = [f"sent {result.exported}", f"received {result.imported}"]
    if result.removed or result.forgotten:
        parts.append(f"removed {result.removed + result.forgotten}")
    if result.conflicts:
        parts.append(f"{len(result.conflicts)} notes marked for review")
    if result.quarantined:
        parts.append(f"{len(result.quarantined)} quarantined")
    warning = f"; warning: {result.warning}" if result.warning else ""
    return "sync: " + ", ".join(parts) + warning


__all__ = ["SyncUseCases", "sync_summary"]
