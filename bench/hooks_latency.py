"""Claude Code hooks: how long the agent waits (issue 17, acceptance 1).

Runs the real ``memlsp hook`` process, as Claude Code would, against a temporary memory home
of ``--notes`` notes in a temporary git project (rollout ``on``):

- **UserPromptSubmit, warm**: the hook daemon is up and its recall warm (the first prompt
  of a session starts it); each run is a new session and prompt, so recall really runs.
  Target: p50 and p95 within 300 ms, process start to exit.
- **UserPromptSubmit, cold**: no daemon yet: the hook answers in-process (reported only).
- **Stop**: the hook returns (target 200 ms) while the extraction it started runs in a
  detached process; the extraction's own time is measured until its note is on disk.

    python bench/hooks_latency.py [--notes 300] [--runs 15]

Prints milliseconds (p50, p95, max) and the ratio to each target, and the bare interpreter's
start-up on the same machine at the same moment, for scale (a hook is a new process).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOPICS = [
    "deploys go through the staging cluster first",
    "the billing team owns the invoices service",
    "release notes are written in docs/changes",
    "the on-call rotation lives in PagerDuty",
    "feature flags are managed in LaunchDarkly",
    "the design system components live in Storybook",
    "the data warehouse is BigQuery, project analytics-prod",
    "we squash-merge pull requests",
    "integration tests need the local Postgres container",
    "the mobile app ships every second Tuesday",
]


def run_hook(payload: dict, env: dict) -> tuple[float, bytes]:
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "memlsp", "hook"],
        input=json.dumps(payload).encode(),
        env=env,
        capture_output=True,
        timeout=120,
    )
    elapsed = (time.perf_counter() - started) * 1000
    if out.returncode != 0:
        raise SystemExit(f"hook failed: {out.stderr.decode(errors='replace')}")
    return elapsed, out.stdout


def summary(name: str, values: list[float], target: float | None) -> None:
    values = sorted(values)
    p50 = statistics.median(values)
    p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
    line = f"{name:<34} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   max {values[-1]:7.1f} ms"
    if target:
        line += f"   target {target:.0f} ms  (p50 x{p50 / target:.2f}, p95 x{p95 / target:.2f})"
    print(line)


def seed(home: Path, project: Path, count: int, env: dict) -> None:
    code = (
        "import sys\n"
        "from memlsp.core.service import MemoryService\n"
        "s = MemoryService()\n"
        "topics = sys.argv[2:]\n"
        "for i in range(int(sys.argv[1])):\n"
        "    t = topics[i % len(topics)]\n"
        "    s.remember(f'Note {i}: {t} (variant {i})', type_='project', workspace='.')\n"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(count), *TOPICS], cwd=project, env=env, check=True
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=300)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="memlsp-hooks-bench-"))
    home, project, run = tmp / "home", tmp / "project", tmp / "run"
    project.mkdir()
    run.mkdir(mode=0o700)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    env = {
        **os.environ,
        "MEMLSP_HOME": str(home),
        "MEMLSP_ROLLOUT": "on",
        "XDG_RUNTIME_DIR": str(run),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "server"), os.environ.get("PYTHONPATH", "")]),
    }
    seed(home, project, args.notes, env)
    print(f"{args.notes} notes, {args.runs} runs, {os.cpu_count()} CPUs")

    def prompt(session: str, text: str) -> dict:
        return {
            "session_id": session,
            "transcript_path": str(tmp / "none.jsonl"),
            "cwd": str(project),
            "hook_event_name": "UserPromptSubmit",
            "prompt": text,
        }

    try:
        cold, _ = run_hook(prompt("cold", "how do we deploy?"), env)
        summary("UserPromptSubmit cold (no daemon)", [cold], None)
        # wait until the daemon it started answers warm
        for i in range(200):
            elapsed, _ = run_hook(prompt(f"warmup-{i}", "who owns invoices?"), env)
            if elapsed < 1000 and i >= 2:
                break
        warm, hits = [], 0
        for i in range(args.runs):
            elapsed, out = run_hook(
                prompt(f"warm-{i}", f"where do {TOPICS[i % len(TOPICS)]}?"), env
            )
            warm.append(elapsed)
            hits += bool(out.strip())
        summary("UserPromptSubmit warm (daemon)", warm, 300)
        print(f"{'':<34} {hits}/{args.runs} prompts got notes as context")

        returns, extractions = [], []
        for i in range(max(3, args.runs // 2)):
            log = tmp / f"stop-{i}.jsonl"
            text = f"Don't use tool{i} here, we always use othertool{i} for builds in this repo."
            line = {
                "type": "user",
                "sessionId": f"stop-{i}",
                "cwd": str(project),
                "timestamp": "2026-11-30T10:00:00Z",
                "message": {"role": "user", "content": text},
            }
            log.write_text(json.dumps(line) + "\n")
            payload = {
                "session_id": f"stop-{i}",
                "transcript_path": str(log),
                "cwd": str(project),
                "hook_event_name": "Stop",
                "stop_hook_active": False,
                "last_assistant_message": f"Understood, othertool{i} it is.",
            }
            started = time.perf_counter()
            elapsed, out = run_hook(payload, env)
            assert out == b"", "Stop must print nothing"
            returns.append(elapsed)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if any(f"othertool{i} " in p.read_text() for p in home.rglob("inbox/*.md")):
                    break
                time.sleep(0.01)
            extractions.append((time.perf_counter() - started) * 1000)
        summary("Stop: hook returns", returns, 200)
        baseline = []
        for _ in range(len(returns)):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
            baseline.append((time.perf_counter() - started) * 1000)
        summary("(python -c pass, for scale)", baseline, None)
        summary("Stop: extraction done (background)", extractions, None)
    finally:
        for lock in run.glob("memlsp-*/hookd-*.lock"):
            pid = int(lock.read_text().strip() or 0)
            if pid > 0:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
