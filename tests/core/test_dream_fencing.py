"""Acceptance 2 of issue 5 (SPEC R20): a dream paused (SIGSTOP) past its lease while a
second dream completes writes 0 bytes after it resumes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from memlsp.core.dream import dream
from memlsp.core.lease import read_lease
from memlsp.core.settings import DreamSettings, Settings

from tests.core.dreamkit import NOW, hash_tree, small_home

CHILD = """
import sys, time, datetime as dt
from memlsp.core.store import Store
from memlsp.core.dream import dream
from memlsp.core.settings import Settings, DreamSettings
def progress(message, percent):
    if percent == 25:
        print("READY", flush=True)
        time.sleep(0.5)  # the parent stops us here, outside the lock
store = Store(sys.argv[1])
try:
    dream(store, store.global_scope(), now=dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC),
          force=True, progress=progress, settings=Settings(dream=DreamSettings(lease_seconds=1.0)))
except Exception as exc:
    print("ERROR", getattr(exc, "reason", type(exc).__name__), flush=True)
    sys.exit(3)
print("APPLIED", flush=True)
"""


def _start(home: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(home)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "READY"
    os.kill(proc.pid, signal.SIGSTOP)
    return proc


def test_paused_holder_superseded_writes_nothing(tmp_path):
    store, scope = small_home(tmp_path / "home")
    proc = _start(store.home)
    try:
        first = read_lease(scope)
        assert first is not None
        time.sleep(1.3)  # past the 1 s lease
        second = dream(store, scope, now=NOW, force=True, settings=Settings())
        assert second.status == "applied" and second.applied
        before = hash_tree(store.home)
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    out, _err = proc.communicate(timeout=30)
    assert "ERROR lease-lost" in out
    assert hash_tree(store.home) == before  # 0 bytes written after the resume
    assert proc.returncode == 3


def test_paused_holder_expired_writes_nothing(tmp_path):
    """Expired but not superseded (nobody else dreamed): still no write, R20."""
    store, scope = small_home(tmp_path / "home")
    proc = _start(store.home)
    try:
        time.sleep(1.3)
        before = hash_tree(store.home)
    finally:
        os.kill(proc.pid, signal.SIGCONT)
    out, _err = proc.communicate(timeout=30)
    assert "ERROR lease-lost" in out
    assert hash_tree(store.home) == before


def test_live_lease_blocks_a_second_dream(tmp_path):
    store, scope = small_home(tmp_path / "home")
    proc = _start(store.home)
    try:
        result = dream(store, scope, now=NOW, force=True, settings=Settings(dream=DreamSettings()))
        assert result.status == "skipped" and result.reason == "lease-held"
    finally:
        os.kill(proc.pid, signal.SIGCONT)
        proc.communicate(timeout=30)
