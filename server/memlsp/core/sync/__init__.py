"""Team memory over git (SPEC R40, issue 20, ADR 0005): a project scope's topic notes and
tombstones travel through a git remote, merged file by file, never with conflict markers,
never resurrecting a forgotten note; everything pulled passes the write gate or is
quarantined.

Modules: :mod:`.repo` (the private bare repository, git plumbing only), :mod:`.merge`
(per-file three-way merge, tombstones), :mod:`.incoming` (the gate for what is pulled, the
quarantine), :mod:`.state` (bookkeeping, provenance), :mod:`.engine` (one sync: fetch,
export, merge, import, push), :mod:`.status` (ahead, behind, in conflict).

Must not import pygls, lsprotocol or an adapter.
"""

from .engine import (
    MAX_ATTEMPTS,
    SyncError,
    SyncResult,
    init,
    local_notes,
    require_configured,
    sync,
)
from .incoming import quarantined
from .merge import CONFLICT_OF, CONFLICT_WITH
from .state import DEFAULT_BRANCH, SyncState, Who, last_sync_time, load_state, who_is_syncing
from .status import SyncStatus, status

__all__ = [
    "CONFLICT_OF",
    "CONFLICT_WITH",
    "DEFAULT_BRANCH",
    "MAX_ATTEMPTS",
    "SyncError",
    "SyncResult",
    "SyncState",
    "SyncStatus",
    "Who",
    "init",
    "last_sync_time",
    "load_state",
    "local_notes",
    "quarantined",
    "require_configured",
    "status",
    "sync",
    "who_is_syncing",
]
