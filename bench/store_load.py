"""Benchmark: load 10,000 notes and regenerate MEMORY.md (issue 2, acceptance 7; issue 19,
acceptance 2).

Run: ``python bench/store_load.py [--notes 10000] [--json] [--quick]``. Prints cold scan
(parse every file), cold scan of a new store from the parse cache on disk (ADR 0004), warm
scan (the store's stat-keyed cache), index render, a full rebuild_index, and a cold
``memlsp ls --json`` process (start to exit, wall and CPU) with and without the parse
cache. Each figure is the median of three runs; the load average is printed with them.
``--json`` prints the figures for ``bench/run.py``; ``--quick`` skips the index figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

from memlsp.core import memory_md, parse_cache  # noqa: E402
from memlsp.core.notes import Note  # noqa: E402
from memlsp.core.store import Store  # noqa: E402

LS_TARGET_S = 1.0
LOAD_TARGET_S = 0.5

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


def drop_parse_cache(home: Path) -> None:
    for cache in home.glob(f"**/.memlsp/{parse_cache.CACHE_NAME}"):
        cache.unlink()


def cold_scan_s(home: Path, *, with_cache: bool) -> tuple[float, float]:
    """A new Store's first scan of the global scope: (wall s, CPU s of this process)."""
    if not with_cache:
        drop_parse_cache(home)
    store = Store(home)
    t0, c0 = time.perf_counter(), time.process_time()
    store.scan(store.global_scope())
    return time.perf_counter() - t0, time.process_time() - c0


def ls_process(home: Path, work: Path) -> tuple[float, float]:
    """A ``memlsp ls --json`` process, start to exit: (wall s, CPU s of the child)."""
    env = dict(os.environ, MEMLSP_HOME=str(home), PYTHONPATH=str(ROOT / "server"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "memlsp", "ls", "--json"],
        cwd=work,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def figures(n: int, repeat: int = 3, once: int = 3) -> list[dict]:
    """The cold-load figures of issue 19, each the median of ``repeat`` runs (``once``
    runs for the figures without the parse cache)."""
    with tempfile.TemporaryDirectory() as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir()
        subprocess.run(["git", "init", "-q", str(work)], check=True)
        populate(Store(home), n)
        nocache = [cold_scan_s(home, with_cache=False) for _ in range(once)]
        ls_cold = [ls_process(home, work) for _ in range(once)]
        # memlsp's writes keep the cache: one index rebuild, as after any `remember`
        Store(home).rebuild_index(Store(home).global_scope())
        cached = [cold_scan_s(home, with_cache=True) for _ in range(repeat)]
        ls_warm = [ls_process(home, work) for _ in range(repeat)]
    rows = (  # (what, runs of (wall, CPU), wall or CPU, target)
        ("cold load in-process, no parse cache", nocache, 0, None),
        ("cold load in-process, no parse cache", nocache, 1, None),
        ("cold load in-process, parse cache", cached, 0, LOAD_TARGET_S),
        ("cold load in-process, parse cache", cached, 1, LOAD_TARGET_S),
        ("`memlsp ls --json`, no parse cache, process start included", ls_cold, 0, None),
        ("`memlsp ls --json`, process start included", ls_warm, 0, LS_TARGET_S),
        ("`memlsp ls --json`, process start included", ls_warm, 1, LS_TARGET_S),
    )
    return [
        fig(
            f"{what}, {n:,} notes ({'CPU' if i else 'wall'})",
            statistics.median(r[i] for r in runs),
            "s",
            target,
        )
        for what, runs, i, target in rows
    ]


def fig(metric: str, value: float, unit: str, target: float | None = None) -> dict:
    return {
        "metric": metric,
        "value": round(value, 3),
        "unit": unit,
        "target": None if target is None else f"<= {target}",
        "met": None if target is None else value <= target,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--json", action="store_true", help="figures as JSON (bench/run.py)")
    parser.add_argument("--quick", action="store_true", help="the cold-load figures only")
    args = parser.parse_args()
    if args.json or args.quick:
        figs = figures(args.notes, once=1 if args.quick else 3)
        if args.json:
            print(json.dumps({"name": "store", "figures": figs, "load": list(os.getloadavg())}))
        else:
            for f in figs:
                print(f"{f['metric']:<66} {f['value']:8.3f} {f['unit']}")
        return
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
        for f in figures(args.notes):
            print(f"{f['metric']:<66} {f['value']:8.3f} {f['unit']}")
        print(f"load average: {os.getloadavg()}")
        print(
            f"MEMORY.md: {lines} lines; budgeted view: "
            f"{memory_md.budgeted(scope.index_path.read_text()).count(chr(10))} lines"
        )


if __name__ == "__main__":
    main()
