"""``memlsp check``: stale citations of this workspace's notes, for CI and hooks (SPEC R29).

Exit codes: 0 no stale citation (index problems alone do not fail), 1 stale citations
found, 2 refused or invalid. ``--json`` prints ``{"findings": [...], "index_problems":
[...]}`` (documented in docs/reference/cli.md). ``--fix`` applies every rename the check
can offer (moved files, moved symbols), atomically and one note at a time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core.errors import InvalidRequestError
from ..core.service import MOVED_FILE, MOVED_SYMBOL
from .common import open_service, print_json, warn


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check",
        help="check the notes' citations against this workspace (exit 1 when stale)",
        description=(
            "Check every note of this workspace's project scope (topic notes and inbox) for "
            "citations of files and symbols that no longer exist, and the memory index for "
            "problems. Exit 1 when stale citations exist."
        ),
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "--workspace",
        type=Path,
        help="workspace folder (default: the git work tree holding the current directory)",
    )
    p.add_argument(
        "--fix",
        action="store_true",
        help="apply the suggested new paths of moved files and symbols, then report",
    )
    p.set_defaults(func=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    if args.workspace is not None and not args.workspace.is_dir():
        raise InvalidRequestError(f"{args.workspace} is not a folder", reason="not-a-folder")
    # --workspace names a folder; the workspace is the git work tree holding it, as for
    # the current directory (citations are relative to the repository)
    service = open_service(args.workspace)
    root = service.workspace_root()
    # (a workspace without memory: its symbol index is not saved, see Checker)
    checker = service.checker(root)
    report = checker.check_all()
    fixed: list[str] = []
    if args.fix:
        for _ in range(len(report.findings)):
            target = next(
                (
                    f
                    for f in report.findings
                    if f.code in (MOVED_FILE, MOVED_SYMBOL) and f.suggestion
                ),
                None,
            )
            if target is None:
                break
            checker.apply_fix(target.note, target, "rename")
            fixed.append(f"{target.note}: {target.citation.label} -> {target.suggestion}")
            report = checker.report()
    for warning in checker.fix_warnings:
        warn("check", warning)
    if args.json:
        data = report.to_json()
        if args.fix:
            data["fixed"] = fixed
        if checker.fix_warnings:
            data["warning"] = "; ".join(checker.fix_warnings)
        print_json(data)
    else:
        for line in fixed:
            print(f"fixed {line}", file=sys.stderr)
        for f in report.findings:
            hint = f" (fix: {f.suggestion})" if f.suggestion else ""
            print(
                f"{f.note}:{f.range.line + 1}:{f.range.start_cp + 1}: {f.code}: {f.message}{hint}"
            )
        for p in report.index_problems:
            print(f"{p.path}:{p.range.line + 1}: {p.code}: {p.message}")
        print(
            f"{report.notes_checked} notes checked: {len(report.findings)} stale citation(s), "
            f"{len(report.index_problems)} index problem(s)",
            file=sys.stderr,
        )
    return 1 if report.findings else 0
