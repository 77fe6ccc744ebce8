"""Benchmark: team sync of a large project memory (issue 20, acceptance 4; SPEC R40).

Run: ``python bench/sync.py [--notes 10000] [--changes 10] [--quick] [--json]``. Two
memory homes share one bare remote (real git, local transport):

1. *first sync, sender*: home A holds ``--notes`` topic notes and syncs for the first
   time (export every note, one commit, push);
2. *first sync, receiver*: home B, empty, syncs (fetch, every note through the incoming
   gate, written into its scope, MEMORY.md regenerated);
3. *incremental sync, sender*: A edits ``--changes`` notes and syncs;
4. *incremental sync, receiver*: B syncs and receives them.

Each step is timed once (wall clock); the load average is printed before and after (the
machine is shared: read the numbers with it). ``--quick`` uses 1,000 notes. ``--json``
prints ``{"name", "figures": [{"metric", "value", "unit", "target", "met"}], "load"}``.
The targets are this benchmark's own (the SPEC's table names none for sync): a first sync
of 10,000 notes within 60 s a side, an incremental sync within 2 s a side.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memlsp.core import sync
from memlsp.core.identity import ProjectId
from memlsp.core.notes import Note
from memlsp.core.store import Store

PROJECT = ProjectId("example.com/bench/app", "remote", "https://example.com/bench/app.git")
WHO = sync.Who("bench", "bench@example.invalid", "bench-machine")
TARGETS = {"first": 60.0, "incremental": 2.0}


def note(i: int) -> Note:
    return Note(
        name=f"fact-{i:05d}",
        description=f"Synthetic team fact {i} about area {i % 97}",
        type="project",
        body=f"The area {i % 97} decision number {i} holds until the next review.\n",
        meta={"created": "2026-11-01T09:00:00Z", "source": "manual"},
    )


def home(root: Path, name: str, remote: Path):
    store = Store(root / name)
    scope = store.ensure_scope(store.project_scope(project=PROJECT))
    sync.init(store, scope, str(remote), sync.DEFAULT_BRANCH)
    return store, scope


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def run(notes: int, changes: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="memlsp-sync-bench-") as tmp:
        root = Path(tmp)
        remote = root / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        a_store, a_scope = home(root, "a", remote)
        b_store, b_scope = home(root, "b", remote)
        for i in range(notes):  # a scope as it is after months of use (one index at the end)
            (a_scope.root / f"fact-{i:05d}.md").write_text(note(i).render(), "utf-8")
        a_store.rebuild_index(a_scope)

        first_a, res_a = timed(lambda: sync.sync(a_store, a_scope, WHO))
        first_b, res_b = timed(lambda: sync.sync(b_store, b_scope, WHO))
        assert res_a.exported == notes and res_b.imported == notes, (res_a, res_b)
        step = max(1, notes // changes)
        for i in range(0, step * changes, step):

            def change(n: Note, i=i) -> Note:
                n.body += f"Amended once more ({i}).\n"
                return n

            a_store.update_note(f"{a_scope.rel}/fact-{i:05d}.md", change)
        inc_a, res_a = timed(lambda: sync.sync(a_store, a_scope, WHO))
        inc_b, res_b = timed(lambda: sync.sync(b_store, b_scope, WHO))
        assert res_a.exported == changes and res_b.imported == changes, (res_a, res_b)
        same = sync.local_notes(a_scope) == sync.local_notes(b_scope)
        assert same, "the two homes differ after the incremental sync"
    return {
        "first sync, sender": first_a,
        "first sync, receiver": first_b,
        "incremental sync, sender": inc_a,
        "incremental sync, receiver": inc_b,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--quick", action="store_true", help="1,000 notes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    notes = 1_000 if args.quick else args.notes
    load = [round(x, 2) for x in os.getloadavg()]
    times = run(notes, args.changes)
    load += [round(x, 2) for x in os.getloadavg()]
    figures = []
    for metric, seconds in times.items():
        target = TARGETS["first" if metric.startswith("first") else "incremental"]
        figures.append(
            {
                "metric": f"{metric} ({notes} notes"
                + (f", {args.changes} changes)" if "incremental" in metric else ")"),
                "value": round(seconds, 3),
                "unit": "s",
                "target": target,
                "met": seconds <= target,
            }
        )
    if args.json:
        print(json.dumps({"name": "sync", "figures": figures, "load": load}, indent=2))
    else:
        print(f"load average before: {' '.join(map(str, load[:3]))}")
        for f in figures:
            mark = "ok" if f["met"] else "OVER"
            print(f"{f['metric']:<52} {f['value']:>8.2f} s  (target {f['target']:g} s, {mark})")
        print(f"load average after: {' '.join(map(str, load[3:]))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
