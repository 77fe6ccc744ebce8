"""Scenario pass rate with the stored-text proxy (SPEC §13: ≥ 0.85, 0 stored secrets).

Run: python bench/scenarios_proxy.py [FILE] [--json]   (FILE defaults to
../shared/eval/scenarios.jsonl next to the repository)

The proxy stands in for per-turn recall until it is wired in: a probe passes when some
stored note contains an expected string and none contains a forbidden one. It measures
what extraction wrote, not what recall would select — report it as a proxy.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from memlsp.core.evaluate.scenarios import recaller_text, run_scenarios  # noqa: E402


def main() -> int:
    default = Path(__file__).resolve().parents[2] / "shared" / "eval" / "scenarios.jsonl"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=default)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--recall", action="store_true", help="use the real per-turn recall instead of the proxy"
    )
    args = parser.parse_args()
    if not args.file.exists():
        print(f"no scenario file at {args.file}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    out = run_scenarios(args.file, recaller_text if args.recall else None)
    out["seconds"] = round(time.perf_counter() - start, 2)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    note = " (a proxy, not the real recall)" if not args.recall else ""
    print(f"recall: {out['recall']}{note}")
    print(
        f"probes {out['probes_passed']}/{out['probes_total']} pass_rate {out['pass_rate']:.3f} "
        f"(target 0.85)  never_stored_violations {out['never_stored_violations']}  "
        f"failed {out['failed']}  {out['seconds']} s"
    )
    for kind, k in out["by_kind"].items():
        print(f"  {kind:<14} {k['probes_passed']}/{k['probes_total']}  {k['pass_rate']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
