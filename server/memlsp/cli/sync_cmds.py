"""Team sync (SPEC R40, docs/howto/team-sync.md): ``memlsp sync init REMOTE [--branch B]``,
``memlsp sync [--json]`` and ``memlsp sync status [--json]``. Decodes arguments, calls the
memory service, prints; progress goes to stderr."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.runtime import CancelToken, no_progress
from ..core.service import SYNC_BRANCH
from .common import camel_record, open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "sync",
        help="share this project's memory through a git remote: pull, merge, push "
        "(topic notes and tombstones only)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable result")
    p.set_defaults(func=cmd_sync)
    actions = p.add_subparsers(dest="sync_action", metavar="ACTION")
    init = actions.add_parser(
        "init", help="connect this project's memory to a git remote (created on first sync)"
    )
    init.add_argument("remote", metavar="REMOTE", help="a git URL or path (its own repository, "
                      "or the project's: memory then lives on its own branch)")  # fmt: skip
    init.add_argument(
        "--branch",
        default=SYNC_BRANCH,
        help=f"the branch that holds the memory (default {SYNC_BRANCH})",
    )
    init.add_argument("--json", action="store_true", help="machine-readable result")
    init.set_defaults(func=cmd_init)
    status = actions.add_parser(
        "status", help="what is ahead, behind and in conflict (fetches first)"
    )
    status.add_argument(
        "--offline", action="store_true", help="do not fetch: compare with the last fetch"
    )
    status.add_argument("--json", action="store_true", help="machine-readable result")
    status.set_defaults(func=cmd_status)


def _progress(message: str | None = None, percent: int | None = None) -> None:
    print(f"[{percent or 0:3d}%] {message or ''}", file=sys.stderr)


def cmd_init(args: argparse.Namespace) -> int:
    service = open_service()
    state = service.sync_init(args.remote, branch=args.branch, relative_to=Path.cwd())
    scope = service.project_scope()
    typed = args.remote.strip()
    resolved_from = typed if state.remote != typed else None  # a local path made absolute
    if args.json:
        print_json(
            {
                "scope": scope.rel,
                "remote": state.remote,
                "branch": state.branch,
                "resolvedFrom": resolved_from,
            }
        )
    else:
        print(f"{scope.rel}: syncs with {state.remote} (branch {state.branch})")
        if resolved_from is not None:
            print(f"  {resolved_from} resolved to {state.remote} (a local path is kept absolute)")
        print("run `memlsp sync` to pull, merge and push")
    return 0


def cmd_sync(args: argparse.Namespace) -> int:
    service = open_service()
    job = service.sync_job()
    result = job.run(CancelToken(), no_progress if args.json else _progress)
    warn("sync", result.warning)
    if args.json:
        print_json(result.to_json())
        return 0
    print(
        f"{result.scope}: sent {result.exported} change(s), received {result.imported}, "
        f"removed {result.removed + result.forgotten}"
        + (f", merged {result.merged}" if result.merged else "")
        + (" (pushed)" if result.pushed else "")
    )
    if result.conflicts:
        print(f"  marked for review (kept both versions): {', '.join(result.conflicts)}")
    for item in result.quarantined:
        print(f"  quarantined {item['path']!r}: {item['reason']} (see `memlsp doctor`)")
    if result.held:
        print(f"  not sent (the incoming gate would refuse them): {', '.join(result.held)}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    service = open_service()
    status = service.sync_status(fetch=not args.offline)
    if args.json:
        print_json(_status_record(status))
        return 0
    if not status.configured:
        print(f"{status.scope}: not synced (run `memlsp sync init REMOTE`)")
        return 0
    print(f"{status.scope}: {status.state} — {status.remote} (branch {status.branch})")
    print(
        f"  local changes {status.local_changes}, ahead {status.ahead}, behind {status.behind},"
        f" last sync {status.last_sync or 'never'}"
    )
    if status.conflicts:
        print(f"  marked for review: {', '.join(sorted(status.conflicts))}")
    if status.quarantined:
        print(f"  quarantined: {status.quarantined} (see `memlsp doctor`)")
    if status.error:
        print(f"  could not fetch: {status.error}", file=sys.stderr)
    return 0


def _status_record(status) -> dict:
    """``sync status --json``: the status's fields in camelCase, its ``state`` second."""
    record = camel_record(status)
    return {"scope": record.pop("scope"), "state": status.state, **record}
