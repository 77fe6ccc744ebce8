"""Blind evaluation set of SMALL memories (12 stores of 3-30 notes) for memlsp recall.

The literals live in ``stores_*.py`` next to this script (one STORES list per module);
this script turns them into ``corpus_NN.jsonl`` + ``queries_NN.jsonl`` and checks them:

    python bench/eval/small_own/make.py --write      # rewrite the JSONL from the literals
    python bench/eval/small_own/make.py --validate   # format, shares, policy, files == literals

Literal shapes (dates are written ``MM-DD HH:MM`` and always mean 2026, UTC):
  note  = (MM, name, type, scope, created, description, body)
  query = (message, [relevant note numbers], now, first_turn, kind)
A store also lists ``replaced``: (older, newer) note numbers where the newer note replaces
the older one (only the newer is relevant to a ``superseded`` query).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from stores_a import STORES as _A  # noqa: E402
from stores_b import STORES as _B  # noqa: E402
from stores_c import STORES as _C  # noqa: E402

STORES = sorted([*_A, *_B, *_C], key=lambda s: s["nn"])

NOTE_KEYS = ["id", "name", "description", "type", "scope", "created", "body"]
QUERY_KEYS = ["id", "message", "relevant", "now", "first_turn", "kind"]
TYPES = {"user", "feedback", "project", "reference"}
SCOPES = {"project", "global", "session"}
KINDS = {"terse", "indirect", "keyword", "superseded", "chinese", "cross-lingual", "negative"}
CJK = re.compile(r"[\u3400-\u9fff]")
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
STAMP = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def stamp(short: str) -> str:
    """``MM-DD HH:MM`` → ``2026-MM-DDTHH:MM:00Z``."""
    day, clock = short.split()
    return f"2026-{day}T{clock}:00Z"


def build(store: dict) -> tuple[list[dict], list[dict]]:
    nn = store["nn"]
    notes = []
    for mm, name, typ, scope, created, desc, body in store["notes"]:
        notes.append(
            {
                "id": f"s{nn:02d}n{mm:02d}",
                "name": name,
                "description": desc,
                "type": typ,
                "scope": scope,
                "created": stamp(created),
                "body": body,
            }
        )
    queries = []
    for i, (message, relevant, now, first, kind) in enumerate(store["queries"], 1):
        queries.append(
            {
                "id": f"s{nn:02d}q{i:02d}",
                "message": message,
                "relevant": [f"s{nn:02d}n{r:02d}" for r in relevant],
                "now": stamp(now),
                "first_turn": first,
                "kind": kind,
            }
        )
    return notes, queries


def dump(rows: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def paths(nn: int) -> tuple[Path, Path]:
    return HERE / f"corpus_{nn:02d}.jsonl", HERE / f"queries_{nn:02d}.jsonl"


def write() -> None:
    for store in STORES:
        notes, queries = build(store)
        cpath, qpath = paths(store["nn"])
        cpath.write_text(dump(notes), encoding="utf-8")
        qpath.write_text(dump(queries), encoding="utf-8")
    print(f"wrote {len(STORES)} stores to {HERE}")


def _policy():
    server = HERE.parents[2] / "server"
    sys.path.insert(0, str(server))
    import datetime as dt

    from memlsp.core.policy import check_candidate

    def check(text: str, created: str) -> str:
        now = dt.datetime.fromisoformat(created.replace("Z", "+00:00"))
        verdict = check_candidate(text, source="user", now=now)
        if not verdict.ok:
            return verdict.reason
        if verdict.cleaned_text != text:
            return "relative-date-rewritten"
        return ""

    return check


def validate() -> int:  # noqa: C901 - one flat list of checks reads best
    errors: list[str] = []
    err = errors.append
    check = _policy()
    sizes = {"small": 0, "medium": 0, "large": 0}
    all_q: list[dict] = []
    body_ok = body_n = 0
    zh_stores = []
    if [s["nn"] for s in STORES] != list(range(1, 13)):
        err("stores must be numbered 01..12")
    for store in STORES:
        nn = store["nn"]
        tag = f"s{nn:02d}"
        notes, queries = build(store)
        n = len(notes)
        if 3 <= n <= 6:
            sizes["small"] += 1
        elif 8 <= n <= 15:
            sizes["medium"] += 1
        elif 20 <= n <= 30:
            sizes["large"] += 1
        else:
            err(f"{tag}: {n} notes is outside every size band")
        if not 12 <= len(queries) <= 15:
            err(f"{tag}: {len(queries)} queries (want 12-15)")
        by_id = {}
        names = set()
        for i, (raw, note) in enumerate(zip(store["notes"], notes, strict=True), 1):
            nid = note["id"]
            if raw[0] != i:
                err(f"{nid}: note numbers must run 1..n in order")
            if list(note) != NOTE_KEYS:
                err(f"{nid}: keys")
            if not KEBAB.match(note["name"]) or note["name"] in names:
                err(f"{nid}: name not kebab-case or repeated")
            names.add(note["name"])
            if note["type"] not in TYPES or note["scope"] not in SCOPES:
                err(f"{nid}: type/scope")
            if not STAMP.match(note["created"]):
                err(f"{nid}: created format")
            if len(note["description"]) > 150 or not note["description"].strip():
                err(f"{nid}: description length {len(note['description'])}")
            size = len(note["body"].encode("utf-8"))
            body_n += 1
            body_ok += 100 <= size <= 600
            if not 60 <= size <= 800:
                err(f"{nid}: body {size} bytes")
            for part, text in (
                ("description", note["description"]),
                ("body", note["body"]),
                ("note", note["description"] + "\n\n" + note["body"]),
            ):
                reason = check(text, note["created"])
                if reason:
                    err(f"{nid}: policy refuses the {part}: {reason}")
            by_id[nid] = note
        if any(CJK.search(x["body"]) for x in notes):
            zh_stores.append(tag)
        for old, new in store.get("replaced", []):
            o, w = by_id.get(f"{tag}n{old:02d}"), by_id.get(f"{tag}n{new:02d}")
            if o is None or w is None or not o["created"] < w["created"]:
                err(f"{tag}: replaced pair {old}->{new} must exist, older first")
        newer = {f"{tag}n{new:02d}" for _, new in store.get("replaced", [])}
        older = {f"{tag}n{old:02d}" for old, _ in store.get("replaced", [])}
        messages = set()
        for q in queries:
            qid = q["id"]
            all_q.append(q)
            if list(q) != QUERY_KEYS:
                err(f"{qid}: keys")
            if q["kind"] not in KINDS:
                err(f"{qid}: kind {q['kind']}")
            if not STAMP.match(q["now"]) or not isinstance(q["first_turn"], bool):
                err(f"{qid}: now/first_turn")
            if q["message"] in messages or not q["message"].strip():
                err(f"{qid}: empty or repeated message")
            messages.add(q["message"])
            rel = q["relevant"]
            if (q["kind"] == "negative") != (not rel):
                err(f"{qid}: negative iff relevant is empty")
            if len(rel) > 2 or len(set(rel)) != len(rel):
                err(f"{qid}: relevant must be 0-2 distinct notes")
            for r in rel:
                if r not in by_id:
                    err(f"{qid}: relevant {r} does not exist")
                elif not by_id[r]["created"] < q["now"]:
                    err(f"{qid}: now is not after {r}'s created")
                if r in older:
                    err(f"{qid}: {r} has been replaced; only the newer note may be relevant")
            if q["kind"] == "superseded" and not any(r in newer for r in rel):
                err(f"{qid}: superseded query must point at the newer note of a pair")
            if q["kind"] == "chinese" and not CJK.search(q["message"]):
                err(f"{qid}: chinese query without Chinese characters")
            if q["kind"] == "cross-lingual":
                q_zh = bool(CJK.search(q["message"]))
                if not rel or all(
                    bool(CJK.search(by_id[r]["body"])) == q_zh for r in rel if r in by_id
                ):
                    err(f"{qid}: cross-lingual query must differ in language from its note")
            if q["kind"] in ("chinese", "cross-lingual") and tag not in zh_stores:
                err(f"{qid}: Chinese kinds belong to the Chinese stores")
        cpath, qpath = paths(nn)
        for path, rows in ((cpath, notes), (qpath, queries)):
            if not path.exists() or path.read_text(encoding="utf-8") != dump(rows):
                err(f"{path.name}: does not match the literals (run --write)")
    if sizes != {"small": 4, "medium": 4, "large": 4}:
        err(f"size bands {sizes} (want 4/4/4)")
    if len(zh_stores) != 2:
        err(f"stores with Chinese: {zh_stores} (want 2)")
    total = len(all_q)
    kinds = {k: sum(q["kind"] == k for q in all_q) for k in sorted(KINDS)}
    neg = kinds["negative"] / total
    first = sum(q["first_turn"] for q in all_q) / total
    if total < 150:
        err(f"{total} queries (want >= 150)")
    if not 0.28 <= neg <= 0.40:
        err(f"negative share {neg:.0%} (want 28-40%)")
    if not 0.33 <= first <= 0.47:
        err(f"first_turn share {first:.0%} (want about 40%)")
    if body_ok / body_n < 0.9:
        err(f"only {body_ok}/{body_n} bodies are 100-600 bytes")
    n_replaced = sum(len(s.get("replaced", [])) for s in STORES)
    notes_total = sum(len(s["notes"]) for s in STORES)
    print(
        f"{len(STORES)} stores, {notes_total} notes, {total} queries; kinds {kinds}; "
        f"negative {neg:.0%}; first_turn {first:.0%}; bodies 100-600 B {body_ok}/{body_n}; "
        f"replaced pairs {n_replaced}; Chinese stores {zh_stores}"
    )
    for e in errors:
        print("ERROR", e)
    return 1 if errors else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--validate", action="store_true")
    args = ap.parse_args()
    if args.write:
        write()
    if args.validate or not args.write:
        return validate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
