"""``memlsp sync status``: what is ahead, behind and in conflict (no write to the scope).

Must not import pygls, lsprotocol or an adapter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import git
from ..errors import NoteFormatError
from ..notes import parse_note
from ..store import Scope
from .engine import local_notes, repo_of
from .incoming import quarantined
from .merge import CONFLICT_OF, CONFLICT_WITH
from .repo import NOTES, blob_id
from .state import load_state


@dataclass
class SyncStatus:
    scope: str
    configured: bool
    remote: str = ""
    branch: str = ""
    last_sync: str | None = None
    local_changes: int = 0  # topic notes added, changed or removed since the last sync
    ahead: int = 0  # local commits the remote does not have yet
    behind: int = 0  # remote commits not merged here yet (as of the last fetch)
    conflicts: list[str] = field(default_factory=list)  # notes marked for review
    quarantined: int = 0
    fetched: bool = False
    error: str | None = None  # the fetch failed (offline, no access): counts are stale

    @property
    def state(self) -> str:
        if not self.configured:
            return "off"
        if self.conflicts:
            return "conflict"
        if self.local_changes or self.ahead or self.behind or self.last_sync is None:
            return "pending"  # a first sync is due even when there is nothing to send
        return "in-sync"


def status(scope: Scope, *, fetch: bool = True) -> SyncStatus:
    state = load_state(scope)
    out = SyncStatus(scope.rel, state.configured)
    if not state.configured:
        return out
    out.remote, out.branch, out.last_sync = state.remote, state.branch, state.last_sync
    out.quarantined = len(quarantined(scope))
    repo = repo_of(scope, state)
    if not repo.exists():
        return out
    if fetch:
        try:
            repo.fetch()
            out.fetched = True
        except git.GitError as exc:
            out.error = str(exc)
    ours = repo.resolve(repo.local_ref)
    theirs = repo.resolve(repo.remote_ref)
    tree = {p.split("/", 1)[1]: e.oid for p, e in repo.ls_tree(ours).items() if p.startswith(NOTES)}
    local = local_notes(scope)
    kept = {p.split("/", 1)[1] for p in state.quarantine}
    out.local_changes = sum(1 for n, d in local.items() if tree.get(n) != blob_id(d)) + sum(
        1 for n in tree if n not in local and n not in kept
    )
    if ours and theirs:
        out.ahead, out.behind = repo.ahead_behind(ours, theirs)
    elif ours:
        out.ahead = 1
    for name, data in local.items():
        if CONFLICT_OF.encode() in data or CONFLICT_WITH.encode() in data:
            try:
                meta = parse_note(data, stem=name[:-3]).meta
            except NoteFormatError:
                continue
            if meta.get(CONFLICT_OF) or meta.get(CONFLICT_WITH):
                out.conflicts.append(name[:-3])
    return out


__all__ = ["SyncStatus", "status"]
