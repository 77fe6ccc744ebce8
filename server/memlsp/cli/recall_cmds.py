"""``memlsp recall`` and ``memlsp eval recall``."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from ..core.errors import MemlspError
from .common import open_service, print_json, text_arg


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "recall",
        help="the notes memory would inject for MESSAGE",
        description=(
            "The notes memory would inject into a chat turn asking MESSAGE. Each run is a "
            "fresh session (nothing is remembered between runs) unless --session NAME is "
            "given: runs with the same NAME share one session, where a note is injected once "
            "and the 60 KB budget is spent. With --json, 'silence' says why nothing was "
            "injected."
        ),
    )
    p.add_argument("message", type=text_arg)
    p.add_argument(
        "--session",
        metavar="NAME",
        help="continue the session NAME (a note already injected in it is not repeated); "
        "default: a fresh session each run",
    )
    p.add_argument("--open", nargs="*", default=[], metavar="FILE", help="files the user has open")
    p.add_argument(
        "--first-turn",
        action="store_true",
        help="score MESSAGE as a chat's first turn (its stricter threshold)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_recall)

    ev = sub.add_parser("eval", help="measure memory quality on a data set (R35)")
    evsub = ev.add_subparsers(dest="eval_command", metavar="WHAT")
    p = evsub.add_parser("recall", help="score recall on a corpus and queries (JSONL)")
    p.add_argument("--corpus", required=True, type=Path)
    p.add_argument("--queries", required=True, type=Path)
    p.add_argument("--json", action="store_true")
    p.add_argument("--by-kind", action="store_true", help="add per-kind numbers")
    p.set_defaults(func=cmd_eval_recall)
    p = evsub.add_parser(
        "scenarios", help="replay chat sessions through extraction, then probe recall (JSONL)"
    )
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--proxy",
        action="store_true",
        help="score on the stored text instead of recall (checks extraction alone)",
    )
    p.add_argument("--only", nargs="*", metavar="ID", help="run only these scenario ids")
    p.set_defaults(func=cmd_eval_scenarios)
    ev.set_defaults(func=lambda args: (ev.print_help(sys.stderr), 2)[1])


def cmd_recall(args: argparse.Namespace) -> int:
    service = open_service()
    files = [str(Path(f).absolute()) for f in args.open]
    result = service.recall(
        args.session,
        args.message,
        open_files=files,
        first_turn=bool(args.first_turn),
        on_purpose=True,
    )
    if args.json:
        print_json(
            {
                "memories": [dataclasses.asdict(m) for m in result.memories],
                "reminder": result.reminder,
                "budgetLeft": result.budget_left,
                "skipped": result.skipped,
                "silence": result.silence,
            }
        )
        return 0
    if not result.memories:
        print(f"(nothing to recall: {result.silence or 'below-threshold'})", file=sys.stderr)
        return 0
    sys.stdout.write(result.reminder)
    return 0


def cmd_eval_recall(args: argparse.Namespace) -> int:
    for path in (args.corpus, args.queries):
        if not path.exists():  # a folder is the data sets' own refusal (bad-data-set)
            raise MemlspError(f"{path}: no such file", reason="not-found")

    def progress(message: str | None = None, percentage: int | None = None) -> None:
        if sys.stderr.isatty():
            print(f"\r{message}", end="", file=sys.stderr, flush=True)

    report = open_service().evaluate_recall(args.corpus, args.queries, progress=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if not args.by_kind:
        report.pop("by_kind")
    if args.json:
        print_json(report)
        return 0
    for key in (
        "queries",
        "recall_at_5",
        "ndcg_at_10",
        "mrr_at_10",
        "silence_rate",
        "p50_ms",
        "p95_ms",
    ):
        print(f"{key:>13}: {report[key]}")
    for kind, metrics in report.get("by_kind", {}).items():
        cells = ", ".join(f"{k}={v}" for k, v in metrics.items())
        print(f"  {kind:<14} {cells}")
    return 0


def cmd_eval_scenarios(args: argparse.Namespace) -> int:
    if not args.file.exists():
        raise MemlspError(f"{args.file}: no such file", reason="not-found")
    report = open_service().evaluate_scenarios(args.file, proxy=args.proxy, ids=args.only or None)
    if args.json:
        print_json(report)
        return 0
    for key in ("recall", "probes_total", "probes_passed", "pass_rate", "never_stored_violations"):
        print(f"{key:>24}: {report.get(key)}")
    print(f"{'failed':>24}: {', '.join(report.get('failed', [])) or '-'}")
    for kind, row in sorted(report.get("by_kind", {}).items()):
        print(f"  {kind:<14} {row.get('probes_passed')}/{row.get('probes_total')}")
    return 0
