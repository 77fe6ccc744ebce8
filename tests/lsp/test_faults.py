"""Faults under a running server (acceptance 4): a job that raises, the memory folder
deleted under the server, a note file replaced by a directory — and notes changed on disk
by another process (the watcher, SPEC R6/R29). The server keeps serving and says what
went wrong, with a stable reason.
"""

from __future__ import annotations

import asyncio
import shutil

import pytest
import pytest_asyncio
from memlsp.core.remember import remember
from memlsp.core.store import Store
from pygls.exceptions import JsonRpcException

from .conftest import PROJECT, error_reason, start_harness, stop_harness

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def settle(h, scope: str) -> None:
    """Wait until the watcher has seen ``scope`` as it is now (it announces the change and
    is then quiet), so the test's own file surgery does not race its index rebuild."""
    seen = len(h.notes_changed)

    async def announced():
        return any(scope in n.scopes for n in h.notes_changed[seen:])

    await h.eventually(announced, timeout=3)
    await asyncio.sleep(0.3)


OPTIONS = {"rollout": "on", "server": {"watchIntervalSeconds": 0.1}}


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["vscode", "minimal"])
async def h(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"faults-{request.param}")
    harness = await start_harness(tmp, request.param, init_options=OPTIONS)
    yield harness
    await stop_harness(harness)


async def test_notes_written_by_another_process_are_picked_up(h):
    await h.request("memory/sessionStarted", {"sessionId": "watch"})
    # Another process (the CLI, another window) writes through the core, not the server.
    other = Store(h.home)
    scope = other.project_scope(h.workspace)
    remember(other, scope, "The staging database is reset every Sunday", type_="project")

    async def announced():
        return any(PROJECT in n.scopes for n in h.notes_changed)

    assert await h.eventually(announced, timeout=5), "memory/notesChanged was sent"
    res = await h.request("memory/sessionStarted", {"sessionId": "watch-2"})
    assert "The staging database is reset every Sunday" in res.index

    # A hand edit that bypasses the store (no index rebuild) is noticed too.
    note = next((h.home / PROJECT / "inbox").glob("the-staging-database*.md"))
    note.write_text(note.read_text().replace("every Sunday", "every Saturday"))

    async def reindexed():
        return "every Saturday" in (h.home / PROJECT / "MEMORY.md").read_text()

    assert await h.eventually(reindexed, timeout=5), "MEMORY.md regenerated after a hand edit"


async def test_a_job_that_raises_is_reported_and_the_server_keeps_serving(h):
    await h.request(
        "memory/remember", {"text": "I review pull requests on Fridays", "scope": "global"}
    )
    await settle(h, "global")
    index = h.home / "global" / "MEMORY.md"
    if index.exists():
        index.unlink()
    index.mkdir()  # rebuilding the global index now fails inside the job
    started = await h.request("memory/reindex", {"scope": "global"})
    final = await h.wait_job(started.jobId)
    assert final.state == "failed"
    assert "MEMORY.md" in final.message or "directory" in final.message.lower()
    assert any("failed" in m.message for m in h.client.log_messages)
    index.rmdir()
    assert (await h.request("memory/status")).rollout == "on"
    again = await h.request("memory/reindex", {"scope": "global"})
    assert (await h.wait_job(again.jobId)).state == "done"


async def test_writes_while_memory_md_is_a_folder_succeed_with_a_warning(h):
    # R5/R6: MEMORY.md is derived from the notes. When a folder takes its place the note is
    # still saved (or forgotten) and the answer says so with a warning, not an error after
    # the fact
    first = await h.request(
        "memory/remember",
        {"text": "Refunds are issued from the billing console", "scope": "global"},
    )
    await settle(h, "global")
    index = h.home / "global" / "MEMORY.md"
    if index.exists():
        index.unlink()
    index.mkdir()
    try:
        res = await h.request(
            "memory/remember",
            {"text": "Payroll exports run on the first Monday", "scope": "global"},
        )
        assert res.action == "created" and "MEMORY.md" in res.warning, res
        assert (h.home / res.path).is_file()
        read = await h.request("memory/read", {"path": first.path})
        done = await h.request("memory/forget", {"path": first.path, "sha256": read.sha256})
        assert done.status == "forgotten" and "MEMORY.md" in done.warning, done
        assert not (h.home / first.path).exists()
        plain = await h.request("memory/remember", {"text": "Standups start at nine sharp"})
        assert getattr(plain, "warning", None) is None, "no warning when MEMORY.md is fine"
    finally:
        index.rmdir()


async def test_a_note_replaced_by_a_directory(h):
    res = await h.request(
        "memory/remember", {"text": "Invoices are archived in the billing bucket"}
    )
    path = h.home / res.path
    path.unlink()
    path.mkdir()
    listed = await h.request("memory/list", {})
    assert res.path not in {e.path for e in listed.entries}
    problem = next(p for p in listed.problems if p.path == res.path)
    assert problem.reason == "not-a-file"
    with pytest.raises(JsonRpcException) as excinfo:
        await h.request("memory/read", {"path": res.path})
    assert error_reason(excinfo) == "not-a-file"
    path.rmdir()


async def test_the_memory_folder_deleted_under_the_server(h):
    await h.request("memory/remember", {"text": "Our on-call rota lives in the ops wiki"})
    await settle(h, PROJECT)  # the watcher has seen the home: its loss is news
    # Moved away first so the deletion is one atomic step for the server to discover.
    gone = h.home.with_name("home-deleted")
    h.home.rename(gone)
    shutil.rmtree(gone)
    listed = await h.request("memory/list", {})
    assert list(listed.entries) == []
    status = await h.request("memory/status")
    assert status.homeExists is False and list(status.counts) == []
    with pytest.raises(JsonRpcException) as excinfo:
        await h.request("memory/read", {"path": f"{PROJECT}/inbox/anything.md"})
    assert error_reason(excinfo) == "not-found"

    async def warned():
        return any("was deleted" in m.message for m in h.client.log_messages)

    assert await h.eventually(warned, timeout=5), "the deletion is reported in the log"
    res = await h.request("memory/remember", {"text": "Our on-call rota lives in the ops wiki"})
    assert (h.home / res.path).is_file(), "the next write recreates the home"
    started = await h.request("memory/sessionStarted", {"sessionId": "after-delete"})
    assert "on-call rota" in started.index
