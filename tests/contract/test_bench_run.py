"""``bench/run.py`` cannot rot (issue 19, acceptance 6): it runs benchmark processes, reads
their JSON figures, turns failures, timeouts and benches without ``--json`` into rows, and
prints one table with targets, verdicts and ratios to the baselines of the same run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench import run as bench_run

ROOT = Path(__file__).resolve().parents[2]

GOOD = """
import argparse, json
ap = argparse.ArgumentParser(); ap.add_argument("--json", action="store_true")
ap.add_argument("--quick", action="store_true"); a = ap.parse_args()
print("some human text first")
print(json.dumps({"name": "toy", "load": [0.5, 0.4, 0.3], "figures": [
    {"metric": "p50", "value": 12.0, "unit": "ms", "target": "<= 10", "met": False,
     "baselines": {"bm25": 3.0, "hybrid": 24.0}},
    {"metric": "quick flag seen", "value": int(a.quick), "unit": "", "target": None, "met": None},
]}))
"""


def script(tmp_path: Path, name: str, text: str) -> bench_run.Bench:
    path = tmp_path / name
    path.write_text(text)
    return bench_run.Bench(name.removesuffix(".py"), str(path), "a SPEC row", (), ("--quick",))


def test_a_bench_that_prints_figures(tmp_path: Path) -> None:
    out = bench_run.run_bench(script(tmp_path, "good.py", GOOD), quick=True, timeout=60)
    assert out.status == "ok"
    assert [f["metric"] for f in out.figures] == ["p50", "quick flag seen"]
    assert out.figures[1]["value"] == 1  # --quick was passed on
    assert out.load == (0.5, 0.4, 0.3)


def test_benches_that_fail_skip_or_take_no_json_are_rows(tmp_path: Path) -> None:
    no_json = script(tmp_path, "old.py", "import argparse; argparse.ArgumentParser().parse_args()")
    broken = script(
        tmp_path, "broken.py", "import sys; print('boom', file=sys.stderr); sys.exit(3)"
    )
    skips = script(tmp_path, "skips.py", 'print(\'{"skipped": "no eval set"}\')')
    slow = script(tmp_path, "slow.py", "import time; time.sleep(30)")
    assert bench_run.run_bench(no_json, quick=True, timeout=60).status.startswith(
        "skipped: takes no"
    )
    failed = bench_run.run_bench(broken, quick=False, timeout=60).status
    assert failed.startswith("failed (exit 3)") and "boom" in failed
    assert bench_run.run_bench(skips, quick=False, timeout=60).status == "skipped: no eval set"
    assert bench_run.run_bench(slow, quick=False, timeout=1).status.startswith("timed out")


def test_the_table_has_targets_verdicts_and_ratios(tmp_path: Path) -> None:
    good = bench_run.run_bench(script(tmp_path, "good.py", GOOD), quick=False, timeout=60)
    skipped = bench_run.Outcome(bench_run.BENCHES[1], "skipped: no eval set")
    info = bench_run.machine() | {
        "load_before": (1.0, 2.0, 3.0),
        "load_after": (4.0, 5.0, 6.0),
        "mode": "quick",
    }
    text = bench_run.table([good, skipped], info)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| bench | figure | value | SPEC target | met |")
    p50 = next(r for r in rows if "| p50 |" in r)
    assert "12 ms" in p50 and "<= 10" in p50 and "**no**" in p50
    assert "4.00× bm25" in p50 and "0.50× hybrid" in p50
    assert any("recall" in r and "skipped: no eval set" in r for r in rows)
    assert "Load average before: 1.00 2.00 3.00, after: 4.00 5.00 6.00" in text


def test_the_command_runs_end_to_end_with_only(tmp_path: Path) -> None:
    """The real entry point, one real (cheap) benchmark: ``--only recall`` without the eval
    set skips cleanly, and ``--json`` prints one object."""
    proc = subprocess.run(
        [sys.executable, "bench/run.py", "--quick", "--json", "--only", "recall"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={"PATH": "/usr/bin:/bin", "MEMLSP_BENCH_EVAL_DIR": str(tmp_path / "none")},
    )
    result = json.loads(proc.stdout)
    (bench,) = result["benches"]
    assert bench["name"] == "recall"
    assert bench["status"].startswith("skipped: no eval set")
    assert result["machine"]["cpus"] >= 1


def test_a_bench_that_exits_1_for_a_missed_target_still_gives_its_figures(tmp_path) -> None:
    missed = script(tmp_path, "missed.py", GOOD + "\nimport sys; sys.exit(1)\n")
    out = bench_run.run_bench(missed, quick=True, timeout=60)
    assert out.status == "ok" and out.figures[0]["met"] is False
    crashed = script(tmp_path, "crashed.py", "import sys; sys.exit(1)")
    assert bench_run.run_bench(crashed, quick=True, timeout=60).status.startswith("failed")
