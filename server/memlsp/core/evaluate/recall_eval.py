"""``memlsp eval recall``: score per-turn recall on a corpus and a query set (SPEC R35).

Data format: ``corpus.jsonl`` (``id, name, description, type, scope, created, body``) and
``queries.jsonl`` (``id, message, relevant, now, first_turn, kind``). The corpus is loaded
into a fresh memory home (project notes in a project scope, global notes in ``global/``,
session notes in ``sessions/<created>-<name>.md``); each query runs through the same
:class:`~memlsp.core.recall.Recaller` a chat turn uses, in a fresh session, with the
query's ``now`` as the clock and notes created after ``now`` left out.

Metrics: ``recall_at_5``, ``ndcg_at_10`` and ``mrr_at_10`` over queries with relevant
notes (ranked = what recall injects, in order), ``silence_rate`` over queries with none
(the share for which nothing was injected), and ``p50_ms``/``p95_ms`` of one recall call.
"""

from __future__ import annotations

import json
import math
import statistics
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from ..notes import Note, parse_time
from ..recall import Recaller
from ..retrieval.embedders import Embedder
from ..retrieval.glossary import Glossary
from ..retrieval.params import RecallParams
from ..runtime import ProgressSink
from ..store import Scope, Store

EVAL_PROJECT = "projects/eval.invalid/memlsp-eval/project"


@dataclass
class LoadedCorpus:
    store: Store
    project: Scope
    path_of: dict[str, str]  # corpus id -> home-relative path
    created: dict[str, object]  # home-relative path -> created datetime


def read_jsonl(path: Path) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not valid JSON ({exc.msg})") from exc
    return rows


def load_corpus(rows: list[dict], home: Path) -> LoadedCorpus:
    store = Store(home)
    project = store.ensure_scope(Scope("project", EVAL_PROJECT, home / EVAL_PROJECT))
    glob = store.ensure_scope(store.global_scope())
    path_of: dict[str, str] = {}
    created: dict[str, object] = {}
    for row in rows:
        ts = parse_time(row.get("created"))
        stem = row["name"]
        if row.get("scope") == "session":
            stamp = ts.strftime("%Y%m%dT%H%M%SZ") if ts else "00000000T000000Z"
            stem = f"{stamp}-{row['name']}"
            folder = project.root / "sessions"
        elif row.get("scope") == "global":
            folder = glob.root
        else:
            folder = project.root
        note = Note(
            name=stem,
            description=row["description"],
            type=row["type"],
            body=row.get("body", ""),
            meta={"created": row.get("created"), "source": "import"},
        )
        target = folder / f"{stem}.md"
        target.write_text(note.render(), encoding="utf-8")
        rel = store.rel(target)
        path_of[row["id"]] = rel
        created[rel] = ts
    for scope in (project, glob):
        store.rebuild_index(scope)
    return LoadedCorpus(store, project, path_of, created)


def _dcg(ranked: list[str], relevant: set[str], k: int) -> float:
    return sum(1.0 / math.log2(i + 2) for i, key in enumerate(ranked[:k]) if key in relevant)


def evaluate(
    corpus_rows: list[dict],
    query_rows: list[dict],
    *,
    embedder: Embedder | None = None,
    params: RecallParams | None = None,
    glossary: Glossary | None = None,
    progress: ProgressSink | None = None,
) -> dict:
    with tempfile.TemporaryDirectory(prefix="memlsp-eval-") as tmp:
        loaded = load_corpus(corpus_rows, Path(tmp))
        recaller = Recaller(
            loaded.store, loaded.project, embedder=embedder, params=params, glossary=glossary
        )
        recaller.refresh(force=True)
        id_of = {v: k for k, v in loaded.path_of.items()}
        per_query = []
        timings = []
        for n, q in enumerate(query_rows, 1):
            now = parse_time(q.get("now"))
            future = {p for p, ts in loaded.created.items() if now and ts and ts > now}
            t0 = time.perf_counter()
            result = recaller.recall(
                f"eval-{uuid.uuid4().hex}",
                q["message"],
                first_turn=bool(q.get("first_turn")),
                now=now,
                exclude=future,
                record=False,
            )
            timings.append((time.perf_counter() - t0) * 1000)
            ranked = [id_of.get(m.path, m.path) for m in result.memories]
            per_query.append((q, ranked))
            if progress:
                progress(f"query {n}/{len(query_rows)}", 100 * n // len(query_rows))
    return score(per_query, timings)


def score(per_query: list[tuple[dict, list[str]]], timings: list[float]) -> dict:
    by_kind: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    recalls, ndcgs, mrrs, silences = [], [], [], []
    for q, ranked in per_query:
        relevant = set(q.get("relevant") or [])
        kind = q.get("kind", "unknown")
        if not relevant:
            silent = 1.0 if not ranked else 0.0
            silences.append(silent)
            by_kind[kind]["silence_rate"].append(silent)
            continue
        r5 = len(relevant & set(ranked[:5])) / len(relevant)
        ideal = _dcg(sorted(relevant), relevant, 10)
        ndcg = _dcg(ranked, relevant, 10) / ideal if ideal else 0.0
        mrr = next((1.0 / (i + 1) for i, key in enumerate(ranked[:10]) if key in relevant), 0.0)
        recalls.append(r5)
        ndcgs.append(ndcg)
        mrrs.append(mrr)
        for name, value in (("recall_at_5", r5), ("ndcg_at_10", ndcg), ("mrr_at_10", mrr)):
            by_kind[kind][name].append(value)

    def mean(xs: list[float]) -> float:
        return round(sum(xs) / len(xs), 4) if xs else 0.0

    timings_sorted = sorted(timings) or [0.0]
    p95 = timings_sorted[min(len(timings_sorted) - 1, math.ceil(0.95 * len(timings_sorted)) - 1)]
    return {
        "queries": len(per_query),
        "recall_at_5": mean(recalls),
        "ndcg_at_10": mean(ndcgs),
        "mrr_at_10": mean(mrrs),
        "silence_rate": mean(silences),
        "p50_ms": round(statistics.median(timings_sorted), 3),
        "p95_ms": round(p95, 3),
        "by_kind": {
            kind: {name: mean(vals) for name, vals in metrics.items()}
            | {"count": max(len(v) for v in metrics.values())}
            for kind, metrics in sorted(by_kind.items())
        },
    }
