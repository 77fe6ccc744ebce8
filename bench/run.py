"""Every benchmark that matters for SPEC §13, one table (issue 19, acceptance 6).

    python bench/run.py [--quick] [--json] [--only NAME ...] [--timeout S]

Runs each benchmark of :data:`BENCHES` in its own process with ``--json`` (and ``--quick``
when given), reads the figures it prints — ``{"name", "figures": [{"metric", "value",
"unit", "target", "met", "baselines"?}], "load"}`` — and prints one Markdown table: each
figure, its SPEC target, met or not, and its ratio to the baselines measured in the same
run (keyword-only FTS5 BM25 and a plain MiniLM + FTS5 hybrid, on the same notes and
queries), so the numbers mean something on a loaded machine. A benchmark that needs the
shared eval set skips cleanly without it; one that fails, times out or does not take
``--json`` yet is a row saying so. The machine, the CPU count and the load average before
and after each benchmark head the table. ``--quick`` finishes in under 5 minutes here.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Bench:
    name: str
    script: str
    spec: str  # the SPEC §13 row it speaks to
    args: tuple[str, ...] = ()
    quick_args: tuple[str, ...] = ()


BENCHES = (
    Bench("store", "store_load.py", "cold loads (issue 19)", (), ("--quick",)),
    Bench("recall", "recall_baselines.py", "recall quality and per-turn latency"),
    Bench("extract", "extract_offline.py", "extraction (offline) per turn", (), ("--turns", "60")),
    Bench(
        "citations",
        "citations_lsp.py",
        "start to first diagnostics; citation check",
        (),
        ("--quick",),
    ),
    Bench(
        "responsiveness",
        "lsp_responsiveness.py",
        "editor responsiveness under jobs",
        (),
        ("--quick",),
    ),
    Bench("memory", "memory_rss.py", "memory at 1,000 and 100,000 notes", (), ("--quick",)),
)


@dataclass
class Outcome:
    bench: Bench
    status: str  # "ok", "skipped: ...", "failed: ...", "timed out"
    figures: list[dict] = field(default_factory=list)
    seconds: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)


def run_bench(bench: Bench, *, quick: bool, timeout: float) -> Outcome:
    """One benchmark in its own process; its last JSON line is its figures."""
    cmd = [sys.executable, str(ROOT / "bench" / bench.script), "--json"]
    cmd += list(bench.quick_args if quick else bench.args)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "server"), str(ROOT)]))
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(
            cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return Outcome(bench, f"timed out after {timeout:.0f} s", seconds=timeout)
    took = time.perf_counter() - t0
    found = _last_json(proc.stdout)
    if proc.returncode == 2 and "unrecognized arguments" in proc.stderr:
        return Outcome(bench, "skipped: takes no --json/--quick yet", seconds=took)
    if proc.returncode == 1 and found is not None and found.get("figures"):
        pass  # a benchmark exits 1 when a figure misses its target: the table says which
    elif proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1][:120]
        return Outcome(bench, f"failed (exit {proc.returncode}): {tail}", seconds=took)
    if found is None:
        return Outcome(bench, "skipped: printed no JSON figures", seconds=took)
    if "skipped" in found:
        return Outcome(bench, f"skipped: {found['skipped']}", seconds=took)
    load = tuple(found.get("load") or os.getloadavg())[:3]
    return Outcome(bench, "ok", list(found.get("figures", [])), took, load)  # type: ignore[arg-type]


def _last_json(text: str) -> dict | None:
    for line in reversed(text.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return None


def machine() -> dict:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model or platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "system": f"{platform.system()} {platform.release()}",
    }


def _num(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def _ratios(fig: dict) -> str:
    base = fig.get("baselines") or {}
    value = fig.get("value")
    parts = []
    for name, b in base.items():
        if isinstance(value, int | float) and isinstance(b, int | float) and b:
            parts.append(f"{value / b:.2f}× {name}")
    return ", ".join(parts) or "-"


def table(outcomes: list[Outcome], info: dict) -> str:
    """The Markdown table of every figure (and a row for each bench without figures)."""
    lines = [
        f"Machine: {info['cpu']}, {info['cpus']} CPUs, Python {info['python']}, "
        f"{info['system']}. Load average before: {_load(info['load_before'])}, "
        f"after: {_load(info['load_after'])}. Mode: {info['mode']}.",
        "",
        "| bench | figure | value | SPEC target | met | vs baselines (same run) | load (1m) |",
        "|---|---|---|---|---|---|---|",
    ]
    for o in outcomes:
        if o.status != "ok" or not o.figures:
            lines.append(f"| {o.bench.name} | {o.bench.spec} | - | - | - | {o.status} | - |")
            continue
        for f in o.figures:
            met = {True: "yes", False: "**no**", None: "-"}[f.get("met")]
            value = f"{_num(f.get('value'))} {f.get('unit') or ''}".strip()
            lines.append(
                f"| {o.bench.name} | {f.get('metric')} | {value} | {f.get('target') or '-'} "
                f"| {met} | {_ratios(f)} | {o.load[0]:.1f} |"
            )
    return "\n".join(lines)


def _load(load) -> str:
    return " ".join(f"{x:.2f}" for x in load)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes: under 5 minutes")
    ap.add_argument("--json", action="store_true", help="everything as one JSON object")
    ap.add_argument("--only", action="append", choices=[b.name for b in BENCHES], help="only these")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per benchmark")
    args = ap.parse_args(argv)
    timeout = args.timeout or (200.0 if args.quick else 3600.0)
    chosen = [b for b in BENCHES if not args.only or b.name in args.only]
    info = machine() | {"load_before": os.getloadavg(), "mode": "quick" if args.quick else "full"}
    outcomes = []
    for bench in chosen:
        print(f"running {bench.name} ({bench.script}) …", file=sys.stderr, flush=True)
        outcomes.append(run_bench(bench, quick=args.quick, timeout=timeout))
    info["load_after"] = os.getloadavg()
    if args.json:
        print(
            json.dumps(
                {
                    "machine": info,
                    "benches": [
                        {
                            "name": o.bench.name,
                            "status": o.status,
                            "seconds": round(o.seconds, 1),
                            "load": o.load,
                            "figures": o.figures,
                        }
                        for o in outcomes
                    ],
                }
            )
        )
    else:
        print(table(outcomes, info))
    return 0


if __name__ == "__main__":
    sys.exit(main())
