"""The evaluation sets committed under bench/eval/ stay well-formed: each one's validator
passes (format, ids, kind shares, and for note corpora the write policy on every note — a
policy change that starts refusing or rewriting a note shows up here, not in a benchmark)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "script",
    [
        "bench/eval/hard_negatives.py",
        "bench/eval/recall_own/make.py",
        "bench/eval/small_own/make.py",
    ],
)
def test_the_committed_set_validates(script: str) -> None:
    proc = subprocess.run(
        [sys.executable, script, "--validate"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
