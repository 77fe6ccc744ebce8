"""``memlsp forget``: verified forget of one note (R24) and best-effort forget (R23).

``memlsp forget PATH --sha256 HEX`` exits 0 when the note is forgotten (or already was),
2 on any refusal, the reason on stderr. ``memlsp forget --matching TEXT`` lists matches;
with ``--yes`` it forgets each through the verified path and exits 1 when some match was
not removed. Decoding and printing only: the work is the memory service's.
"""

from __future__ import annotations

import argparse
import sys

from ..core.errors import MemlspError
from .common import count, not_found, open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "forget",
        help="forget one note (PATH + --sha256) or the notes matching TEXT (--matching)",
        description=(
            "Verified forget: give the note's path as `memlsp ls --json` prints it and the "
            "SHA-256 printed by `memlsp show NAME --hash`. Best-effort forget: --matching TEXT "
            "lists matching notes; add --yes to forget them."
        ),
    )
    p.add_argument(
        "path",
        nargs="?",
        help="the note: home-relative path (global/inbox/x.md), scope-relative path or name",
    )
    p.add_argument("--sha256", help="SHA-256 of the note's bytes as you read them")
    p.add_argument("--matching", metavar="TEXT", help="search notes containing TEXT")
    p.add_argument("--yes", action="store_true", help="with --matching: forget every match")
    p.add_argument(
        "--count",
        type=count,
        metavar="N",
        help="with --matching --yes, when more than 3 notes match: how many were listed",
    )
    p.add_argument(
        "--scope",
        choices=("all", "project", "global"),
        default="all",
        help="with --matching: which scopes to search (default: all)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_forget)


def cmd_forget(args: argparse.Namespace) -> int:
    service = open_service()
    if args.matching is not None:
        if args.path or args.sha256:
            raise MemlspError("give either PATH --sha256 or --matching, not both", reason="usage")
        return _matching(service, args)
    if not args.path or not args.sha256:
        raise MemlspError(
            "verified forget needs PATH and --sha256 (see `memlsp show NAME --hash`)",
            reason="usage",
        )
    try:  # a malformed --sha256 is the service's to refuse (bad-hash), as for LSP and MCP
        result = service.forget(args.path, args.sha256)
    except MemlspError as exc:
        if exc.reason == "not-found" and "/" not in args.path:
            # a name (no folder in it) that names no note: say so, not "not in a scope"
            raise not_found(service, args.path) from exc
        raise
    if args.json:
        print_json(
            {
                "path": result.path,
                "status": result.status,
                "tombstone": result.tombstone,
                "redacted": list(result.redacted),
            }
            | ({"warning": result.warning} if result.warning else {})
        )
    else:
        word = "forgotten" if result.status == "forgotten" else "already forgotten"
        print(f"{word}: {result.path}")
        for path in result.redacted:
            print(f"also removed from: {path}")
    warn("forget", result.warning)
    for name in result.hook_failures:
        print(f"warning: a cache refresh failed after forgetting ({name})", file=sys.stderr)
    return 0


def _matching(service, args: argparse.Namespace) -> int:
    report = service.forget_matching(
        args.matching, scope=args.scope, confirm=args.yes, expect=args.count
    )
    not_searched = (
        "archive/ folders (processed inbox files), files that are not valid notes, "
        "and anything outside the memory home (e.g. what this chat already holds)"
    )
    if args.json:
        print_json(
            {
                "query": report.query,
                "searched": report.searched,
                "notSearched": not_searched,
                "matches": [{"path": e.path, "sha256": e.sha256} for e in report.matches],
                "forgotten": [r.path for r in report.forgotten],
                "redacted": report.redacted,
                "notRemoved": [
                    {"path": p, "reason": r, "message": m} for p, r, m in report.refused
                ],
                "confirmed": args.yes and not report.needs_confirmation,
                "needsConfirmation": report.needs_confirmation,
            }
        )
        if report.needs_confirmation:
            return 2
    else:
        print(f"searched: {', '.join(report.searched) or '(no scopes)'}")
        print(f"not searched: {not_searched}")
        if not report.matches:
            text = args.matching if len(args.matching) <= 80 else f"{args.matching[:77]}…"
            print(f"no note matches {text!r}; nothing removed")
            return 0
        print(f"{len(report.matches)} note(s) match:")
        for e in report.matches:
            print(f"  {e.sha256}  {e.path} — {e.note.description}")
        if not args.yes:
            print("nothing removed; run again with --yes to forget these notes")
            return 0
        if report.needs_confirmation:
            n = len(report.matches)
            print(
                f"nothing removed: {n} notes match, more than a few; check the list above,"
                f" then run again with --yes --count {n} to forget all of them"
            )
            return 2
        for r in report.forgotten:
            print(f"forgotten: {r.path}")
        for path in report.redacted:
            print(f"also removed from: {path}")
        for path, reason, message in report.refused:
            print(f"not removed: {path}: {message} [{reason}]")
        print(
            f"removed {len(report.forgotten)} of {len(report.matches)} matching note(s); "
            f"{len(report.refused)} not removed"
        )
    return 1 if report.refused else 0
