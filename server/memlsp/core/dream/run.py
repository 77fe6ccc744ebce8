"""The dream's entry point (SPEC R13, R20–R22, R38): gate, lease, snapshot, the four
phases, then an atomic apply.

``dream()`` is a plain blocking function with the core's job convention
(:mod:`memlsp.core.runtime`): a :class:`~memlsp.core.runtime.CancelToken` checked between
phases (once the plan is committed it runs to the end) and a
:class:`~memlsp.core.runtime.ProgressSink` told ``(message, percentage)``. It never writes
anything in dry-run mode — not even the lease.

Imports core modules only.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..fsutil import guard
from ..lease import LeaseHeldError, acquire, release, renew
from ..notes import iso, parse_time, utcnow
from ..records import index_warning
from ..runtime import Cancelled, CancelToken, ProgressSink, no_progress
from ..settings import Settings, load_settings
from ..state import read_state
from ..store import SECTIONS, Scope, Store
from .apply import apply_plan, recover
from .gate import GateDecision, should_dream
from .gather import GatherResult, gather, open_questions, session_time
from .materialise import ARCHIVE, materialise, render_diff, sha256
from .model_planner import ModelPlanner
from .plan import Plan, PlanInvalid, PlanRefused, PlanView, check_plan, enforce_cap, validate_plan
from .planner import DateFn, OfflinePlanner, PlanContext
from .restore import purge_archives
from .scrub import scrub_scope
from .similarity import Similarity


class DreamCancelled(Cancelled):
    """The dream was cancelled at a safe point: nothing was changed."""


@dataclass
class DreamResult:
    status: str  # "applied" | "dry-run" | "skipped"
    run_id: str | None = None
    reason: str | None = None  # why it was skipped (gate or lease)
    gate: GateDecision | None = None
    planner: str | None = None
    model_rejected: str | None = None  # why a model plan was rejected (offline plan used)
    plan: Plan | None = None
    applied: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    requeued: list[str] = field(default_factory=list)
    claimed: list[dict[str, str]] = field(default_factory=list)
    counts_before: dict[str, int] = field(default_factory=dict)
    counts_after: dict[str, int] = field(default_factory=dict)
    diff: str | None = None
    gathered: dict[str, Any] = field(default_factory=dict)
    deferred: int = 0
    purged_archives: list[str] = field(default_factory=list)
    recovered: dict[str, list[str]] = field(default_factory=dict)
    scrubbed: list[str] = field(default_factory=list)  # notes rewritten redacted first
    index_problem: str | None = None  # applied, but MEMORY.md could not be regenerated

    @property
    def warning(self) -> str | None:
        return index_warning(self.index_problem, "the dream is applied")

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "runId": self.run_id,
            "reason": self.reason,
            "gate": self.gate.to_json() if self.gate else None,
            "planner": self.planner,
            "modelRejected": self.model_rejected,
            "plan": self.plan.to_json() if self.plan else None,
            "applied": self.applied,
            "conflicts": self.conflicts,
            "requeued": self.requeued,
            "claimed": self.claimed,
            "countsBefore": self.counts_before,
            "countsAfter": self.counts_after,
            "diff": self.diff,
            "gathered": self.gathered,
            "deferred": self.deferred,
            "purgedArchives": self.purged_archives,
            "recovered": self.recovered,
        } | ({"warning": self.warning} if self.warning else {})


def counts(scope: Scope) -> dict[str, int]:
    out = {}
    for key, folder in (
        ("topics", scope.root),
        ("inbox", scope.root / "inbox"),
        ("sessions", scope.root / "sessions"),
    ):
        try:
            names = os.listdir(folder)
        except (FileNotFoundError, NotADirectoryError):
            names = []
        out[key] = sum(
            1 for n in names if n.endswith(".md") and not n.startswith(".") and n != "MEMORY.md"
        )
    return out


def new_run_id(now: dt.datetime) -> str:
    return now.astimezone(dt.UTC).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(3)


def _checkpoint(cancel: CancelToken | None, run_id: str) -> None:
    """A safe point: stop here (nothing changed yet) when cancellation was requested."""
    if cancel is None:
        return
    try:
        cancel.check()
    except Cancelled as exc:
        raise DreamCancelled(f"dream {run_id} cancelled before it changed anything") from exc


def dream(
    store: Store,
    scope: Scope,
    *,
    now: dt.datetime | None = None,
    force: bool = False,
    dry_run: bool = False,
    planner: Any = None,
    progress: ProgressSink | None = None,
    cancel: CancelToken | None = None,
    settings: Settings | None = None,
    similarity: Similarity | None = None,
    date_fn: DateFn | None = None,
) -> DreamResult:
    """Consolidate ``scope``'s inbox into topic notes; see docs/explanation/dream.md.

    ``planner``: None (the offline planner), an :class:`OfflinePlanner`, a
    :class:`ModelPlanner` (its plan is validated strictly; a rejected one falls back to
    the offline plan and the rejection is reported), or any callable ``(PlanContext) ->
    plan JSON``. ``cancel`` is checked between phases (:class:`DreamCancelled`);
    ``progress`` hears each phase with its percentage.
    """
    settings = settings or load_settings()
    now = now or utcnow()
    say = progress or no_progress
    # nothing read, moved or written through a link inside the home (doctor names it)
    guard(*(scope.root / s / "x" for s in SECTIONS), scope.state_dir / "x", scope.root / ARCHIVE)
    result = DreamResult(status="skipped", counts_before=counts(scope))
    if not dry_run and scope.root.is_dir():
        result.recovered = recover(store, scope).to_json()
    gate = should_dream(scope, now, settings=settings)
    result.gate = gate
    if not force and not gate.due:
        result.reason = gate.reason
        result.counts_after = result.counts_before
        return result
    run_id = new_run_id(now)
    result.run_id = run_id
    lease = None
    ttl = settings.dream.lease_seconds
    if not dry_run:
        store.ensure_scope(scope)
        # Secrets and invisible characters never travel into merged notes, the archive or
        # the index: notes that arrived holding them are rewritten redacted first (before
        # the lease, whose clock should not pay for it).
        result.scrubbed = scrub_scope(scope)
        try:
            lease = acquire(scope, run_id=run_id, ttl_s=ttl)
        except LeaseHeldError as exc:
            result.reason = exc.reason
            result.counts_after = result.counts_before
            return result
    try:
        return _run(
            store,
            scope,
            result,
            lease,
            now=now,
            dry_run=dry_run,
            planner=planner,
            say=say,
            cancel=cancel,
            settings=settings,
            similarity=similarity,
            date_fn=date_fn,
            sessions_counted=int(read_state(scope).get("sessions_since_dream") or 0),
        )
    finally:
        if lease is not None:
            release(scope, lease)


def _run(
    store: Store,
    scope: Scope,
    result: DreamResult,
    lease: Any,
    *,
    now: dt.datetime,
    dry_run: bool,
    planner: Any,
    say: ProgressSink,
    cancel: CancelToken | None,
    settings: Settings,
    similarity: Similarity | None,
    date_fn: DateFn | None,
    sessions_counted: int,
) -> DreamResult:
    run_id = result.run_id or ""
    ttl = settings.dream.lease_seconds

    def step(message: str, percent: int) -> None:
        _checkpoint(cancel, run_id)
        say(message, percent)

    # orient: read the notes and the index; claim the inbox snapshot (R21).
    step("orient: reading notes", 5)
    scan = store.scan(scope, fresh=bool(result.scrubbed))
    topics = [e for e in scan.entries if e.section == ""]
    inbox = [e for e in scan.entries if e.section == "inbox"]
    result.claimed = [{"path": e.rel_in_scope, "sha256": e.sha256} for e in inbox]
    base = {e.rel_in_scope: e.sha256 for e in topics + inbox}
    sessions_dir = scope.root / "sessions"
    all_sessions: list[str] = []
    expired: list[str] = []
    cutoff = now - dt.timedelta(days=settings.retention.session_days)
    if sessions_dir.is_dir():
        for name in sorted(os.listdir(sessions_dir)):
            if not name.endswith(".md") or name.startswith("."):
                continue
            rel = f"sessions/{name}"
            all_sessions.append(rel)
            when = session_time(sessions_dir / name)
            if when is not None and when < cutoff:
                expired.append(rel)
                base[rel] = sha256((sessions_dir / name).read_bytes())
    if lease is not None:
        lease = renew(scope, lease, ttl_s=ttl, paths=[c["path"] for c in result.claimed])
    index_text = store.index_text(scope)

    # gather: targeted searches of recent session records for the inbox's open questions.
    step("gather: searching recent session records", 25)
    questions = open_questions(
        (e.rel_in_scope, f"{e.note.description}\n{e.note.body}") for e in inbox
    )
    last = read_state(scope).get("last_dream")
    since = (parse_time(last) if last else None) or now - dt.timedelta(days=30)
    gathered: GatherResult = gather(scope.root, questions, since=since)
    result.gathered = {
        "questions": [q.path for q in gathered.questions],
        "findings": [f.to_json() for f in gathered.findings],
        "bytesRead": gathered.bytes_read,
        "filesSearched": gathered.files_searched,
    }

    # consolidate: a plan, validated whole.
    step("consolidate: planning", 45)
    ctx = PlanContext(
        now=now,
        topics=topics,
        inbox=inbox,
        expired_sessions=expired,
        index_text=index_text,
        findings=gathered.findings,
        max_deletes=settings.dream.max_deletes,
    )
    view = PlanView(
        topics={e.rel_in_scope for e in topics},
        inbox={e.rel_in_scope for e in inbox},
        sessions=set(all_sessions),
        expired_sessions=set(expired),
        max_deletes=settings.dream.max_deletes,
    )
    extra = [f.session for f in gathered.findings]
    offline = planner if isinstance(planner, OfflinePlanner) else OfflinePlanner()
    if similarity is not None:
        offline.similarity = similarity
    if date_fn is not None:
        offline.date_fn = date_fn
    plan: Plan | None = None
    if planner is not None and not isinstance(planner, OfflinePlanner):
        try:
            raw = planner.plan(ctx) if isinstance(planner, ModelPlanner) else planner(ctx)
            plan = validate_plan(raw, view, extra_evidence=extra)
            result.planner = getattr(planner, "name", "model")
        except (PlanInvalid, PlanRefused) as exc:
            result.model_rejected = f"{exc.reason}: {exc}"
        except Exception as exc:  # a failed model call means no model plan this run
            result.model_rejected = f"model-failed: {type(exc).__name__}: {exc}"
    if plan is None:
        plan = offline.plan(ctx)
        errors = check_plan(plan, view, extra_evidence=extra)
        if errors:
            raise PlanInvalid(
                "the offline plan failed validation: " + "; ".join(errors[:5]), errors=errors
            )
        enforce_cap(plan, settings.dream.max_deletes)
        result.planner = offline.name
        result.deferred = offline.deferred
    result.plan = plan

    # prune + apply: all or nothing.
    step("prune: applying the plan" if not dry_run else "dry run: computing the diff", 70)
    claimed_paths = {c["path"] for c in result.claimed}
    if dry_run:
        mat = materialise(scope, plan, base, run_id=run_id, now=now, inbox_claimed=claimed_paths)
        result.status = "dry-run"
        result.diff = render_diff(scope, plan, mat)
        result.applied = [plan.operations[i].to_json() for i in mat.applied_ops]
        result.conflicts = mat.conflicts
        result.requeued = mat.requeued
        result.counts_after = result.counts_before
        say("dry run done", 100)
        return result
    touched = sorted({p for op in plan.operations for p in op.touched()} | claimed_paths)
    lease = renew(scope, lease, ttl_s=ttl, paths=touched)
    _checkpoint(cancel, run_id)
    outcome = apply_plan(
        store,
        scope,
        plan,
        base,
        run_id=run_id,
        token=lease.token,
        now=now,
        inbox_claimed=claimed_paths,
        planner=result.planner or "offline",
        state_patch={
            "last_dream": iso(now),
            "last_run_id": run_id,
            "sessions_consumed": sessions_counted,
        },
    )
    result.status = "applied"
    result.applied = [plan.operations[i].to_json() for i in outcome.applied_ops]
    result.conflicts = outcome.conflicts
    result.requeued = outcome.requeued
    result.index_problem = outcome.index_problem
    say("prune: expiring old archives", 90)
    result.purged_archives = purge_archives(
        scope, now=now, soft_delete_days=settings.retention.soft_delete_days
    )
    result.counts_after = counts(scope)
    say("done", 100)
    return result


__all__ = ["DreamCancelled", "DreamResult", "counts", "dream", "new_run_id"]
