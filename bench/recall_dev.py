"""Recall quality and latency of the hybrid retriever on the dev set (eval/).

Indexes corpus.jsonl into a temporary RetrievalIndex, runs every query in queries.jsonl with
the notes created after the query's ``now`` excluded, and prints recall@5, nDCG@10, MRR@10
(non-negative queries), silence rate (negatives), per-kind recall and query latency
(including embedding the query). Selection = what recall would inject: at most 5 hits above
the thresholds. Ranking metrics use the unthresholded top 10.

    python bench/recall_dev.py [--eval-dir DIR] [--embedder NAME] [--scale N]

``--scale N`` adds synthetic notes (random unit vectors, shuffled real text) up to N notes
to report latency at that size.
"""

from __future__ import annotations

import os

# as the memlsp CLI and server do: one BLAS thread, MiniLM runs beside it on the other core
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import collections  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from datetime import datetime  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from memlsp.core.retrieval.embedders import load_embedder  # noqa: E402
from memlsp.core.retrieval.index import Doc, RetrievalIndex  # noqa: E402

DEFAULT_EVAL = Path("/work/shared/eval")


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s)


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def _add_synthetic(index: RetrievalIndex, notes: list[dict], total: int) -> None:
    """Fill the index up to ``total`` notes with random vectors (no embedding cost)."""
    import sqlite3  # noqa: F401  (bench only: reaches into the cache file directly)

    from memlsp.core.text import fts_index_text

    rng = np.random.default_rng(0)
    conn = index._open()
    n0 = len(notes)
    dim = index.embedder.dim
    words = " ".join(n["body"] for n in notes).split()
    with conn:
        for i in range(n0, total):
            v = rng.standard_normal((2, dim)).astype(np.float32)
            v /= np.linalg.norm(v, axis=1, keepdims=True)
            body = " ".join(rng.choice(words, 60))
            cur = conn.execute(
                "INSERT INTO docs (key, fingerprint, meta, vec) VALUES (?, ?, ?, ?)",
                (f"synthetic/{i}.md", "x", "{}", v.tobytes()),
            )
            conn.execute(
                "INSERT INTO fts (rowid, name, description, body) VALUES (?, ?, ?, ?)",
                (cur.lastrowid, f"synthetic {i}", "", fts_index_text(body)),
            )
    index._vectors.matrix = None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", type=Path, default=DEFAULT_EVAL)
    ap.add_argument("--embedder", default=None)
    ap.add_argument("--scale", type=int, default=0, help="pad the index to N notes")
    ap.add_argument("--json", action="store_true", help="print the numbers as JSON too")
    args = ap.parse_args(argv)

    corpus_path = args.eval_dir / "corpus.jsonl"
    queries_path = args.eval_dir / "queries.jsonl"
    if not corpus_path.exists() or not queries_path.exists():
        print(f"no eval set at {args.eval_dir}; nothing to measure")
        return 0
    notes = [json.loads(line) for line in corpus_path.open(encoding="utf-8")]
    queries = [json.loads(line) for line in queries_path.open(encoding="utf-8")]
    key_of = {n["id"]: f"{n['scope']}/{n['name']}.md" for n in notes}
    id_of = {v: k for k, v in key_of.items()}
    created = {key_of[n["id"]]: _dt(n["created"]) for n in notes}

    t0 = time.perf_counter()
    embedder = load_embedder(args.embedder)
    embedder.embed(["warm up"])
    load_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        index = RetrievalIndex(Path(tmp) / "index.sqlite", embedder)
        docs = [
            Doc(
                key=key_of[n["id"]],
                fingerprint=n["id"],
                text=n["body"],
                meta={k: n[k] for k in ("name", "description", "type", "scope", "created")},
            )
            for n in notes
        ]
        t0 = time.perf_counter()
        index.sync(docs)
        index_s = time.perf_counter() - t0
        if args.scale > len(notes):
            _add_synthetic(index, notes, args.scale)
        size = len(index)

        lat = []
        per_kind = collections.defaultdict(list)
        rec, ndcg, mrr, silent = [], [], [], []
        for q in queries:
            now = _dt(q["now"])
            future = [k for k, c in created.items() if c > now]
            t = time.perf_counter()
            chosen = index.search(
                q["message"], 5, now=now, first_turn=q["first_turn"], exclude=future
            )
            lat.append((time.perf_counter() - t) * 1000)
            ranked = index.search(q["message"], 10, now=now, exclude=future, select=False)
            sel = [id_of.get(h.key) for h in chosen]
            if q["kind"] == "negative":
                silent.append(1.0 if not sel else 0.0)
                continue
            rel = set(q["relevant"])
            r = len(rel & set(sel[:5])) / len(rel)
            rec.append(r)
            per_kind[q["kind"]].append(r)
            top = [id_of.get(h.key) for h in ranked]
            dcg = sum(1 / math.log2(i + 2) for i, x in enumerate(top) if x in rel)
            idcg = sum(1 / math.log2(i + 2) for i in range(min(len(rel), 10)))
            ndcg.append(dcg / idcg)
            mrr.append(next((1 / (i + 1) for i, x in enumerate(top) if x in rel), 0.0))

    out = {
        "embedder": embedder.name,
        "notes": size,
        "recall@5": statistics.mean(rec),
        "ndcg@10": statistics.mean(ndcg),
        "mrr@10": statistics.mean(mrr),
        "silence_rate": statistics.mean(silent) if silent else float("nan"),
        "per_kind_recall@5": {k: statistics.mean(v) for k, v in sorted(per_kind.items())},
        "latency_ms_p50": _pct(lat, 50),
        "latency_ms_p95": _pct(lat, 95),
        "model_load_s": load_s,
        "index_build_s": index_s,
    }
    print(f"embedder        {out['embedder']}  ({size} notes)")
    print(f"model load      {load_s:.3f} s (first embed included)")
    print(f"index build     {index_s:.2f} s ({len(notes)} notes embedded)")
    print(
        f"recall@5 {out['recall@5']:.3f}  ndcg@10 {out['ndcg@10']:.3f}  "
        f"mrr@10 {out['mrr@10']:.3f}  silence {out['silence_rate']:.3f}"
    )
    for kind, v in out["per_kind_recall@5"].items():
        print(f"  {kind:14s} {v:.3f}  (n={len(per_kind[kind])})")
    print(f"query latency   p50 {out['latency_ms_p50']:.2f} ms  p95 {out['latency_ms_p95']:.2f} ms")
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
