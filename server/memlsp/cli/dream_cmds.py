"""Dream commands: ``memlsp dream [--force] [--dry-run] [--json]`` and
``memlsp restore RUN-ID [PATH]`` (SPEC R13, R22, R38). Decodes arguments, calls the core,
prints; progress goes to stderr. The work is the memory service's."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from ..core.runtime import CancelToken, no_progress
from .common import open_service, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "dream",
        help="consolidate the inbox into topic notes (runs when due; --force runs it now)",
    )
    p.add_argument("--force", action="store_true", help="run now even if the gate says not yet")
    p.add_argument(
        "--dry-run", action="store_true", help="print the plan as a diff; change nothing on disk"
    )
    p.add_argument("--global", dest="global_", action="store_true", help="dream the global scope")
    p.add_argument(
        "--scope",
        metavar="SCOPE",
        help="dream another scope folder, e.g. a mounted memory folder (folders/…; see ls)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable result")
    p.set_defaults(func=cmd_dream)

    p = sub.add_parser("restore", help="restore notes a dream soft-deleted (within 30 days)")
    p.add_argument("run_id", metavar="RUN-ID")
    p.add_argument(
        "path",
        metavar="PATH",
        nargs="?",
        help="one scope-relative path (default: all deletions of the run)",
    )
    p.add_argument("--global", dest="global_", action="store_true", help="the run was in global/")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_restore)


def _progress(message: str, percent: int) -> None:
    print(f"[{percent:3d}%] {message}", file=sys.stderr)


def cmd_dream(args: argparse.Namespace) -> int:
    service = open_service()
    scope = service.store.global_scope() if args.global_ else None
    if args.scope:
        found = service.scopes_named(args.scope)
        if len(found) != 1:
            raise MemlspError("--scope names one scope folder", reason="unknown-scope")
        scope = found[0]
    job = service.dream_job(force=args.force, dry_run=args.dry_run, scope=scope)
    result = job.run(CancelToken(), no_progress if args.json else _progress)
    if args.json:
        print_json(result.to_json())
        return 2 if result.reason == "lease-held" else 0
    if result.status == "skipped":
        gate = result.gate
        detail = ""
        if gate is not None:
            hours = "never" if gate.hours_since is None else f"{gate.hours_since:.1f} h ago"
            detail = f" (last dream: {hours}; sessions since: {gate.sessions_since})"
        print(f"dream not run: {result.reason}{detail}; use --force to run it now")
        return 2 if result.reason == "lease-held" else 0
    if result.model_rejected:
        print(
            f"model plan rejected ({result.model_rejected}); used the offline plan", file=sys.stderr
        )
    if result.status == "dry-run":
        sys.stdout.write(result.diff or "")
        print(f"# dry run {result.run_id}: {len(result.applied)} operations; nothing was changed")
        return 0
    before, after = result.counts_before, result.counts_after
    print(
        f"dream {result.run_id}: {len(result.applied)} operations applied; "
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


def cmd_restore(args: argparse.Namespace) -> int:
    scope, result = open_service().restore(args.run_id, args.path, global_=args.global_)
    if args.json:
        print_json(result.to_json())
    else:
        for rel in result.restored:
            print(f"restored {scope.rel}/{rel}")
        if not result.restored:
            print(f"run {args.run_id} deleted nothing; nothing to restore")
    return 0
