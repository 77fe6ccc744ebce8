"""Citation diagnostics through the language server (SPEC §13; issue 8 acceptance 3,
issue 19 acceptance 1).

    python bench/citations_lsp.py [--files 10000] [--notes 1000] [--deletions 20]
                                  [--runs 3] [--quick] [--json]

Builds the generated repository of bench/citations.py (git history with churn) and a
memory home of notes citing it, then drives ``memlsp serve --stdio`` as an editor does
(VS Code's client capabilities) and prints, as the median of ``--runs`` server starts:

- server start (process spawn) to the first ``textDocument/publishDiagnostics`` (target
  ≤ 1.5 s), with a cold symbol index and with the index cache on disk; the CPU time the
  server process had used by then (user + system, from /proc: unlike wall time it does not
  grow with other processes' load, so on a busy machine it is the better estimate of the
  wall time on an idle one); split into process
  start + imports (a bare ``import memlsp.lsp.server`` process, timed apart), the rest of
  ``initialize``, the server's own phases until the first report (workspace file set, notes
  scanned and their citations extracted, file-level judging — from the server's log) and
  the first publish; then start to the full diagnostics (symbol index loaded, every
  citation judged);
- a full check warm from the on-disk cache (a fresh checker in this process: the symbol
  index read from the project scope's cache, the notes read from disk; target ≤ 2 s);
- file deleted + ``workspace/didChangeWatchedFiles`` sent to the updated diagnostics of a
  note citing it, over several deletions: p50 and max (target ≤ 100 ms).

``--json`` prints one JSON object instead (``{"name", "figures": [{"metric", "value",
"unit", "target", "met"}], "load": [1m, 5m, 15m]}``; a figure without a target has
``target`` null and ``met`` true), which ``bench/run.py`` collects. ``--quick`` is one run
and five deletions (under a minute on the 2-core machine).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # for bench.fixtures
sys.path.insert(0, str(HERE.parent / "server"))

from lsprotocol import types  # noqa: E402
from memlsp.core.citations import Checker  # noqa: E402
from memlsp.core.store import Store  # noqa: E402

from bench.fixtures.citation_repo import generate_repo  # noqa: E402
from bench.fixtures.editor import Editor  # noqa: E402
from bench.fixtures.figures import emit, figure, result  # noqa: E402

TARGET_FIRST_S = 1.5
TARGET_WARM_DISK_S = 2.0
TARGET_DELETION_S = 0.1


def import_seconds(env: dict) -> tuple[float, float]:
    """Process start + imports of the server, timed apart: a process that only imports.
    Wall and CPU seconds."""
    code = "import memlsp.cli.main, memlsp.lsp.server, memlsp.lsp.features"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


async def one_start(repo: Path, env: dict, cache: Path | None) -> tuple[Editor, dict]:
    """Start a server (with the symbol index cache deleted first when ``cache`` is
    given), wait for its first and its full diagnostics; the editor is left running."""
    if cache is not None:
        for f in cache.glob("symbols-*.json"):
            f.unlink()
    editor = Editor()
    first = await editor.start(repo, env)
    full = await editor.full()
    report = editor.phases.get("first report", {})
    row = {
        "first": first,
        "initialize": editor.initialize_s,
        "first_files": first - editor.initialize_s,
        "cpu": editor.cpu_at_first if editor.cpu_at_first is not None else float("nan"),
        "full": full,
        "setup": report.get("setup", float("nan")),
        "notes_read": report.get("scan", 0) + report.get("extract", 0),
        "files_judged": report.get("files", float("nan")) + report.get("index", 0),
    }
    return editor, row


def warm_from_disk(repo: Path, home: Path) -> tuple[float, float, dict]:
    """Wall and CPU seconds of a full check by a fresh checker (index from the cache)."""
    t, cpu = time.perf_counter(), time.process_time()
    checker = Checker(repo, Store(home))
    checker.check_all()
    return time.perf_counter() - t, time.process_time() - cpu, dict(checker.timings)


async def deletions(editor: Editor, gen, count: int) -> list[float]:
    cited = sorted({label.split(":")[0] for _, label in gen.live if "/" in label})
    victims = random.Random(3).sample(cited, min(count, len(cited)))
    latencies = []
    for victim in victims:
        path = gen.repo / victim
        if not path.exists():
            continue
        path.unlink()
        before = len(editor.published)
        editor.event.clear()
        t0 = time.monotonic()
        editor.client.workspace_did_change_watched_files(
            types.DidChangeWatchedFilesParams(
                changes=[types.FileEvent(uri=path.as_uri(), type=types.FileChangeType.Deleted)]
            )
        )
        deadline = t0 + 10
        while len(editor.published) == before and time.monotonic() < deadline:
            editor.event.clear()
            try:
                await asyncio.wait_for(editor.event.wait(), deadline - time.monotonic())
            except TimeoutError:
                break
        if len(editor.published) > before:
            latencies.append(editor.published[before][0] - t0)
        await asyncio.sleep(0.05)
    return latencies


async def run(args) -> dict:
    say = (lambda *a: None) if args.json else print
    with tempfile.TemporaryDirectory(prefix="memlsp-bench-citlsp-") as tmp:
        tmp_path = Path(tmp)
        home = tmp_path / "home"
        t = time.perf_counter()
        gen = generate_repo(
            tmp_path / "repo", files=args.files, notes=args.notes, cites_per_note=args.cites
        )
        store = Store(home)
        scope = gen.place(store)
        cache = scope.state_dir / "citations"
        say(
            f"fixture: {args.files} files, {len(gen.notes)} notes, built in "
            f"{time.perf_counter() - t:.1f} s"
        )
        env = {
            **os.environ,
            "MEMLSP_HOME": str(home),
            "XDG_DATA_HOME": str(tmp_path / "xdg"),
            # the server runs this checkout's code, not whatever is installed
            "PYTHONPATH": os.pathsep.join(
                p for p in [*sys.path[:2], os.environ.get("PYTHONPATH", "")] if p
            ),
        }
        rows: dict[str, list[dict]] = {"cold": [], "cached": []}
        imports, imports_cpu, disk, disk_cpu = [], [], [], []
        disk_phases: dict = {}
        editor = None
        for i in range(args.runs):
            wall, cpu = import_seconds(env)
            imports.append(wall)
            imports_cpu.append(cpu)
            for label in ("cold", "cached"):
                editor, row = await one_start(gen.repo, env, cache if label == "cold" else None)
                rows[label].append(row)
                say(
                    f"run {i + 1}, symbol index {label}: first diagnostics {row['first']:.2f} s "
                    f"(initialize {row['initialize']:.2f} s), full {row['full']:.2f} s"
                )
                if not (label == "cached" and i == args.runs - 1):
                    await editor.stop()
            seconds, cpu, disk_phases = warm_from_disk(gen.repo, home)
            disk.append(seconds)
            disk_cpu.append(cpu)
        med = statistics.median
        imp = med(imports)
        figures = []
        figures.append(figure("first diagnostics split: process start + imports", imp, "s"))
        figures.append(
            figure(
                "first diagnostics split: process start + imports, CPU time", med(imports_cpu), "s"
            )
        )
        for label, name in (("cached", "index cached on disk"), ("cold", "cold symbol index")):
            r = rows[label]
            first = med(x["first"] for x in r)
            init = med(x["initialize"] for x in r)
            split = [
                ("initialize, the rest", max(0.0, init - imp)),
                ("server: workspace files + git", med(x["setup"] for x in r)),
                ("server: notes read", med(x["notes_read"] for x in r)),
                ("server: missing files judged", med(x["files_judged"] for x in r)),
                ("initialized to first publish", med(x["first_files"] for x in r)),
            ]
            figures.append(
                figure(f"start to first diagnostics ({name})", first, "s", TARGET_FIRST_S)
            )
            cpu = med(x["cpu"] for x in r)
            figures.append(figure(f"server CPU time to first diagnostics ({name})", cpu, "s"))
            figures += [figure(f"first diagnostics split: {k} ({name})", v, "s") for k, v in split]
            figures.append(
                figure(f"start to full diagnostics ({name})", med(x["full"] for x in r), "s")
            )
        warm = med(disk)
        figures.append(
            figure("full check warm from the on-disk cache", warm, "s", TARGET_WARM_DISK_S)
        )
        figures.append(
            figure("full check warm from the on-disk cache, CPU time", med(disk_cpu), "s")
        )
        say(
            "  warm-from-disk phases (s): "
            + ", ".join(f"{k} {v:.2f}" for k, v in disk_phases.items())
        )
        await asyncio.sleep(0.5)
        latencies = await deletions(editor, gen, args.deletions)
        await editor.stop()
        if latencies:
            figures += [
                figure("deletion to updated diagnostics p50", med(latencies) * 1000, "ms", 100.0),
                figure("deletion to updated diagnostics max", max(latencies) * 1000, "ms"),
            ]
        else:
            figures.append(figure("deletion to updated diagnostics p50", float("inf"), "ms", 100))
    return result("citations_lsp", figures)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--notes", type=int, default=1_000)
    ap.add_argument("--cites", type=int, default=6)
    ap.add_argument("--deletions", type=int, default=20)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one run, five deletions")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.quick:
        args.runs, args.deletions = 1, min(args.deletions, 5)
    res = asyncio.run(run(args))
    return emit(res, as_json=args.json, heading=f"figure (median of {args.runs} runs)")


if __name__ == "__main__":
    sys.exit(main())
