"""Bringing back a version from a scope's history (issue 15): ``memlsp restore --version``.

The version's bytes are written back to the path they were taken from, byte for byte,
atomically and under the scope's flock; whatever is at that path now goes to the history
first (step ``restore``), so a restore is itself reversible. Restoring what a best-effort
forget removed also revokes that forget's tombstone, so recall and extraction see the note
again. Versions older than ``retention.historyDays`` are refused (``version-expired``).

Imports core modules only; never an adapter.
"""

from __future__ import annotations

import datetime as dt
import os
import stat as stat_mod
from dataclasses import dataclass

from . import history
from .errors import InvalidRequestError, MemlspError, NotFoundError
from .forget.tombstones import revoke
from .fsutil import atomic_write, file_lock
from .notes import iso, utcnow
from .records import index_warning
from .store import Scope, Store


class VersionRefused(MemlspError):
    reason = "version-refused"


@dataclass(frozen=True)
class VersionRestored:
    scope: str  # the scope's home-relative folder
    path: str  # home-relative path of the restored note
    version: history.Version
    action: str  # "restored" (the file was back or replaced) | "unchanged"
    replaced: history.Version | None  # the version the restore moved into the history
    index_problem: str | None = None  # restored, but MEMORY.md could not be regenerated

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the version is restored")


def locate(store: Store, scopes: list[Scope], version_id: str) -> tuple[Scope, history.Version]:
    """The scope holding ``version_id`` (the first of ``scopes`` that does)."""
    if not history.valid_id(version_id):
        raise InvalidRequestError(
            f"{version_id!r} is not a version id (v + 10 hex digits; see `memlsp log`)",
            reason="invalid-version",
        )
    for scope in scopes:
        found = history.find(scope, version_id)
        if found is not None:
            return scope, found
    raise NotFoundError(f"no version {version_id} in the history", reason="unknown-version")


def restore_version(
    store: Store,
    scope: Scope,
    version_id: str,
    *,
    days: int,
    now: dt.datetime | None = None,
) -> VersionRestored:
    """Put ``version_id`` back at its path (see the module doc)."""
    now = now or utcnow()
    store.ensure_scope(scope)
    with file_lock(scope.lock_path):
        version = history.find(scope, version_id)
        if version is None:
            raise NotFoundError(f"no version {version_id} in {scope.rel}", reason="unknown-version")
        if not history.within(version, now, days):
            raise VersionRefused(
                f"version {version_id} is older than {days} days (retention.historyDays)",
                reason="version-expired",
            )
        rel = history.check_rel(version.path)
        data = history.read_blob(scope, version)
        target = scope.root / rel
        _refuse_links(scope, target)
        try:
            current = target.read_bytes()
        except FileNotFoundError:
            current = None
        replaced = None
        if current == data:
            action = "unchanged"
        else:
            if current is not None:
                replaced = store.keep_version(
                    scope,
                    target,
                    step="restore",
                    why=f"replaced by restoring {version.id}",
                    after=data,
                    now=now,
                )
            atomic_write(target, data)
            action = "restored"
        if version.step == "forget-best-effort":
            revoke(scope, version.sha256, at=iso(now))
        problem = store.regenerate_index(scope, locked=True)
    return VersionRestored(
        scope.rel, f"{scope.rel}/{rel}", version, action, replaced, index_problem=problem
    )


def _refuse_links(scope: Scope, target) -> None:
    """Never write through a symlink: the note's folder and the note itself must be real."""
    for path in (target.parent, target):
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            if path == target.parent:
                target.parent.mkdir(parents=True, exist_ok=True)
            continue
        if stat_mod.S_ISLNK(st.st_mode) or (path == target and not stat_mod.S_ISREG(st.st_mode)):
            raise VersionRefused(
                f"{path.relative_to(scope.root)} is a symlink or not a regular file",
                reason="symlink",
            )


__all__ = ["VersionRefused", "VersionRestored", "locate", "restore_version"]
