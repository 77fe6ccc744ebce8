"""The team sync's part of ``memory/status`` (SPEC R40): :class:`SyncInfo` and its
translation from the service's :class:`~memlsp.core.service.SyncStatus`.

Must not import pygls (only attrs/typing).
"""

from __future__ import annotations

from .codec import wire


@wire
class SyncInfo:
    state: str  # off | in-sync | pending | conflict
    remote: str
    branch: str
    last_sync: str | None
    local_changes: int
    ahead: int
    behind: int
    conflicts: list[str]
    quarantined: int


def sync_info(status) -> SyncInfo | None:
    """The wire form of a ``SyncStatus`` (None: not known)."""
    if status is None:
        return None
    return SyncInfo(
        state=status.state,
        remote=status.remote,
        branch=status.branch,
        last_sync=status.last_sync,
        local_changes=status.local_changes,
        ahead=status.ahead,
        behind=status.behind,
        conflicts=sorted(status.conflicts),
        quarantined=status.quarantined,
    )
