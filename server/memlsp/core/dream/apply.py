"""Applying a dream plan atomically, recovering after a crash, restoring soft deletes
(SPEC R6, R20, R22, R38).

Apply, all under the scope's flock and after the lease check (fencing):

1. *Materialise*: turn each operation into file actions — ``write`` (the new bytes of a
   topic note) and ``move`` (a source, deleted note or renamed-away file going to
   ``archive/<run-id>/``). An operation whose files changed since the dream read them (a
   user edit, a newer inbox write) or whose new file now exists is dropped: the user's
   version is kept and the inbox files it would have consumed stay queued.
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
import difflib
import hashlib
import json
import os
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import MemlspError
from ..fsutil import atomic_append_line, atomic_write, file_lock, fsync_dir
from ..lease import break_lease, check
from ..notes import Note, iso, parse_note, parse_time
from ..state import read_state, update_state
from ..store import Scope, Store
from .plan import Operation, Plan, is_topic_path

JOURNAL_DIR = "journal"
AUDIT_NAME = "audit.jsonl"
ARCHIVE = "archive"
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


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_sha(path: Path) -> str | None:
    try:
        return sha256(path.read_bytes())
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def archive_path(run_id: str, rel: str) -> str:
    return f"{ARCHIVE}/{run_id}/{rel}"


@dataclass
class Action:
    kind: str  # "write" | "move"
    op: int
    target: str  # write: the note path; move: the source path
    dst: str | None = None  # move: where it goes
    staged: str | None = None  # write: temp file name in the target's folder
    old_sha: str | None = None
    new_sha: str | None = None
    needs: list[int] = field(default_factory=list)  # ops whose write must land first
    data: bytes | None = None  # write: the new bytes (not journaled)

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "data" and v not in (None, [])}
        return out


@dataclass
class Materialised:
    actions: list[Action]
    applied_ops: list[int]
    conflicts: list[dict[str, Any]]  # {"op": i, "path": p, "why": ...}
    requeued: list[str]  # inbox files left for the next dream


def render_target(
    scope: Scope, op: Operation, now: dt.datetime, sources_meta: dict[str, dict]
) -> bytes:
    """The bytes of the note an operation leaves at its target."""
    target = op.target
    stem = target.removesuffix(".md")
    existing_meta: dict[str, Any] = {}
    base_path = scope.root / op.path
    if op.op in ("update", "merge", "rename") and base_path.exists():
        with contextlib.suppress(Exception):
            existing_meta = dict(parse_note(base_path.read_bytes(), stem=Path(op.path).stem).meta)
    meta = dict(existing_meta)
    meta["name"] = stem
    if op.note is not None:
        meta["description"], meta["type"] = op.note.description, op.note.type
        body = op.note.body
    else:  # a plain rename keeps the note as it is
        note = parse_note(base_path.read_bytes(), stem=Path(op.path).stem)
        meta["description"], meta["type"], body = note.description, note.type, note.body
    created = [parse_time(m.get("created")) for m in sources_meta.values()]
    created = [c for c in created if c is not None]
    if not meta.get("created"):
        meta["created"] = iso(min(created)) if created else iso(now)
    meta["updated"] = iso(now)
    meta.setdefault("source", "dream")
    refs = list(meta.get("refs") or []) if isinstance(meta.get("refs"), list) else []
    for m in sources_meta.values():
        for ref in m.get("refs") or []:
            if isinstance(ref, dict) and ref not in refs:
                refs.append(ref)
    if refs:
        meta["refs"] = refs
    note = Note(
        name=stem,
        description=meta["description"],
        type=meta["type"],
        body=body,
        meta={k: v for k, v in meta.items() if k not in ("name", "description", "type")},
    )
    return note.render().encode("utf-8")


def _meta_of(path: Path) -> dict:
    try:
        return dict(parse_note(path.read_bytes(), stem=path.stem).meta)
    except Exception:
        return {}


def materialise(
    scope: Scope,
    plan: Plan,
    base: dict[str, str],
    *,
    run_id: str,
    now: dt.datetime,
    inbox_claimed: set[str],
) -> Materialised:
    """File actions for every operation whose files are as the dream read them."""
    actions: list[Action] = []
    applied: list[int] = []
    conflicts: list[dict[str, Any]] = []
    requeued: list[str] = []
    for i, op in enumerate(plan.operations):
        why = None
        for p in [op.path, *op.sources]:
            if op.op in ("create",) and p == op.path:
                continue
            if op.op == "merge" and p == op.path and p not in base:
                continue  # a merge into a new file
            current = file_sha(scope.root / p)
            if current is None or current != base.get(p):
                why = f"{p} changed since the dream read it" if current else f"{p} disappeared"
                break
        new_files = (
            [op.path] if op.op == "create" or (op.op == "merge" and op.path not in base) else []
        )
        if op.op == "rename" and op.to:
            new_files.append(op.to)
        for p in new_files:
            if why is None and (scope.root / p).exists():
                why = f"{p} was created meanwhile"
        if why is not None:
            conflicts.append({"op": i, "path": op.path, "why": why})
            requeued += [s for s in op.sources if s in inbox_claimed]
            continue
        applied.append(i)
        if op.op in ("create", "update", "merge", "rename"):
            sources_meta = {s: _meta_of(scope.root / s) for s in op.sources}
            data = render_target(scope, op, now, sources_meta)
            target = op.target
            tpath = scope.root / target
            staged = f".{tpath.name}.{run_id}.dream.tmp"
            old = base.get(target) if target == op.path else None
            actions.append(
                Action(
                    "write", i, target, staged=staged, old_sha=old, new_sha=sha256(data), data=data
                )
            )
        moving = list(op.sources)
        if op.op in ("delete", "rename"):
            moving.append(op.path)
        for s in moving:
            actions.append(
                Action(
                    "move",
                    i,
                    s,
                    dst=archive_path(run_id, s),
                    old_sha=base.get(s),
                    needs=[i] if op.op != "delete" else [],
                )
            )
    return Materialised(actions, applied, conflicts, sorted(set(requeued)))


# ---- dry-run diff ---------------------------------------------------------------------


def render_diff(scope: Scope, plan: Plan, mat: Materialised) -> str:
    out: list[str] = []
    for c in mat.conflicts:
        out.append(f"# skipped operation {c['op']} ({c['path']}): {c['why']}")
    for i in mat.applied_ops:
        op = plan.operations[i]
        out.append(f"# {op.op} {op.path}{' -> ' + op.to if op.to else ''}: {op.reason}")
        out.append(f"#   evidence: {', '.join(op.evidence)}")
        for a in mat.actions:
            if a.op != i:
                continue
            if a.kind == "write":
                old_file = scope.root / a.target
                old = old_file.read_text("utf-8") if a.old_sha and old_file.exists() else ""
                new = (a.data or b"").decode("utf-8")
                out.extend(
                    difflib.unified_diff(
                        old.splitlines(keepends=True),
                        new.splitlines(keepends=True),
                        fromfile=f"a/{a.target}" if old else "/dev/null",
                        tofile=f"b/{a.target}",
                    )
                )
            else:
                out.append(f"rename from {a.target}\nrename to {a.dst}\n")
    text = "".join(line if line.endswith("\n") else line + "\n" for line in out)
    return text


# ---- journal --------------------------------------------------------------------------


def journal_dir(scope: Scope) -> Path:
    return scope.state_dir / JOURNAL_DIR


def journal_path(scope: Scope, run_id: str) -> Path:
    return journal_dir(scope) / f"{run_id}.json"


def _write_journal(scope: Scope, journal: dict[str, Any]) -> None:
    atomic_write(journal_path(scope, journal["run_id"]), json.dumps(journal, indent=1) + "\n")


@dataclass
class ApplyOutcome:
    run_id: str
    applied_ops: list[int]
    conflicts: list[dict[str, Any]]
    requeued: list[str]
    moved: list[str]
    written: list[str]


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
        )


def _op_counts(plan: Plan, applied: list[int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for i in applied:
        counts[plan.operations[i].op] = counts.get(plan.operations[i].op, 0) + 1
    return counts


def _stage(scope: Scope, a: Action) -> None:
    tpath = scope.root / a.target
    staged = tpath.parent / (a.staged or "")
    tpath.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
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
            with contextlib.suppress(FileNotFoundError):
                (scope.root / a["target"]).parent.joinpath(a["staged"]).unlink()
            _fault("rollback-unstaged")
    journal_path(scope, journal["run_id"]).unlink(missing_ok=True)
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
                os.replace(staged, target)
                fsync_dir(target.parent)
            else:  # changed by someone after the crash: theirs wins
                staged.unlink()
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
            dst.parent.mkdir(parents=True, exist_ok=True)
            os.replace(src, dst)
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
        atomic_append_line(audit, json.dumps(record, ensure_ascii=False, sort_keys=True))
    _fault("audited")
    store.rebuild_index(scope, locked=True)
    if journal.get("recovered"):
        break_lease(scope, journal["run_id"], locked=True)
    journal["status"] = "done"
    _write_journal(scope, journal)
    _fault("done")
    journal_path(scope, journal["run_id"]).unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        fsync_dir(journal_dir(scope))


def _audited(audit: Path, run_id: str) -> bool:
    try:
        with open(audit, encoding="utf-8") as fh:
            return any(f'"run_id": "{run_id}"' in line and "dream-apply" in line for line in fh)
    except FileNotFoundError:
        return False


# ---- recovery -------------------------------------------------------------------------


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
                (folder / name).unlink(missing_ok=True)
            break_lease(scope, journal["run_id"], locked=True)
            report.rolled_forward.append(journal["run_id"])
    return report


# ---- restore and archive expiry -------------------------------------------------------


class RestoreError(MemlspError):
    reason = "restore-refused"


@dataclass
class RestoreResult:
    run_id: str
    restored: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"runId": self.run_id, "restored": self.restored}


def known_run(scope: Scope, run_id: str) -> dict[str, Any] | None:
    for run in read_state(scope).get("runs") or []:
        if run.get("run_id") == run_id:
            return run
    return None


def restore(
    store: Store,
    scope: Scope,
    run_id: str,
    path: str | None = None,
    *,
    now: dt.datetime | None = None,
    soft_delete_days: int = 30,
) -> RestoreResult:
    """Put soft-deleted notes of ``run_id`` back (all its deletions, or one ``path``,
    which may also be a processed inbox file). Refuses unknown or expired runs and paths
    whose original place is taken."""
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
            wanted = [path]
        else:
            # Everything the run deleted that is still in its archive (some may have been
            # restored one by one already).
            wanted = [
                rel
                for rel in run.get("deleted") or []
                if (scope.root / archive_path(run_id, rel)).exists()
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
            dst.parent.mkdir(parents=True, exist_ok=True)
            os.replace(src, dst)
            fsync_dir(dst.parent)
            restored.append(rel)
        atomic_append_line(
            scope.state_dir / AUDIT_NAME,
            json.dumps(
                {"at": iso(now), "event": "dream-restore", "run_id": run_id, "restored": restored},
                sort_keys=True,
            ),
        )
        store.rebuild_index(scope, locked=True)
    return RestoreResult(run_id, restored)


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
            shutil.rmtree(folder)
        purged.append(run["run_id"])
    if purged:

        def mark(state: dict) -> None:
            for run in state.get("runs") or []:
                if run.get("run_id") in purged:
                    run["purged"] = True

        update_state(scope, mark, locked=True)
    return purged


__all__ = [
    "ApplyOutcome",
    "RecoveryReport",
    "RestoreError",
    "RestoreResult",
    "apply_plan",
    "is_topic_path",
    "materialise",
    "purge_archives",
    "recover",
    "recover_all",
    "render_diff",
    "restore",
]
