"""Benchmark: what keeping the previous version costs per automatic write (ADR 0003).

Run: ``python bench/history_cost.py [--notes 200] [--writes 200]``. Three ways to update an
existing note, each over a scope of ``--notes`` notes, ``--writes`` updates each:

* ``none``      — ``Store.write_note`` with the history off (``retention.historyDays`` = 0);
* ``versions``  — the same with the content-addressed version store (what memlsp does);
* ``git``       — the same with the history off, then ``git add`` + ``git commit`` of the
  note in a repository per scope (the alternative the ADR weighs), through the git CLI.

Prints p50 / p90 per write in ms, the added cost over ``none``, the history's size on
disk, and the load average before and after (the machine is shared: read the ratios).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from memlsp.core.notes import Note
from memlsp.core.store import Store

GIT_ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "bench@example.invalid",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "bench@example.invalid",
}


def note(i: int, version: int) -> Note:
    return Note(
        name=f"note-{i:04d}",
        description=f"Synthetic note {i} about topic {i % 37}",
        type="project",
        body=f"Version {version} of a fact worth keeping.\n" * 6,
        meta={"source": "extraction"},
    )


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=GIT_ENV)


def run(kind: str, notes: int, writes: int) -> tuple[list[float], int]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "home", history_days=30 if kind == "versions" else 0)
        scope = store.ensure_scope(store.global_scope())
        for i in range(notes):
            store.write_note(scope, note(i, 0))
        if kind == "git":
            git(scope.root, "init", "-q")
            git(scope.root, "add", "-A")
            git(scope.root, "commit", "-qm", "start")
        times = []
        for w in range(writes):
            i = w % notes
            t0 = time.perf_counter()
            res = store.write_note(scope, note(i, w + 1))
            if kind == "git":
                rel = Path(res.entry.path).relative_to(scope.rel).as_posix()
                git(scope.root, "add", "--", rel, "MEMORY.md")
                git(scope.root, "commit", "-qm", f"update {rel}")
            times.append((time.perf_counter() - t0) * 1000)
        size = sum(
            f.stat().st_size
            for f in (scope.state_dir / "history").rglob("*")
            if f.is_file()
        ) if kind == "versions" else 0  # fmt: skip
        return times, size


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=200)
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    results = {k: run(k, args.notes, args.writes) for k in ("none", "versions", "git")}
    base = statistics.median(results["none"][0])
    print(f"{'mode':<10} {'p50 ms':>8} {'p90 ms':>8} {'added p50':>10}  history bytes")
    for kind, (times, size) in results.items():
        p50 = statistics.median(times)
        print(
            f"{kind:<10} {p50:8.2f} {pct(times, 0.9):8.2f} {p50 - base:+10.2f}  "
            f"{size if kind == 'versions' else '-'}"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
