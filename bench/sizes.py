"""Sizes before writes over the real server (issue 14, acceptance 7): an 8 MB
``memory/remember`` and a 1 MB chat message (``memory/turnCompleted``, rollout on) each end
in a clean refusal or truncation within 2 s, nothing over a limit on disk, no traceback.

Run: python bench/sizes.py

The extraction job is timed from the request to its final ``memory/jobStatus``, after one
warm-up turn (the recall models load once per server, not per message).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT))

from memlsp.core.notes import NOTE_SIZE_LIMIT  # noqa: E402

from bench.fixtures.rawclient import RawClient  # noqa: E402

TARGET_S = 2.0
WORDS = "deploy staging always use pnpm cache build never service tests run lint".split()


def text(n_bytes: int, seed: int) -> str:
    rng = random.Random(seed)
    words = [rng.choice(WORDS) + ("." if rng.random() < 0.1 else "") for _ in range(n_bytes // 5)]
    return " ".join(words)[:n_bytes]


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far (the machine may be shared: wall time
    then measures the neighbours too, CPU time only this server)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def job_done(client: RawClient, job_id: str, timeout: float = 60.0) -> dict:
    msg = client.wait_notification(
        "memory/jobStatus",
        lambda p: p["jobId"] == job_id and p["state"] in ("done", "failed", "cancelled"),
        timeout=timeout,
    )
    return msg["params"]


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="memlsp-sizes-"))
    ws, home = tmp / "ws", tmp / "home"
    ws.mkdir()
    subprocess.run(["git", "init", "-q", str(ws)], check=True)
    env = {"MEMLSP_HOME": str(home), "PYTHONPATH": str(ROOT / "server")}
    client = RawClient(env, cwd=str(ws))
    figures: list[tuple[str, float, str]] = []
    try:
        client.initialize(str(ws), options={"rollout": "on"})
        turn = [{"role": "user", "content": "Always run the linter before pushing."}]
        warm = client.request(
            "memory/turnCompleted", {"sessionId": "w", "turn": 1, "messages": turn}
        )
        job_done(client, warm["result"]["jobId"])
        # a recall needs the models the start-up warm-up loads: it returns once they are in
        client.request("memory/recall", {"sessionId": "w", "message": "linter?"}, timeout=120)

        pid = client.proc.pid
        huge = text(8 << 20, 1)  # built before the clock starts
        start, cpu = time.perf_counter(), cpu_s(pid)
        reply = client.request("memory/remember", {"text": huge}, timeout=60)
        outcome = f"{reply['result']['reason']}, server CPU {cpu_s(pid) - cpu:.2f} s"
        figures.append(("remember 8 MB", time.perf_counter() - start, outcome))

        big = [
            {"role": "user", "content": text(1 << 20, 2)},
            {"role": "assistant", "content": "ok"},
        ]
        start, cpu = time.perf_counter(), cpu_s(pid)
        params = {"sessionId": "b", "turn": 1, "messages": big}
        reply = client.request("memory/turnCompleted", params, timeout=60)
        done = job_done(client, reply["result"]["jobId"])
        outcome = f"{done['state']}: {done['message']}, server CPU {cpu_s(pid) - cpu:.2f} s"
        figures.append(("chat message 1 MB", time.perf_counter() - start, outcome))
        tracebacks = [line for line in client.stderr_lines if "Traceback" in line]
    finally:
        client.close()
    largest = max((p.stat().st_size for p in home.rglob("*.md")), default=0)
    ok = True
    for name, seconds, outcome in figures:
        ratio = seconds / TARGET_S
        ok &= ratio <= 1
        print(
            f"{name:<20} {seconds:6.2f} s  target {TARGET_S:.0f} s  ratio {ratio:4.2f}  {outcome}"
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(
        f"largest note on disk {largest} B (limit {NOTE_SIZE_LIMIT} B); tracebacks: {len(tracebacks)}"
    )
    ok &= largest <= NOTE_SIZE_LIMIT and not tracebacks
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
