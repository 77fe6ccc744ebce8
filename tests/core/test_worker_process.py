"""The worker process of a long-lived surface (ADR 0006): offline extraction and reindexing
run in a child process, so their CPU work does not hold the server's GIL; when the child
cannot run, the same work runs in-process. The parent's functions are made to fail here:
a job that still succeeds did its work in the child."""

from __future__ import annotations

from pathlib import Path

import pytest
from memlsp.core import reindex, worker
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService, Message
from memlsp.core.settings import Settings

TURN = [
    Message.from_dict({"role": "user", "content": "From now on we deploy the shop on Tuesdays"}),
    Message.from_dict({"role": "assistant", "content": "Understood."}),
]


@pytest.fixture
def service(memlsp_home):
    service = MemoryService(Settings(home=str(memlsp_home), rollout="on"))
    service.use_worker_process = True
    yield service
    service.close()


def not_here(*args, **kwargs):
    raise AssertionError("ran in the server's process")


def test_an_extraction_runs_in_the_worker_process(service, make_repo, monkeypatch):
    repo = make_repo("shop", origin="git@github.com:example/shop.git")
    monkeypatch.setattr(worker, "extract_turn", not_here)
    monkeypatch.setattr("memlsp.core.extract.extract_turn", not_here)
    job = service.turn_completed("s1", 1, TURN, workspace=str(repo))
    result = job.run(CancelToken(), no_progress)
    assert len(result.written) == 1, result
    note = service.store.home / result.written[0]
    assert "Tuesdays" in note.read_text()


def test_a_reindex_runs_scope_by_scope_in_the_worker_process(service, make_repo, monkeypatch):
    repo = make_repo("shop", origin="git@github.com:example/shop.git")
    service.remember("The staging database resets on Sundays", workspace=str(repo))
    scope = service.project_scope(str(repo))
    (scope.root / "MEMORY.md").unlink()
    monkeypatch.setattr(worker, "index_scope", not_here)
    monkeypatch.setattr(reindex, "index_scope", not_here)
    progress: list[str | None] = []
    result = service.reindex_job().run(CancelToken(), lambda m=None, p=None: progress.append(m))
    assert scope.rel in result.changed and result.notes == 1
    assert "staging database" in (scope.root / "MEMORY.md").read_text()
    assert progress[-1] == "done" and len(progress) > 1, "progress still reported per scope"


def test_without_a_worker_process_the_work_runs_in_process(service, make_repo, caplog):
    repo = make_repo("shop", origin="git@github.com:example/shop.git")
    child = service.worker()
    assert child.start()
    for process in list(child._pool._processes.values()):
        process.kill()
        process.join(10)
    job = service.turn_completed("s1", 1, TURN, workspace=str(repo))
    result = job.run(CancelToken(), no_progress)
    assert len(result.written) == 1 and child.failed
    assert "background jobs run in-process" in caplog.text


def test_the_worker_process_ends_when_its_parent_is_killed(tmp_path):
    """A server killed with SIGKILL runs no clean-up: its worker must not outlive it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "from memlsp.core.worker import WorkerProcess\n"
        "w = WorkerProcess(); assert w.start()\n"
        "print(*[p.pid for p in w._pool._processes.values()], flush=True)\n"
        "import time; time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    child = int(parent.stdout.readline().split()[0])
    parent.send_signal(signal.SIGKILL)
    parent.wait(10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
            if "State:\tZ" in Path(f"/proc/{child}/status").read_text():
                return  # exited; its new parent has not reaped it yet
        except (ProcessLookupError, FileNotFoundError):
            return
        time.sleep(0.1)
    os.kill(child, signal.SIGKILL)
    raise AssertionError("the worker process outlived its parent")
