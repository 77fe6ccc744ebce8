"""Team sync in the language server (issue 20; SPEC R40): with ``sync.afterDream`` the
automatic dream of a connected project pushes its result to the team's remote, and
``memory/status`` reports where the project's sync stands (without going to the network)."""

from __future__ import annotations

import subprocess

from memlsp.core import sync
from memlsp.core.store import Store

from .conftest import start_harness, stop_harness
from .test_dreaming import plant_due_scope


def branch_files(remote) -> list[str]:
    out = subprocess.run(
        ["git", "--git-dir", str(remote), "ls-tree", "-r", "--name-only", sync.DEFAULT_BRANCH],
        capture_output=True,
        text=True,
    )
    return out.stdout.split()


async def test_the_dream_syncs_and_status_reports_it(tmp_path):
    remote = tmp_path / "memory.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    scope = plant_due_scope(tmp_path / "home")
    sync.init(Store(tmp_path / "home"), scope, str(remote), sync.DEFAULT_BRANCH)
    h = await start_harness(
        tmp_path, "vscode", init_options={"rollout": "on", "sync": {"afterDream": True}}
    )
    try:

        async def dream_done():
            return [s for s in h.job_status if s.kind == "dream" and s.state == "done"]

        assert await h.eventually(dream_done, timeout=30), h.job_status
        assert "notes/deploy-window.md" in branch_files(remote)
        status = await h.request("memory/status")
        assert status.sync.state == "in-sync", status.sync
        assert status.sync.branch == sync.DEFAULT_BRANCH and status.sync.lastSync
        assert status.sync.ahead == 0 and status.sync.conflicts == []
    finally:
        await stop_harness(h)


async def test_status_says_off_for_a_project_not_connected(tmp_path):
    h = await start_harness(tmp_path, "minimal", init_options={"rollout": "on"})
    try:
        status = await h.request("memory/status")
        assert status.sync.state == "off" and status.sync.remote == ""
    finally:
        await stop_harness(h)
