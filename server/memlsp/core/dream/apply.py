"""Applying a dream plan atomically and recovering after a crash (SPEC R6, R20, R22, R38).

Apply, all under the scope's flock and after the lease check (fencing):

1. *Materialise* (:mod:`.materialise`): turn each operation into file actions, dropping
   the operations whose files changed since the dream read them.
2. *Journal*: ``.memlsp/journal/<run-id>.json`` lists every action with its staged temp
   name and the hashes before/after, ``status: prepared``.
3. *Stage*: each new file is written and fsynced as a temp file next to its target.
4. *Commit*: the journal is rewritten with ``status: committed`` — the commit point.
5. *Roll forward*: staged files are renamed over their targets, then moves are done,
   the state and audit records are written, the index rebuilt.
6. *Close*: the journal is marked done and removed.

:func:`recover` (run on start-up, and before every dream) takes the flock, so it only
ever sees journals of dead writers: ``prepared`` ones are rolled back (staged files
removed, nothing else was touched), ``committed`` ones are rolled forward. Every step is
idempotent and checks hashes, so a crash during recovery is recovered again, and a file
someone changed between the crash and the recovery is left alone (its operation counts
as a conflict and its inbox sources stay queued). An inbox file is archived only after
the note that absorbs it is in place, so no observation is both archived and missing.

Two environment hooks exist for the crash tests only: ``MEMLSP_FAULT_DELAY_MS`` sleeps
at every step, ``MEMLSP_FAULT_KILL_AT=N`` SIGKILLs the process at step N.

Imports core modules only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import history
from ..fsutil import (
    atomic_append_line,
    atomic_write,
    file_lock,
    fsync_dir,
    guard,
    move,
    remove,
)
from ..lease import break_lease, check
from ..notes import iso
from ..policy.gate import derived_text
from ..state import update_state
from ..store import Scope, Store
from .materialise import ARCHIVE, Action, file_sha, materialise
from .plan import Plan

JOURNAL_DIR = "journal"
AUDIT_NAME = "audit.jsonl"
MAX_RUNS_KEPT = 200

_fault_count = 0


def _fault(label: str) -> None:
    """Crash-test seam between file operations (inert unless the env vars are set)."""
    global _fault_count
    delay = os.environ.get("MEMLSP_FAULT_DELAY_MS")
    kill_at = os.environ.get("MEMLSP_FAULT_KILL_AT")
    if not delay and not kill_at:
        return
    _fault_count += 1
    if kill_at and _fault_count == int(kill_at):
        os.kill(os.getpid(), signal.SIGKILL)
    if delay:
        time.sleep(float(delay) / 1000.0)


def journal_dir(scope: Scope) -> Path:
    return scope.state_dir / JOURNAL_DIR


def journal_path(scope: Scope, run_id: str) -> Path:
    return journal_dir(scope) / f"{run_id}.json"


def _write_journal(scope: Scope, journal: dict[str, Any]) -> None:
    atomic_write(
        journal_path(scope, journal["run_id"]), derived_text(json.dumps(journal, indent=1)) + "\n"
    )


@dataclass
class ApplyOutcome:
    run_id: str
    applied_ops: list[int]
    conflicts: list[dict[str, Any]]
    requeued: list[str]
    moved: list[str]
    written: list[str]
    index_problem: str | None = None  # MEMORY.md could not be regenerated (why)


def apply_plan(
    store: Store,
    scope: Scope,
    plan: Plan,
    base: dict[str, str],
    *,
    run_id: str,
    token: int,
    now: dt.datetime,
    inbox_claimed: set[str],
    planner: str,
    state_patch: dict[str, Any],
) -> ApplyOutcome:
    """Apply ``plan`` all or nothing (see the module docstring). Raises LeaseLost before
    writing anything when the lease was lost."""
    with file_lock(scope.lock_path):
        check(scope, token)  # the fencing point: a lost lease writes nothing at all
        _recover_locked(store, scope)
        mat = materialise(scope, plan, base, run_id=run_id, now=now, inbox_claimed=inbox_claimed)
        deleted = [
            a.target
            for a in mat.actions
            if a.kind == "move"
            and not a.target.startswith("inbox/")
            and plan.operations[a.op].op != "rename"
        ]
        journal = {
            "run_id": run_id,
            "token": token,
            "scope": scope.rel,
            "status": "prepared",
            "created": iso(now),
            "actions": [a.to_json() for a in mat.actions],
            "conflicts": mat.conflicts,
            "state": state_patch,
            "run": {
                "id": run_id,  # the key the forget module reads to recognise archives
                "run_id": run_id,
                "at": iso(now),
                "token": token,
                "planner": planner,
                "archive": f"{ARCHIVE}/{run_id}",
                "moved": [a.target for a in mat.actions if a.kind == "move"],
                "deleted": deleted,
                "ops": _op_counts(plan, mat.applied_ops),
            },
            "audit": {
                "at": iso(now),
                "event": "dream-apply",
                "run_id": run_id,
                "token": token,
                "planner": planner,
                "ops": _op_counts(plan, mat.applied_ops),
                "written": [a.target for a in mat.actions if a.kind == "write"],
                "archived": [a.target for a in mat.actions if a.kind == "move"],
                "deleted": deleted,
                "conflicts": [c["path"] for c in mat.conflicts],
            },
        }
        journal_dir(scope).mkdir(parents=True, exist_ok=True)
        _write_journal(scope, journal)
        _fault("journal-written")
        try:
            for a in mat.actions:
                if a.kind == "write":
                    _stage(scope, a)
                    _fault("staged")
        except BaseException:
            _roll_back(scope, journal)
            raise
        journal["status"] = "committed"
        _write_journal(scope, journal)
        _fault("committed")
        _roll_forward(store, scope, journal)
        return ApplyOutcome(
            run_id,
            mat.applied_ops,
            mat.conflicts + journal.get("late_conflicts", []),
            sorted(set(mat.requeued) | set(journal.get("late_requeued", []))),
            [a.target for a in mat.actions if a.kind == "move"],
            [a.target for a in mat.actions if a.kind == "write"],
            index_problem=journal.get("index_problem"),
        )


def _op_counts(plan: Plan, applied: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for i in applied:
        counts[plan.operations[i].op] = counts.get(plan.operations[i].op, 0) + 1
    return counts


def _stage(scope: Scope, a: Action) -> None:
    tpath = scope.root / a.target
    staged = tpath.parent / (a.staged or "")
    guard(staged)
    tpath.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    try:
        view = memoryview(a.data or b"")
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)


def _roll_back(scope: Scope, journal: dict[str, Any]) -> None:
    for a in journal["actions"]:
        if a["kind"] == "write":
            remove((scope.root / a["target"]).parent.joinpath(a["staged"]), missing_ok=True)
            _fault("rollback-unstaged")
    remove(journal_path(scope, journal["run_id"]), missing_ok=True)
    with contextlib.suppress(OSError):
        fsync_dir(journal_dir(scope))


def _roll_forward(store: Store, scope: Scope, journal: dict[str, Any]) -> None:
    """Finish a committed journal; idempotent, hash-checked at every step."""
    failed: set[int] = set()
    late_conflicts: list[dict[str, Any]] = []
    for a in journal["actions"]:
        if a["kind"] != "write":
            continue
        target = scope.root / a["target"]
        staged = target.parent / a["staged"]
        current = file_sha(target)
        if staged.exists():
            if current in (a.get("old_sha"), a["new_sha"]):
                if a.get("step") and current == a.get("old_sha") != a["new_sha"]:
                    _keep(store, scope, journal, a, target)
                move(staged, target)
                fsync_dir(target.parent)
            else:  # changed by someone after the crash: theirs wins
                remove(staged)
                failed.add(a["op"])
                late_conflicts.append(
                    {"op": a["op"], "path": a["target"], "why": "changed before recovery"}
                )
            _fault("renamed")
        elif current != a["new_sha"]:
            failed.add(a["op"])
            late_conflicts.append({"op": a["op"], "path": a["target"], "why": "staged file lost"})
    late_requeued: list[str] = []
    for a in journal["actions"]:
        if a["kind"] != "move":
            continue
        src, dst = scope.root / a["target"], scope.root / a["dst"]
        if set(a.get("needs", [])) & failed:
            if a["target"].startswith("inbox/"):
                late_requeued.append(a["target"])
            continue
        if src.exists() and file_sha(src) == a.get("old_sha") and not dst.exists():
            guard(src, dst)
            if a.get("step"):
                _keep(store, scope, journal, a, src)
            dst.parent.mkdir(parents=True, exist_ok=True)
            move(src, dst)
            fsync_dir(src.parent)
            fsync_dir(dst.parent)
            _fault("moved")
    journal["late_conflicts"], journal["late_requeued"] = late_conflicts, late_requeued
    run = dict(journal["run"])
    run["conflicts"] = [c["path"] for c in journal.get("conflicts", []) + late_conflicts]
    patch = journal.get("state") or {}

    def merge_state(state: dict) -> None:
        if any(r.get("run_id") == run["run_id"] for r in state.get("runs") or []):
            return  # a repeated roll-forward: the patch is already in
        for key, value in patch.items():
            if key == "sessions_consumed":
                # Sessions that ended while the dream ran still count for the next one.
                left = int(state.get("sessions_since_dream") or 0) - int(value)
                state["sessions_since_dream"] = max(0, left)
            else:
                state[key] = value
        runs = list(state.get("runs") or [])
        runs.append(run)
        state["runs"] = runs[-MAX_RUNS_KEPT:]

    update_state(scope, merge_state, locked=True)
    _fault("state")
    audit = scope.state_dir / AUDIT_NAME
    if not _audited(audit, journal["run_id"]):
        record = dict(journal["audit"])
        if late_conflicts:
            record["conflicts"] = record.get("conflicts", []) + [c["path"] for c in late_conflicts]
        atomic_append_line(
            audit, derived_text(json.dumps(record, ensure_ascii=False, sort_keys=True))
        )
    _fault("audited")
    # the notes are in place: MEMORY.md is derived from them (R5), so a failure to write it
    # is the run's warning, and the run still closes (a recovery would only fail again)
    journal["index_problem"] = store.regenerate_index(scope, locked=True)
    if journal.get("recovered"):
        break_lease(scope, journal["run_id"], locked=True)
    journal["status"] = "done"
    _write_journal(scope, journal)
    _fault("done")
    remove(journal_path(scope, journal["run_id"]), missing_ok=True)
    with contextlib.suppress(OSError):
        fsync_dir(journal_dir(scope))


def _keep(
    store: Store, scope: Scope, journal: dict[str, Any], a: dict[str, Any], file: Path
) -> None:
    """The version a write replaces or a move archives goes to the history first (once:
    a recovery that repeats the step finds it recorded)."""
    run_id = journal["run_id"]
    if journal.get("recovered") and any(
        v.run == run_id and v.path == a["target"] and v.sha256 == a.get("old_sha")
        for v in history.versions(scope, a["target"])
    ):
        return
    # a file archived for an operation that writes a note was folded into that note: the
    # link lets a verified forget of the note purge it too (history.purge)
    into = next(
        (
            w.get("new_sha")
            for w in journal["actions"]
            if w["kind"] == "write" and w["op"] == a["op"]
        ),
        None,
    )
    store.keep_version(
        scope,
        file,
        step=a["step"],
        why=a.get("why") or f"dream run {run_id}",
        after=None if a["kind"] == "move" else (file.parent / a["staged"]).read_bytes(),
        run=run_id,
        into=into if a["kind"] == "move" else None,
    )


def audit_events(scope: Scope, event: str) -> Iterator[dict[str, Any]]:
    """The records of kind ``event`` in ``scope``'s audit log, oldest first; unreadable
    lines (a torn tail, a hand edit) are skipped."""
    try:
        fh = open(scope.state_dir / AUDIT_NAME, encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError:
        return
    with fh:
        for line in fh:
            if f'"{event}"' not in line:
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("event") == event:
                yield record


def _audited(audit: Path, run_id: str) -> bool:
    try:
        with open(audit, encoding="utf-8") as fh:
            return any(f'"run_id": "{run_id}"' in line and "dream-apply" in line for line in fh)
    except FileNotFoundError:
        return False


@dataclass
class RecoveryReport:
    rolled_forward: list[str] = field(default_factory=list)
    rolled_back: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, list[str]]:
        return self.__dict__.copy()


def recover(store: Store, scope: Scope) -> RecoveryReport:
    """Finish or undo any dream a crash interrupted in ``scope`` (idempotent)."""
    if not journal_dir(scope).is_dir():
        return RecoveryReport()
    with file_lock(scope.lock_path):
        return _recover_locked(store, scope)


def recover_all(store: Store) -> dict[str, RecoveryReport]:
    """:func:`recover` for every scope of the home (what the server runs on start-up);
    only scopes where something was done are returned."""
    out = {}
    for scope in store.scopes():
        report = recover(store, scope)
        if report.rolled_forward or report.rolled_back or report.unreadable:
            out[scope.rel] = report
    return out


def _recover_locked(store: Store, scope: Scope) -> RecoveryReport:
    report = RecoveryReport()
    folder = journal_dir(scope)
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except FileNotFoundError:
        return report
    for name in names:
        try:
            journal = json.loads((folder / name).read_text("utf-8"))
            status = journal["status"]
        except (ValueError, KeyError, OSError):
            report.unreadable.append(name)
            continue
        journal["recovered"] = True
        if status == "prepared":
            _roll_back(scope, journal)
            break_lease(scope, journal["run_id"], locked=True)
            report.rolled_back.append(journal["run_id"])
        elif status in ("committed", "done"):
            if status == "committed":
                _roll_forward(store, scope, journal)
            else:
                remove(folder / name, missing_ok=True)
            break_lease(scope, journal["run_id"], locked=True)
            report.rolled_forward.append(journal["run_id"])
    return report


__all__ = [
    "AUDIT_NAME",
    "audit_events",
    "ApplyOutcome",
    "RecoveryReport",
    "apply_plan",
    "journal_dir",
    "journal_path",
    "recover",
    "recover_all",
]
