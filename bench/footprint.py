"""What memlsp's default install costs: each dependency's installed size and import time
(issue 19, acceptance 5).

    python bench/footprint.py [--pyproject FILE] [--no-imports] [--json]

Reads the ``[project] dependencies`` of ``FILE`` (default: this repository's
``pyproject.toml``; pass an older copy to compare), walks their ``Requires-Dist`` through
the distributions installed in this environment (no extras, environment markers
evaluated), and prints, for every distribution of that closure, its installed size (the
files its RECORD lists) and, for each direct dependency, the time a fresh interpreter takes
to import it (``-X importtime``'s cumulative figure for its top-level modules). Nothing is
downloaded: a distribution that is not installed is listed as missing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(spec: str) -> str | None:
    """The distribution a ``Requires-Dist`` line needs here, or None (extra-only, marker
    false)."""
    head, _, marker = spec.partition(";")
    if marker and "extra" in marker:
        return None
    if marker:
        try:
            from packaging.markers import Marker

            if not Marker(marker.strip()).evaluate():
                return None
        except Exception:  # noqa: BLE001 - no packaging, or a marker it cannot read: keep it
            pass
    m = NAME.match(head)
    return canonical(m.group(1)) if m else None


def closure(direct: list[str]) -> tuple[dict[str, metadata.Distribution], list[str]]:
    found: dict[str, metadata.Distribution] = {}
    missing: list[str] = []
    todo = list(direct)
    while todo:
        name = todo.pop()
        if name in found or name in missing:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
            continue
        found[name] = dist
        for spec in dist.requires or []:
            dep = requirement_name(spec)
            if dep:
                todo.append(dep)
    return found, sorted(missing)


def installed_bytes(dist: metadata.Distribution) -> int:
    total = 0
    for f in dist.files or []:
        try:
            total += os.path.getsize(dist.locate_file(f))
        except OSError:
            continue
    return total


def import_ms(dist: metadata.Distribution) -> float | None:
    """Cumulative import time of the distribution's top-level modules, in a fresh process."""
    top = (dist.read_text("top_level.txt") or "").split()
    if not top:
        top = sorted(
            {
                str(f).split("/")[0].removesuffix(".py")
                for f in dist.files or []
                if "/" in str(f) or str(f).endswith(".py")
            }
            - {"__pycache__"}
        )
        top = [t for t in top if t.isidentifier() and not t.endswith((".dist-info", ".libs"))]
    if not top:
        return None
    code = "; ".join(f"import {t}" for t in top[:3])
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        return None
    total = 0
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[2].strip() in top:
            total += int(parts[1])
    return total / 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    ap.add_argument("--no-imports", action="store_true", help="sizes only")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    deps = tomllib.loads(args.pyproject.read_text())["project"]["dependencies"]
    direct = [n for n in (requirement_name(d) for d in deps) if n]
    found, missing = closure(direct)
    rows = []
    for name, dist in found.items():
        ms = None if args.no_imports or name not in direct else import_ms(dist)
        rows.append(
            {
                "name": name,
                "mb": installed_bytes(dist) / 2**20,
                "direct": name in direct,
                "import_ms": ms,
            }
        )
    rows.sort(key=lambda r: -r["mb"])
    total = sum(r["mb"] for r in rows)
    if args.json:
        print(json.dumps({"total_mb": total, "distributions": rows, "missing": missing}))
        return 0
    print(f"{len(rows)} distributions, {total:.0f} MB installed ({args.pyproject})")
    for r in rows:
        imp = "" if r["import_ms"] is None else f"{r['import_ms']:8.0f} ms"
        print(f"  {r['name']:<32}{r['mb']:8.1f} MB {'direct' if r['direct'] else '      '} {imp}")
    if missing:
        print("not installed here:", ", ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
