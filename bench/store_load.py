"""Benchmark: load 10,000 notes and regenerate MEMORY.md (issue 2, acceptance 7).

Run: ``python bench/store_load.py [--notes 10000]``. Prints cold scan (parse every file),
warm scan (the store's stat-keyed cache), index render, and a full rebuild_index.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from memlsp.core import memory_md
from memlsp.core.notes import Note
from memlsp.core.store import Store

TYPES = ("user", "feedback", "project", "reference")


def populate(store: Store, n: int) -> None:
    scope = store.ensure_scope(store.global_scope())
    rng = random.Random(7)
    for i in range(n):
        note = Note(
            name=f"note-{i:05d}",
            description=f"Synthetic note {i} about topic {rng.randrange(500)}",
            type=TYPES[i % 4],
            body="A line of body text for the benchmark.\n" * rng.randrange(3, 15),
            meta={"created": "2026-06-01T00:00:00Z", "source": "manual"},
        )
        section = scope.root / ("inbox" if i % 5 == 0 else "")
        (section / f"{note.name}.md").write_text(note.render(), encoding="utf-8")


def timed(fn, repeat: int = 3) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        populate(Store(home), args.notes)
        store = Store(home)
        scope = store.global_scope()
        t0 = time.perf_counter()
        res = store.scan(scope)
        cold = (time.perf_counter() - t0) * 1000
        assert len(res.entries) == args.notes, len(res.entries)
        warm = timed(lambda: store.scan(scope))
        render = timed(lambda: memory_md.render_index(res.entries))
        rebuild = timed(lambda: Store(home).rebuild_index(scope), repeat=2)
        counter = iter(range(10**6))

        def one_write() -> None:
            store.write_note(
                scope,
                Note(name="bench-edit", description=f"Edited {next(counter)}", type="project"),
            )

        one_write()
        write = timed(one_write, repeat=5)
        print(f"notes: {args.notes}")
        print(
            f"cold load (parse every note):    {cold:8.1f} ms  ({cold / args.notes * 1000:.1f} µs/note)"
        )
        print(
            f"warm load (stat-keyed cache):    {statistics.median(warm):8.1f} ms  "
            f"(ratio cold/warm {cold / statistics.median(warm):.1f}x)"
        )
        print(f"index render (in memory):        {statistics.median(render):8.1f} ms")
        print(f"rebuild_index, new process:      {statistics.median(rebuild):8.1f} ms")
        print(
            f"write_note + index, warm store:  {statistics.median(write):8.1f} ms  "
            f"(ratio new-process/warm {statistics.median(rebuild) / statistics.median(write):.1f}x)"
        )
        lines = scope.index_path.read_text().count("\n")
        print(
            f"MEMORY.md: {lines} lines; budgeted view: "
            f"{memory_md.budgeted(scope.index_path.read_text()).count(chr(10))} lines"
        )


if __name__ == "__main__":
    main()
