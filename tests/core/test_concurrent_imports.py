"""Lazily imported modules, first imported by two threads at once, must not deadlock
(a language server's first remember beside its first reindex job raised ``_DeadlockError``
and then "cannot import name 'MAX_ROUNDS'"). Each run is a fresh interpreter: the race is
on first import only. Before the fix about half of such runs failed; ten clean runs in a
row would happen by chance about once in a thousand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "server"

RACE = """
import importlib, sys, threading
import memlsp.core.service  # what every surface has loaded before its threads start
mods = sys.argv[1:]
errors = []
barrier = threading.Barrier(len(mods))
def load(name):
    barrier.wait()
    try:
        importlib.import_module(name)
    except BaseException as exc:
        errors.append(f"{name}: {type(exc).__name__}: {exc}")
threads = [threading.Thread(target=load, args=(m,)) for m in mods]
for t in threads: t.start()
for t in threads: t.join()
print("\\n".join(errors))
sys.exit(1 if errors else 0)
"""

# what the service imports on job and request threads: the worker process (reindex,
# extraction), remember, dream (also for its audit log, `memlsp log`), reindexing, team sync
# (a status request, the sync timer: not loaded at start, ADR 0008)
CHAINS = [
    "memlsp.core.worker",
    "memlsp.core.remember",
    "memlsp.core.dream",
    "memlsp.core.reindex",
    "memlsp.core.sync",
]


@pytest.mark.parametrize("run", range(10))
def test_first_imports_on_two_threads_do_not_deadlock(run: int) -> None:
    env = {"PYTHONPATH": str(SERVER), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [sys.executable, "-c", RACE, *CHAINS], capture_output=True, text=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
