"""Kill -9 during a dream, then recover, many times (SPEC R6, R22; issue 5 acceptance 1).

Run as a script (one process, single-threaded, so ``fork`` is safe and cheap)::

    python dream_crash_harness.py --iterations 200 --seed 7 --out report.json

Each iteration copies a small template home, forks a child that runs a forced dream, and
SIGKILLs it: half the time at a chosen step of the apply (``MEMLSP_FAULT_KILL_AT``,
cycling over every step), half the time after a random delay while each step sleeps a
little (``MEMLSP_FAULT_DELAY_MS``), so kills also land inside writes and during planning.
Then it runs ``recover`` (timed) and checks: every live note is the old or the new version
(the set as a whole is all-old or all-new), every note parses, no inbox observation is
both archived and missing from the topics, no journal or staged file is left, and the
index matches the notes. The report is JSON; the test asserts on it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dreamkit import NOW, live_notes, small_home  # noqa: E402
from memlsp.core import memory_md  # noqa: E402
from memlsp.core.dream import apply as apply_mod  # noqa: E402
from memlsp.core.dream import dream, recover  # noqa: E402
from memlsp.core.notes import parse_note  # noqa: E402
from memlsp.core.settings import Settings  # noqa: E402
from memlsp.core.store import Store  # noqa: E402


def run_child(home: Path, env: dict[str, str]) -> None:
    os.environ.update(env)
    apply_mod._fault_count = 0
    code = 0
    try:
        store = Store(home)
        dream(store, store.global_scope(), now=NOW, force=True, settings=Settings())
    except BaseException:
        code = 3
    os._exit(code)


def check(home: Path, old: dict[str, str], new: dict[str, str], inbox: dict[str, str]) -> list[str]:
    store = Store(home)
    scope = store.global_scope()
    problems: list[str] = []
    now = live_notes(scope)
    if now != old and now != new:
        mixed = sorted(
            p for p in set(now) | set(old) | set(new) if now.get(p) not in (old.get(p), new.get(p))
        )
        problems.append(f"neither old nor new: {mixed[:5]}")
    for rel in now:
        try:
            parse_note((scope.root / rel).read_bytes(), stem=Path(rel).stem)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{rel} does not parse: {exc}")
    archived = {}
    archive = scope.root / "archive"
    if archive.is_dir():
        for run in archive.iterdir():
            for p in run.rglob("*.md"):
                archived[p.relative_to(run).as_posix()] = apply_mod.file_sha(p)
    for rel, sha in inbox.items():
        in_inbox = now.get(rel) == sha
        in_archive = archived.get(rel) == sha
        if in_inbox == in_archive:
            problems.append(f"{rel}: in inbox={in_inbox}, archived={in_archive}")
        if in_archive and now != new:
            problems.append(f"{rel} archived but topics are not the new version")
    leftovers = [p.name for p in scope.root.rglob("*.dream.tmp")]
    jdir = scope.state_dir / "journal"
    if jdir.is_dir():
        leftovers += [p.name for p in jdir.iterdir() if p.suffix == ".json"]
    if leftovers:
        problems.append(f"left behind: {leftovers}")
    entries = [e for e in store.scan(scope).entries if e.section in ("", "inbox")]
    if scope.index_path.read_text("utf-8") != memory_md.render_index(entries):
        problems.append("MEMORY.md does not match the notes")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--delay-ms", type=float, default=3.0)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="memlsp-crash-"))
    try:
        template = work / "template"
        small_home(template)
        scope_rel = "global"
        old = live_notes(Store(template).global_scope())
        inbox = {k: v for k, v in old.items() if k.startswith("inbox/")}
        # The reference run: no kill; counts the fault points and times the apply.
        ref = work / "ref"
        shutil.copytree(template, ref)
        os.environ["MEMLSP_FAULT_DELAY_MS"] = str(args.delay_ms)
        apply_mod._fault_count = 0
        t0 = time.perf_counter()
        store = Store(ref)
        dream(store, store.global_scope(), now=NOW, force=True, settings=Settings())
        ref_s = time.perf_counter() - t0
        points = apply_mod._fault_count
        del os.environ["MEMLSP_FAULT_DELAY_MS"]
        new = live_notes(Store(ref).global_scope())
        report = {
            "iterations": 0,
            "fault_points": points,
            "reference_s": round(ref_s, 4),
            "rolled_forward": 0,
            "rolled_back": 0,
            "no_journal": 0,
            "ended_old": 0,
            "ended_new": 0,
            "child_finished": 0,
            "recover_max_s": 0.0,
            "recover_p50_s": 0.0,
            "failures": [],
        }
        recover_times = []
        for i in range(args.iterations):
            home = work / f"h{i}"
            shutil.copytree(template, home)
            if i % 2 == 0:
                env = {"MEMLSP_FAULT_KILL_AT": str(1 + (i // 2) % points)}
                delay = None
            else:
                env = {"MEMLSP_FAULT_DELAY_MS": str(args.delay_ms)}
                delay = rng.uniform(0, ref_s * 1.1)
            pid = os.fork()
            if pid == 0:
                run_child(home, env)
            if delay is not None:
                time.sleep(delay)
                os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            if os.WIFEXITED(status):
                report["child_finished"] += 1
            t0 = time.perf_counter()
            rep = recover(Store(home), Store(home).global_scope())
            took = time.perf_counter() - t0
            recover_times.append(took)
            report["rolled_forward"] += len(rep.rolled_forward)
            report["rolled_back"] += len(rep.rolled_back)
            report["no_journal"] += not (rep.rolled_forward or rep.rolled_back)
            problems = check(home, old, new, inbox)
            now_state = live_notes(Store(home).global_scope())
            report["ended_new" if now_state == new else "ended_old"] += 1
            if problems:
                report["failures"].append({"iteration": i, "env": env, "problems": problems})
            report["iterations"] += 1
            shutil.rmtree(home)
        recover_times.sort()
        report["recover_max_s"] = round(recover_times[-1], 4)
        report["recover_p50_s"] = round(recover_times[len(recover_times) // 2], 4)
        report["scope"] = scope_rel
    finally:
        shutil.rmtree(work, ignore_errors=True)
    text = json.dumps(report, indent=2)
    if args.out:
        args.out.write_text(text)
    print(text)
    return 0 if not report["failures"] else 1


if __name__ == "__main__":
    sys.exit(main())
