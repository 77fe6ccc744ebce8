"""Dream on the eval corpus (issue 5, acceptance 3): near-duplicates before/after and
whether every superseded pair keeps only the newer rule.

    python bench/dream_eval.py [--eval-dir ../shared/eval] [--max-deletes 10] [--json]

Loads ``corpus.jsonl`` into a temporary memory home (format in the eval README: project
notes in the harbor project folder, global notes in ``global/``, session notes in
``sessions/<created>-<name>.md``), builds the index with memlsp, then dreams each scope
until nothing is deferred by the deletion cap (reporting how many runs that took).

Reported: topic notes before/after; near-duplicate pairs (same scope, lexical cosine of
the whole note >= 0.6 and >= 0.75) before/after; for each ``superseded`` query, whether
the newer note's rule is still in a topic note and the older note (the same-topic,
earlier note the query's topic replaced) is gone.

Recall before/after: pass a recall evaluator to :func:`run` (``(store, queries) -> dict``
of metrics); without one it is reported as not measured — no number is made up.
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memlsp.core.dream import dream
from memlsp.core.dream.planner import OfflinePlanner
from memlsp.core.dream.similarity import cosine, jaccard, name_words
from memlsp.core.notes import Note
from memlsp.core.settings import DreamSettings, RetentionSettings, Settings
from memlsp.core.store import Scope, Store

PROJECT_REL = "projects/github.com/tidewater-io/harbor"
NOW = dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC)
RecallEval = Callable[[Store, list[dict]], dict[str, Any]]


def load(home: Path, corpus: list[dict]) -> tuple[Store, dict[str, Scope], dict[str, str]]:
    store = Store(home)
    scopes = {
        "global": store.ensure_scope(store.global_scope()),
        "project": store.ensure_scope(Scope("project", PROJECT_REL, home / PROJECT_REL)),
    }
    where: dict[str, str] = {}  # note id -> scope key
    for n in corpus:
        note = Note(n["name"], n["description"], n["type"], n["body"], {"created": n["created"]})
        if n["scope"] == "session":
            scope = scopes["project"]
            stamp = n["created"].replace("-", "").replace(":", "")
            path = scope.root / "sessions" / f"{stamp}-{n['name']}.md"
        else:
            scope = scopes[n["scope"]]
            path = scope.root / f"{n['name']}.md"
        path.write_text(note.render(), "utf-8")
        where[n["id"]] = "project" if n["scope"] == "session" else n["scope"]
    for scope in scopes.values():
        store.rebuild_index(scope)
    return store, scopes, where


def topic_texts(store: Store, scope: Scope) -> dict[str, str]:
    return {
        e.note.name: f"{e.note.description}\n{e.note.body}"
        for e in store.scan(scope).entries
        if e.section == ""
    }


def near_duplicates(texts: dict[str, str], threshold: float) -> int:
    return sum(1 for a, b in itertools.combinations(texts.values(), 2) if cosine(a, b) >= threshold)


def superseded_pairs(corpus: list[dict], queries: list[dict]) -> list[tuple[dict, dict]]:
    """(older, newer) for each superseded query: the newer is labelled; the older is the
    same-scope, earlier note most similar to it on the planner's topic test."""
    planner = OfflinePlanner()
    by_id = {n["id"]: n for n in corpus}
    pairs = []
    for q in queries:
        if q["kind"] != "superseded":
            continue
        newer = by_id[q["relevant"][0]]
        best, best_score = None, 0.0
        for n in corpus:
            if n["scope"] != newer["scope"] or n["created"] >= newer["created"]:
                continue
            nj = jaccard(name_words(n["name"]), name_words(newer["name"]))
            dc = cosine(n["description"], newer["description"])
            bc = cosine(
                f"{n['description']}\n{n['body']}", f"{newer['description']}\n{newer['body']}"
            )
            score = nj + dc + bc
            if planner.same_topic((nj, dc, bc)) and score > best_score:
                best, best_score = n, score
        if best is not None:
            pairs.append((best, newer))
    return pairs


def recall_evaluator(corpus: list[dict]) -> RecallEval:
    """Score per-turn recall on the queries, before or after a dream.

    A dream merges, folds and renames notes, so a query's relevant corpus ids are mapped to
    the files that now hold them: every live note whose text contains the corpus note's
    description (or the start of its body); failing that, the most similar live note. The
    same mapping is used before the dream (where it finds the original files), so the two
    numbers are comparable. Notes are not filtered by the query's ``now`` on either side.
    """

    def evaluate(store: Store, queries: list[dict]) -> dict[str, Any]:
        from memlsp.core.evaluate.recall_eval import score
        from memlsp.core.recall import Recaller

        project = Scope("project", PROJECT_REL, store.home / PROJECT_REL)
        entries = [
            e
            for scope in (project, store.global_scope())
            for e in store.scan(scope).entries
            if e.section in ("", "inbox", "sessions")
        ]
        texts = {e.path: f"{e.note.description}\n{e.note.body}" for e in entries}
        holders: dict[str, set[str]] = {}
        for n in corpus:
            probe = (n["description"], n["body"][:80].strip())
            found = {p for p, t in texts.items() if any(x and x in t for x in probe)}
            if not found and texts:
                whole = f"{n['description']}\n{n['body']}"
                found = {max(texts, key=lambda p: cosine(whole, texts[p]))}
            holders[n["id"]] = found
        recaller = Recaller(store, project)
        recaller.refresh(force=True)
        per_query, timings = [], []
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            res = recaller.recall(
                f"q{i}",
                q["message"],
                first_turn=bool(q.get("first_turn")),
                now=dt.datetime.fromisoformat(q["now"].replace("Z", "+00:00")),
                record=False,
            )
            timings.append((time.perf_counter() - t0) * 1000)
            ranked: list[str] = []
            for m in res.memories:  # a file holding several relevant notes counts for each
                ids = [rid for rid in q.get("relevant", []) if m.path in holders.get(rid, ())]
                ranked.extend(i for i in ids if i not in ranked)
                if not ids:
                    ranked.append(m.path)
            per_query.append((q, ranked))
        report = score(per_query, timings)
        return {
            k: report[k] for k in ("recall_at_5", "ndcg_at_10", "mrr_at_10", "silence_rate")
        } | {
            "by_kind": {
                k: v.get("recall_at_5", v.get("silence_rate")) for k, v in report["by_kind"].items()
            }
        }

    return evaluate


def run(
    eval_dir: Path, *, max_deletes: int = 10, recall_eval: RecallEval | None = None
) -> dict[str, Any]:
    corpus = [json.loads(line) for line in (eval_dir / "corpus.jsonl").open()]
    queries = [json.loads(line) for line in (eval_dir / "queries.jsonl").open()]
    settings = Settings(
        dream=DreamSettings(max_deletes=max_deletes),
        # Session notes are recall targets in the queries: keep them for a fair comparison.
        retention=RetentionSettings(session_days=3650),
    )
    with tempfile.TemporaryDirectory() as tmp:
        store, scopes, where = load(Path(tmp) / "home", corpus)
        report: dict[str, Any] = {"notes": len(corpus), "scopes": {}}
        report["recall_before"] = recall_eval(store, queries) if recall_eval else "not measured"
        pairs = superseded_pairs(corpus, queries)
        t0 = time.perf_counter()
        for key, scope in scopes.items():
            before = topic_texts(store, scope)
            runs, ops, deferred = 0, {}, 0
            while True:
                result = dream(
                    store,
                    scope,
                    now=NOW + dt.timedelta(minutes=runs),
                    force=True,
                    settings=settings,
                )
                runs += 1
                for op in result.applied:
                    ops[op["op"]] = ops.get(op["op"], 0) + 1
                if not result.deferred or runs >= 10:
                    deferred = result.deferred
                    break
            after = topic_texts(store, scope)
            report["scopes"][key] = {
                "topics_before": len(before),
                "topics_after": len(after),
                "near_duplicates_0.60": [near_duplicates(before, 0.6), near_duplicates(after, 0.6)],
                "near_duplicates_0.75": [
                    near_duplicates(before, 0.75),
                    near_duplicates(after, 0.75),
                ],
                "runs": runs,
                "ops": ops,
                "deferred_left": deferred,
            }
        report["dream_seconds"] = round(time.perf_counter() - t0, 3)
        kept_only_newer = []
        for older, newer in pairs:
            texts = topic_texts(store, scopes[where[newer["id"]]])
            all_text = "\n".join(texts.values())
            newer_kept = newer["description"] in all_text
            older_gone = older["name"] not in texts and older["description"] not in all_text
            kept_only_newer.append(
                {
                    "newer": newer["name"],
                    "older": older["name"],
                    "newer_kept": newer_kept,
                    "older_gone": older_gone,
                }
            )
        report["superseded_pairs"] = len(pairs)
        report["superseded_ok"] = sum(p["newer_kept"] and p["older_gone"] for p in kept_only_newer)
        report["superseded_detail"] = kept_only_newer
        report["recall_after"] = recall_eval(store, queries) if recall_eval else "not measured"
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = Path(__file__).resolve().parents[1].parent.parent / "shared" / "eval"
    ap.add_argument(
        "--eval-dir", type=Path, default=default if default.exists() else Path("/work/shared/eval")
    )
    ap.add_argument("--max-deletes", type=int, default=10)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-recall", action="store_true", help="skip recall before/after")
    args = ap.parse_args(argv)
    if not (args.eval_dir / "corpus.jsonl").exists():
        print(f"no eval data at {args.eval_dir}; nothing to measure")
        return 0
    corpus = [json.loads(line) for line in (args.eval_dir / "corpus.jsonl").open()]
    report = run(
        args.eval_dir,
        max_deletes=args.max_deletes,
        recall_eval=None if args.no_recall else recall_evaluator(corpus),
    )
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"notes loaded: {report['notes']}; dream time: {report['dream_seconds']} s")
    for key, s in report["scopes"].items():
        print(
            f"{key:>8}: topics {s['topics_before']} -> {s['topics_after']}; "
            f"near-duplicate pairs (cos>=0.60) {s['near_duplicates_0.60'][0]} -> {s['near_duplicates_0.60'][1]}, "
            f"(cos>=0.75) {s['near_duplicates_0.75'][0]} -> {s['near_duplicates_0.75'][1]}; "
            f"runs {s['runs']}; ops {s['ops']}; deferred left {s['deferred_left']}"
        )
    print(
        f"superseded pairs keeping only the newer rule: {report['superseded_ok']}/{report['superseded_pairs']}"
    )
    for p in report["superseded_detail"]:
        if not (p["newer_kept"] and p["older_gone"]):
            print(
                f"  not clean: {p['older']} -> {p['newer']} (newer kept {p['newer_kept']}, older gone {p['older_gone']})"
            )
    before, after = report["recall_before"], report["recall_after"]
    if isinstance(before, dict):
        for key in ("recall_at_5", "ndcg_at_10", "mrr_at_10", "silence_rate"):
            print(
                f"{key:>13}: before {before[key]:.3f}  after {after[key]:.3f}  "
                f"(delta {after[key] - before[key]:+.3f})"
            )
        for kind in before["by_kind"]:
            print(
                f"  {kind:<14} before {before['by_kind'][kind]:.3f}  after {after['by_kind'][kind]:.3f}"
            )
    else:
        print(f"recall before/after: {before} / {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
