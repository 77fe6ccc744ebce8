"""Issue 19: background jobs run niced so recall and hover answer first (the figures are in
bench/lsp_responsiveness.py; here only that the threads really are niced)."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from memlsp.core.runtime import background_priority


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
def test_a_background_thread_runs_at_a_lower_priority_than_its_caller() -> None:
    seen: dict[str, int] = {}

    def work() -> None:
        background_priority()
        seen["job"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    t = threading.Thread(target=work)
    t.start()
    t.join()
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert seen["job"] > here or here >= 10  # already at the floor: nothing lower to take


def test_the_language_server_runs_its_jobs_on_niced_threads() -> None:
    from memlsp.lsp.jobs import JobRunner

    runner = JobRunner(server=None)
    try:
        got = runner._executor.submit(
            lambda: os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        ).result()
    finally:
        runner._executor.shutdown()
    assert got > os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) or got >= 10
