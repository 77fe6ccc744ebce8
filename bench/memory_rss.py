"""Resident memory of a recalling process at 1,000 and 100,000 notes (issue 19, acc. 4).

    python bench/memory_rss.py [--sizes 1000 100000] [--trace] [--json] [--quick]

Each size runs in a fresh process (RSS only grows within one): a temporary memory home of
``n`` notes in one project (the texts of ``recall_latency.py``), a :class:`Recaller` whose
index is built (note vectors pooled as in ``recall_latency.py``, the query embedded by the
real model), 20 recalls; then VmRSS and the peak VmHWM. ``--trace`` adds tracemalloc's
top allocation sites (Python objects only: the model's and SQLite's native memory are in
RSS, not in the trace). Target: ≤ 1 GB at 100,000 notes. ``--quick``: 1,000 only.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 1024


def status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_size(n: int, trace: bool) -> dict:
    """Build, recall and measure in this process."""
    import random
    import tracemalloc

    from memlsp.core.recall import recaller_for
    from memlsp.core.retrieval.embedders import load_embedder
    from memlsp.core.store import Store

    from bench.recall_latency import PoolEmbedder, load_texts, write_notes

    notes, queries = load_texts()
    real = load_embedder(None)
    pool = PoolEmbedder(real, [f"{d}\n{b}" for _, d, b in notes[:200]])
    with tempfile.TemporaryDirectory(prefix="memlsp-rss-") as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir()
        recaller = recaller_for(Store(home), work, embedder=pool, rescan_s=2.0)
        write_notes(Store(home), recaller.project, notes, n)
        base = status_mb("VmRSS")
        if trace:
            tracemalloc.start(1)
        t0 = time.perf_counter()
        recaller.refresh(force=True)
        build_s = time.perf_counter() - t0
        pool.building = False
        rnd = random.Random(1)
        for q in rnd.sample(queries, min(20, len(queries))):
            recaller.recall(f"s{rnd.random()}", q, record=False)
        out = {
            "notes": n,
            "rss_mb": round(status_mb("VmRSS")),
            "peak_mb": round(status_mb("VmHWM")),
            "before_build_mb": round(base),
            "build_s": round(build_s, 1),
        }
        if trace:
            snap = tracemalloc.take_snapshot()
            top = snap.statistics("lineno")[:12]
            out["python_mb"] = round(sum(s.size for s in snap.statistics("filename")) / 2**20)
            out["top"] = [
                f"{s.size / 2**20:7.1f} MB {s.count:>8} {s.traceback[0].filename.split('/server/')[-1]}:{s.traceback[0].lineno}"
                for s in top
            ]
        return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=None)
    ap.add_argument("--trace", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # the child process
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(one_size(args.one, args.trace)))
        return 0
    sizes = args.sizes or ([1000] if args.quick else [1000, 100_000])
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'server'}{os.pathsep}{ROOT}")
    results = []
    for n in sizes:
        cmd = [sys.executable, __file__, "--one", str(n)] + (["--trace"] if args.trace else [])
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            print(proc.stderr[-2000:], file=sys.stderr)
            return 1
        results.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    figures = [
        {
            "metric": f"RSS after index build + recall, {r['notes']:,} notes",
            "value": r["rss_mb"],
            "unit": "MB",
            "target": f"<= {TARGET_MB}" if r["notes"] >= 100_000 else None,
            "met": r["rss_mb"] <= TARGET_MB if r["notes"] >= 100_000 else None,
        }
        for r in results
    ]
    if args.json:
        print(
            json.dumps(
                {
                    "name": "memory",
                    "figures": figures,
                    "load": list(os.getloadavg()),
                    "raw": results,
                }
            )
        )
        return 0
    for r in results:
        print(
            f"{r['notes']:>7} notes: RSS {r['rss_mb']} MB (peak {r['peak_mb']} MB, "
            f"{r['before_build_mb']} MB before the index build), build {r['build_s']} s"
        )
        for line in r.get("top", []):
            print("   ", line)
    print(f"load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "server"))
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
