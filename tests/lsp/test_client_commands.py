"""What the VS Code client's "Check citations" and "Dream dry run" need from the server
(issue 16), over stdio with pytest-lsp: ``memlsp.recheckCitations`` runs the citation check
again and answers counts (and republishes diagnostics); the final ``memory/jobStatus`` of a
dry-run dream carries the plan as a diff in ``detail``."""

from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types
from memlsp.core.store import Store

from .conftest import folder_in_place_of, start_harness, stop_harness

pytestmark = pytest.mark.asyncio(loop_scope="module")

NOTE = """---
name: quarterly-export
description: The quarterly export script and who runs it
type: reference
refs:
  - path: tools/export_quarter.py
---
Finance runs `tools/export_quarter.py` on the first Monday after a quarter closes.
"""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def h(tmp_path_factory):
    harness = await start_harness(
        tmp_path_factory.mktemp("commands"), "vscode", init_options={"rollout": "on"}
    )
    yield harness
    await stop_harness(harness)


async def recheck(h) -> dict:
    result = await h.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="memlsp.recheckCitations", arguments=[])
    )
    return result if isinstance(result, dict) else vars(result)


async def test_recheck_citations_is_declared_and_answers_counts(h):
    assert (
        "memlsp.recheckCitations" in h.init_result.capabilities.experimental["memlsp"]["commands"]
    )
    store = Store(h.home)
    scope = store.ensure_scope(store.project_scope(h.workspace))
    (scope.root / "quarterly-export.md").write_text(NOTE, "utf-8")
    uri = (scope.root / "quarterly-export.md").as_uri()

    counts = await recheck(h)
    assert counts == {
        "notes": 1,
        "stale": 1,
        "staleNotes": 1,
        "indexProblems": counts["indexProblems"],
        "folders": 1,
    }

    async def flagged():
        return [d for d in h.client.diagnostics.get(uri, []) if d.code == "stale-file"]

    assert await h.eventually(flagged), "the recheck publishes the stale citation"

    (h.workspace / "tools").mkdir()
    (h.workspace / "tools" / "export_quarter.py").write_text("print('export')\n")
    counts = await recheck(h)
    assert (counts["notes"], counts["stale"], counts["staleNotes"]) == (1, 0, 0)

    async def cleared():
        return not h.client.diagnostics.get(uri)

    assert await h.eventually(cleared)


async def test_a_dry_run_dream_reports_its_plan_as_a_diff(h):
    for text in ("Staging is rebuilt nightly at 02:00 UTC", "The staging rebuild runs every night"):
        await h.request("memory/remember", {"text": text})
    dry = await h.request("memory/dream", {"force": True, "dryRun": True})
    final = await h.wait_job(dry.jobId, timeout=60)
    assert final.state == "done" and final.message.startswith("dry-run")
    assert final.detail and final.detail.startswith("# create ")  # the plan's first operation
    assert "\n--- " in final.detail and "\n+++ " in final.detail  # then a unified diff
    assert "Staging is rebuilt nightly" in final.detail
    running = [s for s in h.job_status if s.jobId == dry.jobId and s.state != "done"]
    assert all(s.detail is None for s in running)

    real = await h.request("memory/dream", {"force": True})
    final = await h.wait_job(real.jobId, timeout=60)
    assert final.message.startswith("applied") and final.detail is None


async def test_a_dream_while_memory_md_is_a_folder_finishes_with_a_warning(h):
    # MEMORY.md is derived from the notes (R5): a folder in its place must not fail the
    # dream after it moved the notes; the job is done and its message says what is wrong
    first = None
    for text in ("Invoices are emailed on the 1st", "The invoice email goes out on the first"):
        first = first or await h.request("memory/remember", {"text": text})
    index = h.home / first.path.rsplit("/inbox/", 1)[0] / "MEMORY.md"
    folder_in_place_of(index)
    try:
        real = await h.request("memory/dream", {"force": True})
        final = await h.wait_job(real.jobId, timeout=60)
        assert final.state == "done" and final.message.startswith("applied"), final.message
        assert "warning" in final.message and "MEMORY.md" in final.message
    finally:
        index.rmdir()
