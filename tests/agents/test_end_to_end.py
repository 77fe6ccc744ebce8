"""One memory for every agent (issue 17, acceptance 6; SPEC R39): a correction given to
Claude Code — learned through the Stop hook from its session log — is recalled by an MCP
client through ``memlsp mcp`` and by the editor through the language server."""

from __future__ import annotations

import sys

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.lsp.conftest import PROJECT, start_harness, stop_harness

from .conftest import hook_input, run_hook, wait_for, write_session_log

CORRECTION = "No, don't use Jest here: we always run the tests with Vitest in this repo."


@pytest.mark.asyncio
async def test_a_correction_through_the_hook_is_recalled_over_mcp_and_lsp(agent_env, tmp_path):
    h = await start_harness(tmp_path / "editor", "vscode", init_options={"rollout": "on"})
    try:
        env = {
            **agent_env,
            "MEMLSP_HOME": str(h.home),
            "XDG_DATA_HOME": str(tmp_path / "editor" / "xdg"),
        }
        log = write_session_log(
            tmp_path / "cc.jsonl", h.workspace, "cc-1", [(CORRECTION, "Got it, Vitest.")]
        )
        stop = hook_input("Stop", h.workspace, "cc-1", log, stop_hook_active=False)
        out = run_hook(stop, env)
        assert out.returncode == 0 and out.stdout == b""
        inbox = h.home / PROJECT / "inbox"
        notes = wait_for(lambda: sorted(inbox.glob("*.md")) if inbox.is_dir() else [])
        assert notes, "the Stop hook's background extraction wrote nothing"
        path = str(notes[0].relative_to(h.home))
        assert "agent: claude-code" in notes[0].read_text()

        params = StdioServerParameters(
            command=sys.executable, args=["-m", "memlsp", "mcp"], env=env, cwd=str(h.workspace)
        )
        async with Client(params) as client:
            result = await client.call_tool("recall", {"message": "which test runner do we use?"})
            assert not result.is_error, result.content
            assert path in [m["path"] for m in result.structured_content["memories"]]
            assert "Vitest" in result.structured_content["reminder"]

        await h.request("memory/sessionStarted", {"sessionId": "editor-1"})

        async def recalled():
            res = await h.request(
                "memory/recall", {"sessionId": "editor-1", "message": "how do I run the tests?"}
            )
            return res if path in [m.path for m in res.memories] else None

        res = await h.eventually(recalled, timeout=20)
        assert res is not None, "the language server did not recall the hook's note"
        assert "Vitest" in res.reminder

        listing = await h.request("memory/list", {})
        entry = next(e for e in listing.entries if e.path == path)
        assert (entry.source, entry.agent) == ("extraction", "claude-code")
    finally:
        await stop_harness(h)
