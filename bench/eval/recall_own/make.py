"""Write and validate the blind recall set (corpus.jsonl, queries.jsonl).

    python bench/eval/recall_own/make.py            # write both files, then validate
    python bench/eval/recall_own/make.py --validate # validate the files on disk only

The notes and queries are literals in the sibling modules (notes_*.py, queries.py); queries
reference notes by slug and this script maps slugs to ids n001... in a fixed module order.
Validation calls memlsp's write policy (core.policy.check_candidate) as a black box on every note.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "server"))

CORPUS = HERE / "corpus.jsonl"
QUERIES = HERE / "queries.jsonl"

TYPES = {"u": "user", "f": "feedback", "p": "project", "r": "reference"}
SCOPES = {"p": "project", "g": "global", "s": "session"}

# target shares (percent) of the brief
TYPE_SHARE = {"user": 5, "feedback": 19, "project": 54, "reference": 22}
SCOPE_SHARE = {"project": 72, "global": 16, "session": 11}
KIND_SHARE = {
    "keyword": 20,
    "paraphrase": 25,
    "chinese": 10,
    "cross-lingual": 10,
    "area": 10,
    "negative": 15,
    "superseded": 5,
    "multi": 5,
}
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
RELATIVE = re.compile(
    r"\b(today|tomorrow|yesterday|tonight|next (week|month|year|monday|tuesday|wednesday|thursday|"
    r"friday|sprint|cycle)|last (week|month|year|night)|this (week|month|morning|afternoon)|"
    r"in \d+ (days|weeks)|ago)\b|明天|昨天|今天|下周|上周|下个月|上个月",
    re.I,
)


def is_chinese(text: str) -> bool:
    """Chinese when CJK characters make up a real share of the letters."""
    cjk = len(CJK.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return cjk >= 4 and cjk * 2 >= latin * 0.5


def load_notes():
    import notes_areas1
    import notes_areas2
    import notes_extra
    import notes_people
    import notes_refs
    import notes_sessions

    raw = (
        notes_people.NOTES
        + notes_areas1.NOTES
        + notes_areas2.NOTES
        + notes_refs.NOTES
        + notes_sessions.NOTES
        + notes_extra.NOTES
    )
    notes, by_slug = [], {}
    for i, (slug, t, s, day, desc, body) in enumerate(raw, 1):
        if slug in by_slug:
            raise SystemExit(f"duplicate slug {slug}")
        h = int(hashlib.sha1(slug.encode()).hexdigest(), 16)
        created = f"{day}T{7 + h % 12:02d}:{(h >> 8) % 60:02d}:{(h >> 16) % 60:02d}Z"
        nid = f"n{i:03d}"
        by_slug[slug] = nid
        notes.append(
            {
                "id": nid,
                "name": slug,
                "description": desc,
                "type": TYPES[t],
                "scope": SCOPES[s],
                "created": created,
                "body": body,
            }
        )
    return notes, by_slug


def build():
    import queries as qmod

    notes, by_slug = load_notes()
    out = []
    for i, q in enumerate(qmod.QUERIES, 1):
        kind, first, now, msg, rel = q
        missing = [r for r in rel if r not in by_slug]
        if missing:
            raise SystemExit(f"query {i} ({msg!r}) references unknown notes {missing}")
        out.append(
            {
                "id": f"q{i:03d}",
                "message": msg,
                "relevant": [by_slug[r] for r in rel],
                "now": now,
                "first_turn": first,
                "kind": kind,
            }
        )
    CORPUS.write_text("".join(json.dumps(n, ensure_ascii=False) + "\n" for n in notes), "utf-8")
    QUERIES.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in out), "utf-8")
    print(f"wrote {len(notes)} notes, {len(out)} queries")


def parse_ts(s: str) -> datetime:
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def share_report(name, counter, total, targets, tol, errors):
    print(f"{name}:")
    for k, target in targets.items():
        pct = 100 * counter.get(k, 0) / total
        flag = "" if abs(pct - target) <= tol else "  <-- off target"
        print(f"  {k:14s} {counter.get(k, 0):4d}  {pct:5.1f}%  (target {target}%){flag}")
        if flag:
            errors.append(f"{name} share of {k} is {pct:.1f}%, target {target}% +-{tol}")
    extra = set(counter) - set(targets)
    if extra:
        errors.append(f"{name}: unknown values {sorted(extra)}")


def validate() -> int:
    import queries as qmod
    from memlsp.core.policy import check_candidate

    errors: list[str] = []
    notes = [json.loads(line) for line in CORPUS.read_text("utf-8").splitlines()]
    queries = [json.loads(line) for line in QUERIES.read_text("utf-8").splitlines()]
    by_id = {n["id"]: n for n in notes}
    if len(by_id) != len(notes):
        errors.append("duplicate note ids")
    if len({n["name"] for n in notes}) != len(notes):
        errors.append("duplicate note names")

    # ---- notes
    keys = {"id", "name", "description", "type", "scope", "created", "body"}
    lo, hi = parse_ts("2026-01-01T00:00:00Z"), parse_ts("2026-11-29T23:59:59Z")
    sizes, zh_notes = [], 0
    for n in notes:
        nid = n["id"]
        if set(n) != keys:
            errors.append(f"{nid}: keys {sorted(n)}")
        if not SLUG.match(n["name"]):
            errors.append(f"{nid}: name not kebab-case")
        if len(n["description"]) > 150:
            errors.append(f"{nid}: description {len(n['description'])} chars")
        size = len(n["body"].encode("utf-8"))
        sizes.append(size)
        if size > 4096:
            errors.append(f"{nid}: body {size} bytes")
        if not lo <= parse_ts(n["created"]) <= hi:
            errors.append(f"{nid}: created {n['created']} out of range")
        text = f"{n['description']}\n{n['body']}"
        if RELATIVE.search(text):
            errors.append(f"{nid}: relative date wording {RELATIVE.search(text).group(0)!r}")
        if "`" in text:
            errors.append(f"{nid}: backticks (code) in note")
        zh_notes += is_chinese(n["body"])
        v = check_candidate(text, source="user", now=parse_ts(n["created"]))
        if v.status != "ok":
            errors.append(f"{nid} {n['name']}: policy {v.status} {v.reason}: {v.message}")
        elif v.cleaned_text != text:
            errors.append(f"{nid} {n['name']}: policy rewrote the text (relative date?)")
    total = len(notes)
    if total < 320:
        errors.append(f"only {total} notes")
    share_report("types", Counter(n["type"] for n in notes), total, TYPE_SHARE, 3, errors)
    share_report("scopes", Counter(n["scope"] for n in notes), total, SCOPE_SHARE, 3, errors)
    zh_pct = 100 * zh_notes / total
    print(f"chinese notes: {zh_notes} ({zh_pct:.1f}%, target ~15%)")
    if abs(zh_pct - 15) > 3:
        errors.append(f"chinese note share {zh_pct:.1f}%")
    mid = sum(150 <= s <= 600 for s in sizes)
    print(f"body sizes: {mid}/{total} within 150-600 bytes, max {max(sizes)}, min {min(sizes)}")
    if mid < total * 0.7:
        errors.append("fewer than 70% of bodies within 150-600 bytes")

    # ---- supersession pairs (declared in queries.SUPERSEDED as old, new slugs)
    name_to_id = {n["name"]: n["id"] for n in notes}
    old_ids = set()
    for old, new in qmod.SUPERSEDED:
        o, nw = by_id[name_to_id[old]], by_id[name_to_id[new]]
        if not parse_ts(o["created"]) < parse_ts(nw["created"]):
            errors.append(f"supersession {old} -> {new}: newer note is not newer")
        old_ids.add(o["id"])
    print(f"superseded pairs: {len(qmod.SUPERSEDED)}")

    # ---- queries
    qkeys = {"id", "message", "relevant", "now", "first_turn", "kind"}
    if len({q["id"] for q in queries}) != len(queries):
        errors.append("duplicate query ids")
    if len(queries) < 220:
        errors.append(f"only {len(queries)} queries")
    new_of = {name_to_id[new]: name_to_id[old] for old, new in qmod.SUPERSEDED}
    for q in queries:
        qid, rel, kind = q["id"], q["relevant"], q["kind"]
        if set(q) != qkeys:
            errors.append(f"{qid}: keys {sorted(q)}")
        if not q["message"].strip():
            errors.append(f"{qid}: empty message")
        now = parse_ts(q["now"])
        for r in rel:
            if r not in by_id:
                errors.append(f"{qid}: unknown note {r}")
                continue
            if parse_ts(by_id[r]["created"]) >= now:
                errors.append(f"{qid}: relevant {r} created after now")
            if r in old_ids:
                errors.append(f"{qid}: relevant {r} is the older note of a superseded pair")
        if len(set(rel)) != len(rel):
            errors.append(f"{qid}: duplicate relevant ids")
        if kind == "negative":
            if rel:
                errors.append(f"{qid}: negative with relevant notes")
        elif not 1 <= len(rel) <= 3:
            errors.append(f"{qid}: {len(rel)} relevant notes")
        msg_zh = is_chinese(q["message"])
        if kind == "chinese":
            if not msg_zh:
                errors.append(f"{qid}: chinese query without Chinese message")
            for r in rel:
                if r in by_id and not is_chinese(by_id[r]["body"]):
                    errors.append(f"{qid}: chinese query with non-Chinese note {r}")
        if kind == "cross-lingual" and rel and rel[0] in by_id:
            if msg_zh == is_chinese(by_id[rel[0]]["body"]):
                errors.append(f"{qid}: cross-lingual query in the same language as {rel[0]}")
        if kind not in ("chinese", "cross-lingual") and msg_zh and kind != "negative":
            errors.append(f"{qid}: {kind} query written in Chinese")
        if kind == "superseded":
            if len(rel) != 1:
                errors.append(f"{qid}: superseded query must list exactly 1 note")
            elif rel[0] not in new_of:
                errors.append(f"{qid}: superseded query's note is not the newer of a pair")
        if kind == "multi" and not 2 <= len(rel) <= 3:
            errors.append(f"{qid}: multi query with {len(rel)} notes")
    qn = max(1, len(queries))
    share_report("kinds", Counter(q["kind"] for q in queries), qn, KIND_SHARE, 3, errors)
    ft = sum(q["first_turn"] for q in queries)
    print(f"first_turn true: {ft} ({100 * ft / qn:.1f}%, target ~40%)")
    if abs(100 * ft / qn - 40) > 5:
        errors.append("first_turn share off target")
    used = {r for q in queries for r in q["relevant"]}
    print(f"notes used as relevant: {len(used)}/{total}")

    for e in errors:
        print("ERROR:", e)
    print("OK" if not errors else f"{len(errors)} problem(s)")
    return 1 if errors else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--validate", action="store_true", help="only validate the files on disk")
    args = ap.parse_args()
    if not args.validate:
        build()
    return validate()


if __name__ == "__main__":
    sys.exit(main())
