"""The team-sync use cases (SPEC R40, issue 20, ADR 0005): connect a project scope to a
git remote, sync it (a :class:`~.results.Job` with progress), say where it stands, and
the automatic syncs the language server may run (after a dream, on a timer; both off by
default, ``sync.afterDream`` and ``sync.intervalMinutes``).

Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import time

from .. import sync as sync_mod
from ..git import toplevel
from ..rollout import EntryPoint
from ..runtime import CancelToken, ProgressSink
from ..store import Scope
from .base import ServiceBase
from .results import Job


class SyncUseCases(ServiceBase):
    def sync_init(
        self,
        remote: str,
        *,
        branch: str = sync_mod.DEFAULT_BRANCH,
        workspace: str | None = None,
    ) -> sync_mod.SyncState:
        """Connect the project's memory to ``remote`` (its own repository, or a branch of
        the project's); refused under managed off like every write."""
        self.require_writes()
        return sync_mod.init(self.store, self.project_scope(workspace), remote, branch)

    def sync_job(self, *, workspace: str | None = None, scope: Scope | None = None) -> Job:
        """Pull, merge and push the project's memory (refused under managed off, and before
        anything runs when the scope is not connected to a remote)."""
        self.require_writes()
        scope = scope or self.project_scope(workspace)
        sync_mod.require_configured(sync_mod.load_state(scope))
        return self._sync_job(scope, workspace)

    def _sync_job(self, scope: Scope, workspace: str | None) -> Job:
        store = self.store
        folder = toplevel(self.folder(workspace))

        def run(cancel: CancelToken, progress: ProgressSink) -> sync_mod.SyncResult:
            who = sync_mod.who_is_syncing(folder)
            result = sync_mod.sync(store, scope, who, cancel=cancel, progress=progress)
            if result.imported or result.removed or result.forgotten:
                self._written([scope], warm=False)
            return result

        return Job("sync", f"Syncing ({scope.rel})", str(store.home), run, sync_summary)

    def sync_status(
        self, *, workspace: str | None = None, fetch: bool = True
    ) -> sync_mod.SyncStatus:
        return sync_mod.status(self.project_scope(workspace), fetch=fetch)

    def due_sync_jobs(
        self, workspace: str | None = None, *, after_dream: bool = False
    ) -> list[Job]:
        """The automatic sync of the project's memory: after a dream (``sync.afterDream``)
        or when ``sync.intervalMinutes`` have passed since the last sync; none when sync is
        not set up, when the setting is off, or when the rollout level does not write."""
        settings = self._settings.sync
        if not (settings.after_dream if after_dream else settings.interval_minutes > 0):
            return []
        if not self.decide(EntryPoint.AUTO_DREAM, record=False).write:
            return []
        scope = self.project_scope(workspace)
        state = sync_mod.load_state(scope)
        if not state.configured:
            return []
        if not after_dream:
            last = sync_mod.last_sync_time(state)
            if last is not None and time.time() - last < settings.interval_minutes * 60:
                return []
        return [self._sync_job(scope, workspace)]


def sync_summary(result: sync_mod.SyncResult) -> str:
    parts = [f"sent {result.exported}", f"received {result.imported}"]
    if result.removed or result.forgotten:
        parts.append(f"removed {result.removed + result.forgotten}")
    if result.conflicts:
        parts.append(f"{len(result.conflicts)} notes marked for review")
    if result.quarantined:
        parts.append(f"{len(result.quarantined)} quarantined")
    return "sync: " + ", ".join(parts)


__all__ = ["SyncUseCases", "sync_summary"]
