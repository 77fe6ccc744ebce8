"""Recall latency at 200, 1,000, 10,000 and 100,000 notes (issue 3, acceptance 2).

Prints, per memory size: p50/p95 of ``Recaller.recall`` (embedding the chat message
included, the same call a chat turn makes), the index build time (a first ``refresh`` over
the note files), the incremental update time (one note rewritten, then a refresh), and the
resident memory (RSS) with the model loaded; then the cold start of a fresh
``python -m memlsp recall "..."`` process on a 1,000-note home whose index is built.

    python bench/recall_latency.py [--sizes 200 1000 10000 100000] [--queries 60] [--repeat 3]

Notes are written as real files into a temporary memory home and go through the real store,
index and recall code. Their text comes from the dev corpus when present
(``/work/shared/eval/corpus.jsonl``; otherwise from a built-in sentence pool), made distinct by
two extra words each. Embedding 200,000 note texts with the real model would take ~25 min on
this machine, so note vectors come from :class:`PoolEmbedder`: the real model's vectors of a
pool of real texts, assigned by a hash of the note text, with a little noise. The chat message
is always embedded by the real model (that cost is inside the timed call).

Targets: p50 ≤ 10 ms at 1,000 notes, ≤ 30 ms at 100,000; cold start ≤ 1.5 s. The machine is
shared: the load average is printed with the numbers; each size's p50/p95 is the median over
``--repeat`` passes.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from memlsp.core.notes import Note  # noqa: E402
from memlsp.core.recall import recaller_for  # noqa: E402
from memlsp.core.retrieval.embedders import load_embedder  # noqa: E402
from memlsp.core.store import Store  # noqa: E402

CORPUS = Path("/work/shared/eval/corpus.jsonl")
QUERIES = Path("/work/shared/eval/queries.jsonl")

FALLBACK = [
    ("deploy-freeze", "No deploys during the month-end close", "Billing deploys wait until the 3rd business day."),
    ("review-rule", "UI changes need a design review on Tuesdays", "Designers review bridge and portal changes."),
    ("pager", "When paged, open the on-call dashboard first", "The dashboard lists latency by service."),
    ("tests-db", "Tests hit a real Postgres, not a mock", "A mocked layer once hid a migration bug."),
]  # fmt: skip


class PoolEmbedder:
    """Real query vectors, pooled note vectors (see the module docstring)."""

    def __init__(self, real, pool_texts: Sequence[str]) -> None:
        self.real = real
        self.name, self.dim = real.name, real.dim
        self.sim_floor, self.sim_ceiling = real.sim_floor, real.sim_ceiling
        self.pool = real.embed(list(pool_texts))
        self.building = True
        self.real_calls = 0

    def __getattr__(self, name: str):
        # the real embedder's query path, similarity and gate settings (embed_query,
        # similarity, dup_slice, general_gate): only the note vectors are pooled
        return getattr(self.real, name)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if not self.building:
            self.real_calls += 1
            return self.real.embed(texts)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            h = int.from_bytes(hashlib.blake2b(t.encode(), digest_size=8).digest(), "little")
            rng = np.random.default_rng(h)
            v = self.pool[h % len(self.pool)] + rng.standard_normal(self.dim) * 0.01
            out[i] = v / np.linalg.norm(v)
        return out


def load_texts() -> tuple[list[tuple[str, str, str]], list[str]]:
    if CORPUS.exists() and QUERIES.exists():
        rows = [json.loads(line) for line in CORPUS.read_text("utf-8").splitlines() if line]
        notes = [(r["name"], r["description"], r["body"]) for r in rows]
        queries = [json.loads(line)["message"] for line in QUERIES.read_text("utf-8").splitlines()]
        return notes, [q for q in queries if q]
    return FALLBACK, [f"{d}?" for _, d, _ in FALLBACK]


def write_notes(store: Store, scope, notes, n: int, seed: int = 0) -> list[Path]:
    rnd = random.Random(seed)
    words = sorted({w for _, d, b in notes for w in (d + " " + b).split() if w.isalpha()})
    scope.root.mkdir(parents=True, exist_ok=True)  # recall never creates the memory home
    files = []
    for i in range(n):
        name, desc, body = notes[i % len(notes)]
        extra = f"{rnd.choice(words)} {rnd.choice(words)}"
        note = Note(
            name=f"{name}-{i}",
            description=f"{desc} ({extra})"[:150],
            type="project",
            body=body,
            meta={"created": "2026-01-01T00:00:00Z"},
        )
        path = scope.root / f"{note.name}.md"
        path.write_text(note.render(), encoding="utf-8")
        files.append(path)
    return files


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def bench_size(n: int, notes, queries, pool_emb: PoolEmbedder, args) -> dict:
    with tempfile.TemporaryDirectory(prefix="memlsp-lat-") as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir()
        store = Store(home)
        recaller = recaller_for(store, work, embedder=pool_emb, rescan_s=2.0)
        scope = recaller.project
        files = write_notes(store, scope, notes, n)
        pool_emb.building = True
        t0 = time.perf_counter()
        recaller.refresh(force=True)
        build_s = time.perf_counter() - t0
        # incremental: one note rewritten by hand, picked up by the next refresh
        files[n // 2].write_text(files[n // 2].read_text("utf-8") + "\nEdited.\n", "utf-8")
        recaller.invalidate()
        t0 = time.perf_counter()
        recaller.refresh()
        update_ms = (time.perf_counter() - t0) * 1000
        pool_emb.building = False
        p50s, p95s = [], []
        rnd = random.Random(1)
        for _ in range(args.repeat):
            times = []
            for q in rnd.sample(queries, min(args.queries, len(queries))):
                t0 = time.perf_counter()
                recaller.recall(f"s{rnd.random()}", q, record=False)
                times.append((time.perf_counter() - t0) * 1000)
            p50s.append(pct(times, 50))
            p95s.append(pct(times, 95))
        return {
            "notes": n,
            "p50_ms": round(statistics.median(p50s), 2),
            "p95_ms": round(statistics.median(p95s), 2),
            "build_s": round(build_s, 2),
            "update_ms": round(update_ms, 1),
            "rss_mb": round(rss_mb(), 0),
        }


def cold_start(notes, queries) -> float:
    """A fresh ``python -m memlsp recall`` on a 1,000-note home with a built index."""
    with tempfile.TemporaryDirectory(prefix="memlsp-cold-") as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir()
        store = Store(home)
        recaller = recaller_for(store, work)
        write_notes(store, recaller.project, notes, 1000)
        recaller.refresh(force=True)  # the real model: the index the CLI will find
        env = dict(os.environ, MEMLSP_HOME=str(home))
        runs = []
        for q in queries[:5]:
            t0 = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "memlsp", "recall", q, "--json"],
                cwd=work,
                env=env,
                check=True,
                capture_output=True,
            )
            runs.append(time.perf_counter() - t0)
        return statistics.median(runs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[200, 1000, 10_000, 100_000])
    ap.add_argument("--queries", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-cold", action="store_true")
    args = ap.parse_args(argv)
    notes, queries = load_texts()
    real = load_embedder()
    pool_texts = [f"{n}: {d}\n{b}" for n, d, b in notes] + [d for _, d, _ in notes]
    pool_emb = PoolEmbedder(real, pool_texts)
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores); model {real.name}")
    print(f"{'notes':>7} {'p50 ms':>7} {'p95 ms':>7} {'build s':>8} {'update ms':>9} {'RSS MB':>7}")
    rows = []
    for n in args.sizes:
        r = bench_size(n, notes, queries, pool_emb, args)
        rows.append(r)
        print(
            f"{r['notes']:>7} {r['p50_ms']:>7} {r['p95_ms']:>7} {r['build_s']:>8}"
            f" {r['update_ms']:>9} {r['rss_mb']:>7}",
            flush=True,
        )
    targets = {1000: 10.0, 100_000: 30.0}
    for r in rows:
        if r["notes"] in targets:
            t = targets[r["notes"]]
            print(f"p50 at {r['notes']}: {r['p50_ms']} ms / target {t} ms = {r['p50_ms'] / t:.2f}")
    if not args.no_cold:
        c = cold_start(notes, queries)
        print(f"cold start (fresh process, 1,000 notes, built index): {c:.2f} s / target 1.5 s")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
