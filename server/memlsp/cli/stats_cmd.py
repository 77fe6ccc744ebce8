"""``memlsp stats``: the local telemetry sink summarised, to judge a rollout (R25, R27)."""

from __future__ import annotations

import argparse
import sys

from .common import open_service, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "stats",
        help="summarise local telemetry: recall injection rate, latency, extraction, dreams",
        description=(
            "Summarise the local telemetry sink (telemetry.enabled must be on for it to "
            "fill) so a team can judge moving the rollout from shadow to on: per recall "
            "entry point the share of turns that chose notes and that injected them, notes "
            "per turn, p50/p95 latency and why turns stayed silent; extraction writes and "
            "refusals by reason; dream runs and operations."
        ),
    )
    p.add_argument("--since", type=float, metavar="DAYS", help="only events of the last DAYS days")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_stats)


def cmd_stats(args: argparse.Namespace) -> int:
    report = open_service().telemetry_stats(args.since)
    if args.json:
        print_json(report)
        return 0
    window = f"last {args.since:g} days" if args.since else "all time"
    print(f"telemetry sink: {report['sink']} ({window})")
    if not report["enabled"]:
        held = "the sink only holds older events" if report["exists"] else "nothing is recorded"
        print(f"telemetry is off: {held} (setting telemetry.enabled; MEMLSP_TELEMETRY_ENABLED=1)")
    if not report["exists"]:
        print("no events yet")
    for ep, label in (("injection", "chat turns"), ("recall", "memlsp recall / tool calls")):
        r = report["recall"][ep]
        print(f"\nrecall, {label}: {r['turns']} turn(s)")
        if not r["turns"]:
            continue
        print(f"  chose notes     {_pct(r['hit_rate'])}   injected {_pct(r['injection_rate'])}")
        print(f"  notes per turn  {r['notes_per_turn']}   per turn with notes {r['notes_per_hit']}")
        print(f"  latency         p50 {r['p50_ms']} ms   p95 {r['p95_ms']} ms")
        print(f"  silent because  {_counts(r['silence'])}")
        print(f"  top score       {_counts(r['top_score'])}")
        print(f"  rollout         {_counts(r['rollout'])}")
    x = report["extraction"]
    print(f"\nextraction: {x['turns']} turn(s), {x['turns_writing']} wrote")
    if x["turns"]:
        print(
            f"  written {x['written']}, updated {x['updated']}, deleted {x['deleted']}, "
            f"held for review {x['held']}, degraded {x['degraded']}"
        )
        print(f"  refused         {_counts(x['refused'])}")
        print(f"  latency         p50 {x['p50_ms']} ms   p95 {x['p95_ms']} ms")
    d = report["dream"]
    print(f"\ndreams: {d['runs']} run(s)  {_counts(d['status'])}")
    if d["runs"]:
        print(f"  operations      {_counts(d['operations'])}   conflicts {d['conflicts']}")
    if report["skipped_lines"]:
        print(f"\n{report['skipped_lines']} unreadable line(s) skipped", file=sys.stderr)
    return 0


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _counts(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "-"
