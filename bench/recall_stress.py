"""Recall's hard limits under adversarial input (issue 3, acceptance 3).

A memory of 5,000 notes of ~50 KB each (plus notes with broken frontmatter), a 1 MB user
message, and one session that keeps asking until its budget is spent. Asserts and prints:
at most 5 notes a turn, at most 4 KB of each note's body, at most 60 KB injected in the
session, no exception, and a clear log line about the unreadable notes.

    python bench/recall_stress.py [--notes 5000] [--note-kb 50] [--embedder hashing]

The default embedder is the real model (notes are cut to the model's input length before
embedding, so 50 KB bodies cost what 2 KB ones do); ``--embedder hashing`` is quicker.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import io  # noqa: E402
import logging  # noqa: E402
import random  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from memlsp.core.notes import Note  # noqa: E402
from memlsp.core.recall import (  # noqa: E402
    MAX_INJECTED_NOTE_BYTES,
    MAX_SELECTED,
    SESSION_BUDGET_BYTES,
    recaller_for,
)
from memlsp.core.retrieval.embedders import load_embedder  # noqa: E402
from memlsp.core.store import Store  # noqa: E402

TOPICS = [
    "billing invoices and credit notes",
    "driver app release train",
    "search cluster reindexing",
    "warehouse models and nightly jobs",
    "single sign-on and session lifetimes",
    "webhook delivery retries",
    "admin dashboard routing",
    "terraform state and drift",
]
BROKEN = [
    "---\nname: [unclosed\ndescription: x\n---\nbody\n",  # YAML error
    "no frontmatter at all, just text\n",
    "---\nname: half\n",  # frontmatter never closed
    "---\n: : :\n---\n",
    "\x00\x01binary\xff",
]


def build(home: Path, work: Path, n: int, note_kb: int, embedder) -> tuple:
    store = Store(home)
    recaller = recaller_for(store, work, embedder=embedder)
    root = recaller.project.root
    root.mkdir(parents=True, exist_ok=True)  # recall never creates the memory home
    rnd = random.Random(0)
    filler = " ".join(f"{t} detail {i}" for i, t in enumerate(TOPICS * 4))
    for i in range(n):
        topic = TOPICS[i % len(TOPICS)]
        body = f"Rule {i} about {topic}. " + (filler + " ") * (note_kb * 1024 // (len(filler) + 1))
        note = Note(
            name=f"{topic.split()[0]}-{i}",
            description=f"{topic}: rule {i} ({rnd.random():.6f})",
            type="project",
            body=body[: note_kb * 1024],
            meta={"created": "2026-01-01T00:00:00Z"},
        )
        (root / f"{note.name}.md").write_text(note.render(), encoding="utf-8")
    for j, text in enumerate(BROKEN):
        (root / f"broken-{j}.md").write_bytes(text.encode("utf-8", "surrogateescape"))
    return store, recaller


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notes", type=int, default=5000)
    ap.add_argument("--note-kb", type=int, default=50)
    ap.add_argument("--embedder", default=None)
    args = ap.parse_args(argv)
    logs = io.StringIO()
    handler = logging.StreamHandler(logs)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger("memlsp").addHandler(handler)
    logging.getLogger("memlsp").setLevel(logging.INFO)
    failures = []
    with tempfile.TemporaryDirectory(prefix="memlsp-stress-") as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir()
        t0 = time.perf_counter()
        store, recaller = build(home, work, args.notes, args.note_kb, load_embedder(args.embedder))
        print(f"wrote {args.notes} notes of {args.note_kb} KB + {len(BROKEN)} broken ones"
              f" in {time.perf_counter() - t0:.1f} s")  # fmt: skip
        t0 = time.perf_counter()
        recaller.refresh(force=True)
        print(f"index built in {time.perf_counter() - t0:.1f} s")
        huge = ("How do we handle billing invoices and webhook delivery retries? " * 20_000)[
            : 1024 * 1024
        ]
        messages = [huge] + [f"What is rule {i} about {t}?" for i, t in enumerate(TOPICS * 6)]
        total = 0
        turns = 0
        for msg in messages:
            t0 = time.perf_counter()
            res = recaller.recall("stress-session", msg)
            ms = (time.perf_counter() - t0) * 1000
            turns += 1
            size = len(res.reminder.encode("utf-8"))
            total += size
            if len(res.memories) > MAX_SELECTED:
                failures.append(f"turn {turns}: {len(res.memories)} notes")
            for m in res.memories:
                body = m.content.split("\n[… cut at 4 KB", 1)[0]
                if len(body.encode("utf-8")) > MAX_INJECTED_NOTE_BYTES:
                    failures.append(f"turn {turns}: {m.path} injected {len(body)} bytes")
            if turns <= 3 or res.skipped:
                print(f"turn {turns}: message {len(msg.encode()):>8} B, {len(res.memories)} notes,"
                      f" {size:>6} B injected, {ms:7.1f} ms, skipped={res.skipped}")  # fmt: skip
            if res.skipped == "budget-exhausted":
                break
        if total > SESSION_BUDGET_BYTES:
            failures.append(f"session injected {total} B > {SESSION_BUDGET_BYTES}")
        print(f"session: {turns} turns, {total} B injected (limit {SESSION_BUDGET_BYTES} B)")
    log_text = logs.getvalue()
    skip_lines = [line for line in log_text.splitlines() if "unreadable note" in line]
    if not skip_lines:
        failures.append("no log line about the broken notes")
    print("log lines:")
    for line in log_text.splitlines()[:10]:
        print("  " + line[:200])
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    print("OK: ≤ 5 notes a turn, ≤ 4 KB each, ≤ 60 KB a session, no crash, broken notes logged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
