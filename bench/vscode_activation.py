"""VS Code extension: activation to server ready, cold and warm (issue 16, acceptance 4).

Runs the built .vsix in a real VS Code (code-server 4.100.3 in headless Chromium, the same
harness as tests/clients/test_vscode_e2e.py) and reads the extension's own timings
(``MEMLSP_VSCODE_TEST_REPORT``): activation, interpreter chosen, private environment ready,
server ready (``initialize`` answered and ``memory/status`` read).

- **cold**: a fresh profile whose only Python (``memlsp.server.pythonCommand``, default
  ``python3``) cannot import memlsp, so the extension bootstraps its private environment
  from the wheel in the .vsix (``MEMLSP_VSCODE_AUTO_BOOTSTRAP=1`` accepts the offer a person
  would click); pip fetches memlsp's dependencies from the package index, through the pip
  cache named by ``--pip-cache`` (default: the e2e cache folder, so a second cold run measures
  the bootstrap itself more than the network);
- **warm**: the same profile started again: the private environment exists and is used.
- **direct**: a fresh profile whose ``pythonCommand`` imports memlsp (no bootstrap).

    python bench/vscode_activation.py [--base-python python3] [--warm-runs 3] [--pip-cache DIR]

Prints milliseconds from activation to ready for each run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.clients import vscode_harness as harness  # noqa: E402


def one_run(run: Path, vsix: Path, profile_from: Path | None, python: str, extra_env: dict) -> dict:
    run.mkdir(parents=True, exist_ok=True)
    report = run / "report.json"
    env = harness.run_env(
        run,
        {"MEMLSP_HOME": str(run / "memory"), "MEMLSP_VSCODE_TEST_REPORT": str(report), **extra_env},
    )
    if profile_from is not None:
        # The same VS Code profile and extensions as an earlier run (the private env lives in
        # the profile's global storage).
        for name in ("profile", "extensions"):
            if (run / name).exists():
                shutil.rmtree(run / name)
            shutil.copytree(profile_from / name, run / name, symlinks=True)
    server = harness.CodeServer(run, vsix, {"memlsp.server.pythonCommand": python}, env)
    folder = run / "workspace"
    folder.mkdir(exist_ok=True)
    try:
        url = server.start(folder)
        results = harness.drive(
            {
                "url": url,
                "report": str(report),
                "screenshots": str(run / "screenshots"),
                "steps": ["ready"],
                "readyTimeoutMs": 900_000,
                "expect": {},
            },
            run,
            env,
            timeout=1000,
        )
    finally:
        server.stop()
    step = results["steps"].get("ready", {})
    if not step.get("ok"):
        raise SystemExit(f"the server did not become ready: {step.get('error')} (logs in {run})")
    return step["timings"]


def describe(label: str, t: dict) -> str:
    parts = [f"{label:<7} activation -> ready {t['ready'] - t['activated']:>7,} ms"]
    parts.append(f"interpreter chosen +{t['interpreterChosen'] - t['activated']:,} ms")
    if "bootstrapped" in t:
        parts.append(f"private env ready +{t['bootstrapped'] - t['activated']:,} ms")
    parts.append(f"({t.get('source')})")
    return "  ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-python", default="python3", help="a Python without memlsp")
    parser.add_argument("--warm-runs", type=int, default=3)
    parser.add_argument("--pip-cache", default=str(harness.CACHE / "pip"))
    args = parser.parse_args()
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run(
        [args.base_python, "-c", "import memlsp"], capture_output=True, env=clean
    )
    if probe.returncode == 0:
        raise SystemExit(f"{args.base_python} imports memlsp: the cold run would not bootstrap")
    problem = harness.ensure_deps()
    if problem:
        raise SystemExit(problem)
    work = Path(tempfile.mkdtemp(prefix="memlsp-vscode-bench-"))
    print(f"run folder: {work}")
    vsix = harness.build_vsix(work)
    env = {
        "MEMLSP_VSCODE_AUTO_BOOTSTRAP": "1",
        "PIP_CACHE_DIR": args.pip_cache,
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    load = os.getloadavg()[0]
    start = time.monotonic()
    cold = one_run(work / "cold", vsix, None, args.base_python, env)
    print(describe("cold", cold), f"[wall {time.monotonic() - start:.0f} s]")
    warm = [
        one_run(work / f"warm{i}", vsix, work / "cold", args.base_python, env)
        for i in range(args.warm_runs)
    ]
    for i, t in enumerate(warm):
        print(describe(f"warm{i + 1}", t))
    direct = one_run(
        work / "direct", vsix, None, sys.executable, {"PYTHONPATH": str(ROOT / "server")}
    )
    print(describe("direct", direct))
    ms = sorted(t["ready"] - t["activated"] for t in warm)
    print(
        json.dumps(
            {
                "cold_ms": cold["ready"] - cold["activated"],
                "warm_median_ms": ms[len(ms) // 2],
                "direct_ms": direct["ready"] - direct["activated"],
                "load_avg_1m": round(load, 2),
            }
        )
    )
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
