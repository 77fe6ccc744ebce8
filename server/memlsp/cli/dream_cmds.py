"""The dream command: ``memlsp dream [--dry-run] [--list] [--json]`` (SPEC R13, R22, R38).
Decodes arguments, calls the memory service, prints; progress goes to stderr. Restoring a
run is ``memlsp restore`` (history_cmds)."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from ..core.runtime import CancelToken, no_progress
from .common import camel_record, open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "dream",
        help="consolidate the inbox into topic notes now (the 24 h / 5-session gate is only "
        "for the automatic dream)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="accepted and ignored: a dream you ask for always runs at once",
    )
    p.add_argument(
        "--dry-run", action="store_true", help="print the plan as a diff; change nothing on disk"
    )
    p.add_argument(
        "--list",
        action="store_true",
        help="list past runs (id, when, operations, archived files) instead of dreaming",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--global", dest="global_", action="store_true", help="dream the global scope"
    )
    where.add_argument(
        "--scope",
        metavar="SCOPE",
        help="dream another scope folder, e.g. a mounted memory folder (folders/…; see ls)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable result")
    p.set_defaults(func=cmd_dream)


def _progress(message: str, percent: int) -> None:
    print(f"[{percent:3d}%] {message}", file=sys.stderr)


def cmd_dream(args: argparse.Namespace) -> int:
    service = open_service()
    if args.list:
        return _list_runs(service, args)
    scope = service.store.global_scope() if args.global_ else None
    if args.scope:
        found = service.scopes_named(args.scope)
        if len(found) != 1:
            raise MemlspError("--scope names one scope folder", reason="unknown-scope")
        scope = found[0]
    job = service.dream_job(dry_run=args.dry_run, scope=scope)  # --force: a no-op alias
    result = job.run(CancelToken(), no_progress if args.json else _progress)
    warn("dream", result.warning)
    if args.json:
        print_json(result.to_json())
        return 2 if result.reason == "lease-held" else 0
    if result.status == "skipped":
        gate = result.gate
        detail = ""
        if gate is not None:
            hours = "never" if gate.hours_since is None else f"{gate.hours_since:.1f} h ago"
            detail = f" (last dream: {hours}; sessions since: {gate.sessions_since})"
        print(f"dream not run: {result.reason}{detail}")
        return 2 if result.reason == "lease-held" else 0
    if result.model_rejected:
        print(
            f"model plan rejected ({result.model_rejected}); used the offline plan", file=sys.stderr
        )
    if result.status == "dry-run":
        sys.stdout.write(result.diff or "")
        print(f"# dry run {result.run_id}: {_operations(result.applied)}; nothing was changed")
        return 0
    before, after = result.counts_before, result.counts_after
    print(
        f"dream {result.run_id}: {_operations(result.applied)} applied; "
        f"topics {before.get('topics', 0)} -> {after.get('topics', 0)}, "
        f"inbox {before.get('inbox', 0)} -> {after.get('inbox', 0)}, "
        f"sessions {before.get('sessions', 0)} -> {after.get('sessions', 0)}"
    )
    for op in result.applied:
        print(
            f"  {op['op']:<7} {op['path']}{' -> ' + op['to'] if op.get('to') else ''}: {op['reason']}"
        )
    for c in result.conflicts:
        print(f"  skipped {c['path']}: {c['why']}")
    if result.requeued:
        print(f"  left in the inbox for the next dream: {', '.join(result.requeued)}")
    if result.deferred:
        print(f"  {result.deferred} consolidations deferred to the next dream (dream.maxDeletes)")
    return 0


def _list_runs(service, args: argparse.Namespace) -> int:
    scope, runs = service.dream_runs(scope="global" if args.global_ else args.scope)
    if args.json:
        print_json({"scope": scope.rel, "runs": [camel_record(r) for r in runs]})
        return 0
    if not runs:
        print(f"no dream runs recorded in {scope.rel}")
        return 0
    print(f"{'RUN':<24} {'WHEN':<21} {'OPS':>4} {'ARCHIVED':>8}  RESTORABLE")
    for run in runs:
        ops = ", ".join(f"{k} {n}" for k, n in sorted(run.ops.items())) or "none"
        print(
            f"{run.run_id:<24} {run.at:<21} {run.operations:>4} {run.archived:>8}  "
            f"{'yes' if run.restorable else 'no'}  ({ops})"
        )
    return 0


def _operations(applied: list) -> str:
    return f"{len(applied)} operation{'' if len(applied) == 1 else 's'}"
