"""Restoring a dream's soft deletes and expiring its archives (SPEC R20, R38).

A dream moves what it replaced or deleted to ``archive/<run-id>/`` and records the run in
``state.json``. :func:`restore` puts a run's archived files (or one of them) back while
the run is inside ``retention.softDeleteDays``; :func:`purge_archives` hard-deletes the
archives of older runs (the dream's prune phase).

Imports core modules only.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from dataclasses import dataclass, field
from typing import Any

from ..errors import MemlspError
from ..fsutil import atomic_append_line, file_lock, fsync_dir, guard, move
from ..notes import iso, parse_time
from ..records import index_warning
from ..state import read_state, update_state
from ..store import Scope, Store
from .apply import AUDIT_NAME, audit_events
from .materialise import ARCHIVE, archive_path


class RestoreError(MemlspError):
    reason = "restore-refused"


@dataclass
class RestoreResult:
    run_id: str
    restored: list[str]
    already_restored: list[str] = field(default_factory=list)
    index_problem: str | None = None  # restored, but MEMORY.md could not be regenerated

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the notes are restored")

    def to_json(self) -> dict[str, Any]:
        return {
            "runId": self.run_id,
            "restored": self.restored,
            "alreadyRestored": self.already_restored,
        } | ({"warning": self.warning} if self.warning else {})


def known_run(scope: Scope, run_id: str) -> dict[str, Any] | None:
    for run in read_state(scope).get("runs") or []:
        if run.get("run_id") == run_id:
            return run
    return None


def restored_before(scope: Scope, run_id: str, rel: str) -> bool:
    """Whether an earlier restore of ``run_id`` put ``rel`` back (the scope's audit log)."""
    return any(
        e.get("run_id") == run_id and rel in (e.get("restored") or [])
        for e in audit_events(scope, "dream-restore")
    )


def restore(
    store: Store,
    scope: Scope,
    run_id: str,
    path: str | None = None,
    *,
    now: dt.datetime | None = None,
    soft_delete_days: int = 30,
) -> RestoreResult:
    """Put back what ``run_id`` moved to its archive: every file (the inbox files it
    consumed and the notes it soft-deleted), or one ``path``. Refuses unknown or expired
    runs and paths whose original place is taken."""
    now = now or dt.datetime.now(dt.UTC)
    with file_lock(scope.lock_path):
        run = known_run(scope, run_id)
        if run is None:
            raise RestoreError(
                f"no dream run {run_id!r} is recorded in this scope", reason="unknown-run"
            )
        at = parse_time(run.get("at"))
        if at is not None and now - at > dt.timedelta(days=soft_delete_days):
            raise RestoreError(
                f"run {run_id} is older than {soft_delete_days} days (retention.softDeleteDays)",
                reason="restore-expired",
            )
        if run.get("purged"):
            raise RestoreError(
                f"the archive of run {run_id} was already purged", reason="restore-expired"
            )
        if path is not None:
            path = path.removeprefix(f"{ARCHIVE}/{run_id}/")
            if path not in (run.get("moved") or []):
                raise RestoreError(
                    f"{path} is not in the archive of run {run_id}", reason="not-in-archive"
                )
            if not (scope.root / archive_path(run_id, path)).exists() and restored_before(
                scope, run_id, path
            ):
                return RestoreResult(run_id, [], [path])
            wanted = [path]
        else:
            # Everything the run archived that is still in its archive (some may have been
            # restored one by one already, or forgotten there).
            wanted = [
                rel
                for rel in run.get("moved") or []
                if isinstance(rel, str) and (scope.root / archive_path(run_id, rel)).exists()
            ]
        restored = []
        for rel in wanted:
            src, dst = scope.root / archive_path(run_id, rel), scope.root / rel
            if not src.exists():
                raise RestoreError(
                    f"{archive_path(run_id, rel)} is missing", reason="not-in-archive"
                )
            if dst.exists():
                raise RestoreError(
                    f"{rel} exists again; move it away first", reason="restore-conflict"
                )
        for rel in wanted:
            src, dst = scope.root / archive_path(run_id, rel), scope.root / rel
            guard(src, dst)
            dst.parent.mkdir(parents=True, exist_ok=True)
            move(src, dst)
            fsync_dir(dst.parent)
            restored.append(rel)
        atomic_append_line(
            scope.state_dir / AUDIT_NAME,
            json.dumps(
                {"at": iso(now), "event": "dream-restore", "run_id": run_id, "restored": restored},
                sort_keys=True,
            ),
        )
        problem = store.regenerate_index(scope, locked=True)
    return RestoreResult(run_id, restored, index_problem=problem)


def purge_archives(
    scope: Scope, *, now: dt.datetime, soft_delete_days: int, locked: bool = False
) -> list[str]:
    """Hard-delete archives of runs older than the soft-delete window (prune phase)."""
    if not locked:
        with file_lock(scope.lock_path):
            return purge_archives(scope, now=now, soft_delete_days=soft_delete_days, locked=True)
    purged: list[str] = []
    for run in read_state(scope).get("runs") or []:
        at = parse_time(run.get("at"))
        if run.get("purged") or at is None or now - at <= dt.timedelta(days=soft_delete_days):
            continue
        folder = scope.root / ARCHIVE / run["run_id"]
        if folder.is_dir():
            guard(folder)  # rmtree itself never follows a link below it
            shutil.rmtree(folder)
        purged.append(run["run_id"])
    if purged:

        def mark(state: dict) -> None:
            for run in state.get("runs") or []:
                if run.get("run_id") in purged:
                    run["purged"] = True

        update_state(scope, mark, locked=True)
    return purged


__all__ = ["RestoreError", "RestoreResult", "known_run", "purge_archives", "restore"]
