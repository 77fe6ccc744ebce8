"""memlsp's recall against two plain baselines on the same notes and queries (issue 19).

    python bench/recall_baselines.py [--eval-dir DIR] [--json]

On the eval set (``corpus.jsonl``, ``queries.jsonl``; absent → nothing measured, exit 0),
with each query's future notes excluded as ``recall_dev.py`` does, three retrievers:

- **memlsp**: :class:`RetrievalIndex` with the default embedder and its selection (at most
  5 notes above the thresholds, silence allowed);
- **fts5-bm25**: keyword-only, SQLite FTS5 ranked by ``bm25()`` over name, description and
  body, the top 5 (the message's words OR-ed);
- **minilm+fts5-rrf**: plain all-MiniLM-L6-v2 cosine top 50 and the FTS5 top 50 fused by
  reciprocal rank (k = 60), the top 5.

Reported per retriever: recall@5 (non-negative queries), silence on negatives (share of
negative queries with nothing returned: the baselines always return something, so theirs
is 0 unless nothing matches at all), MRR@10 and query latency p50 (embedding included).
The baselines make the figures comparable across a loaded and a quiet machine: read the
ratios.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import sqlite3  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from datetime import datetime  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

DEFAULT_EVAL = Path(os.environ.get("MEMLSP_BENCH_EVAL_DIR", "/work/shared/eval"))
RRF_K = 60
WORD = re.compile(r"\w+", re.UNICODE)


def load_eval(eval_dir: Path) -> tuple[list[dict], list[dict]] | None:
    corpus, queries = eval_dir / "corpus.jsonl", eval_dir / "queries.jsonl"
    if not corpus.is_file() or not queries.is_file():
        return None
    read = lambda p: [json.loads(line) for line in p.open(encoding="utf-8") if line.strip()]  # noqa: E731
    return read(corpus), read(queries)


class Fts5:
    """Keyword-only retrieval: an in-memory FTS5 table ranked by BM25."""

    def __init__(self, notes: list[dict]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE fts USING fts5(id UNINDEXED, name, desc, body)")
        self.db.executemany(
            "INSERT INTO fts VALUES (?, ?, ?, ?)",
            [(n["id"], n["name"].replace("-", " "), n["description"], n["body"]) for n in notes],
        )

    def search(self, message: str, k: int, exclude: set[str]) -> list[str]:
        words = {w.lower() for w in WORD.findall(message)}
        if not words:
            return []
        query = " OR ".join(f'"{w}"' for w in sorted(words))
        rows = self.db.execute(
            "SELECT id FROM fts WHERE fts MATCH ? ORDER BY bm25(fts) LIMIT ?",
            (query, k + len(exclude)),
        ).fetchall()
        return [r[0] for r in rows if r[0] not in exclude][:k]


class MiniLmHybrid:
    """Plain MiniLM cosine and FTS5 BM25 fused by reciprocal rank."""

    def __init__(self, notes: list[dict], fts: Fts5) -> None:
        from memlsp.core.retrieval.embedders import load_embedder

        self.embedder = load_embedder("minilm")
        self.ids = [n["id"] for n in notes]
        texts = [f"{n['description']}\n{n['body']}" for n in notes]
        self.matrix = np.vstack(
            [self.embedder.embed(texts[i : i + 32]) for i in range(0, len(texts), 32)]
        )
        self.fts = fts

    def search(self, message: str, k: int, exclude: set[str]) -> list[str]:
        q = self.embedder.embed([message])[0]
        sims = self.matrix @ q
        dense = [self.ids[i] for i in np.argsort(-sims) if self.ids[i] not in exclude][:50]
        sparse = self.fts.search(message, 50, exclude)
        score: dict[str, float] = {}
        for ranked in (dense, sparse):
            for rank, doc in enumerate(ranked):
                score[doc] = score.get(doc, 0.0) + 1.0 / (RRF_K + rank + 1)
        return sorted(score, key=lambda d: -score[d])[:k]


class Memlsp:
    """memlsp's retrieval index and selection, as ``recall_dev.py`` runs it."""

    def __init__(self, notes: list[dict], tmp: Path) -> None:
        from memlsp.core.retrieval.embedders import load_embedder
        from memlsp.core.retrieval.index import Doc, RetrievalIndex

        self.key_of = {n["id"]: f"{n['scope']}/{n['name']}.md" for n in notes}
        self.id_of = {v: k for k, v in self.key_of.items()}
        self.index = RetrievalIndex(tmp / "index.sqlite", load_embedder(None))
        meta_keys = ("name", "description", "type", "scope", "created")
        self.index.sync(
            [
                Doc(
                    key=self.key_of[n["id"]],
                    fingerprint=n["id"],
                    text=n["body"],
                    meta={k: n[k] for k in meta_keys},
                )
                for n in notes
            ]
        )

    def search(self, q: dict, exclude: set[str], *, select: bool) -> list[str]:
        hits = self.index.search(
            q["message"],
            5 if select else 10,
            now=_dt(q["now"]),
            first_turn=q["first_turn"],
            exclude=[self.key_of[i] for i in exclude],
            select=select,
        )
        return [self.id_of.get(h.key, "") for h in hits]


def _dt(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def evaluate(notes: list[dict], queries: list[dict]) -> dict[str, dict[str, float]]:
    """recall@5, silence, MRR@10 and latency p50 of each retriever."""
    created = {n["id"]: _dt(n["created"]) for n in notes}
    fts = Fts5(notes)
    hybrid = MiniLmHybrid(notes, fts)
    with tempfile.TemporaryDirectory() as tmp:
        ours = Memlsp(notes, Path(tmp))
        runners = {
            "memlsp": (
                lambda q, ex: ours.search(q, ex, select=True),
                lambda q, ex: ours.search(q, ex, select=False),
            ),
            "fts5-bm25": (
                lambda q, ex: fts.search(q["message"], 5, ex),
                lambda q, ex: fts.search(q["message"], 10, ex),
            ),
            "minilm+fts5-rrf": (
                lambda q, ex: hybrid.search(q["message"], 5, ex),
                lambda q, ex: hybrid.search(q["message"], 10, ex),
            ),
        }
        for select, _ in runners.values():  # warm up: models loaded, caches filled
            select(queries[0], set())
        out = {}
        for name, (select, ranked) in runners.items():
            rec, silent, mrr, lat = [], [], [], []
            for q in queries:
                now = _dt(q["now"])
                future = {i for i, c in created.items() if c > now}
                t0 = time.perf_counter()
                chosen = select(q, future)
                lat.append((time.perf_counter() - t0) * 1000)
                if q["kind"] == "negative":
                    silent.append(0.0 if chosen else 1.0)
                    continue
                rel = set(q["relevant"])
                rec.append(len(rel & set(chosen[:5])) / len(rel))
                top = ranked(q, future)
                mrr.append(next((1 / (i + 1) for i, x in enumerate(top) if x in rel), 0.0))
            out[name] = {
                "recall@5": statistics.mean(rec) if rec else float("nan"),
                "silence": statistics.mean(silent) if silent else float("nan"),
                "mrr@10": statistics.mean(mrr) if mrr else float("nan"),
                "latency_ms_p50": statistics.median(lat),
                "notes": len(notes),
            }
    return out


def figures(result: dict[str, dict[str, float]]) -> list[dict]:
    """memlsp's figures with the baselines' values beside them (for ``bench/run.py``)."""
    ours = result["memlsp"]
    others = {k: v for k, v in result.items() if k != "memlsp"}
    n = ours["notes"]
    rows = [
        ("recall@5 on eval/", "recall@5", ">= 0.85", lambda v: v >= 0.85, ""),
        ("silence on negatives", "silence", ">= 0.80", lambda v: v >= 0.80, ""),
        ("MRR@10 on eval/", "mrr@10", None, None, ""),
        (
            f"recall p50 per query, {n} notes",
            "latency_ms_p50",
            "<= 10 (at 1,000)",
            lambda v: v <= 10,
            "ms",
        ),
    ]
    out = []
    for metric, key, target, ok, unit in rows:
        value = ours[key]
        out.append(
            {
                "metric": metric,
                "value": round(value, 3),
                "unit": unit,
                "target": target,
                "met": None if ok is None else bool(ok(value)),
                "baselines": {name: round(r[key], 3) for name, r in others.items()},
            }
        )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", type=Path, default=DEFAULT_EVAL)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--quick", action="store_true", help="every other query (bench/run.py)")
    args = ap.parse_args(argv)
    data = load_eval(args.eval_dir)
    if data is None:
        print(
            json.dumps({"skipped": f"no eval set at {args.eval_dir}"})
            if args.json
            else f"no eval set at {args.eval_dir}; nothing to measure"
        )
        return 0
    notes, queries = data
    result = evaluate(notes, queries[::2] if args.quick else queries)
    if args.json:
        print(
            json.dumps(
                {"name": "recall", "figures": figures(result), "load": list(os.getloadavg())}
            )
        )
        return 0
    print(f"{'retriever':<18}{'recall@5':>10}{'silence':>10}{'mrr@10':>10}{'p50 ms':>10}")
    for name, r in result.items():
        print(
            f"{name:<18}{r['recall@5']:>10.3f}{r['silence']:>10.3f}{r['mrr@10']:>10.3f}"
            f"{r['latency_ms_p50']:>10.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
    sys.exit(main())
