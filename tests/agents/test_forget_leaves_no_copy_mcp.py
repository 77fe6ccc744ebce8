"""Forget audit, the MCP server (SPEC R24; docs/explanation/forget.md): a note remembered,
edited and recalled through ``memlsp mcp`` with the SDK's own client over stdio, then
forgotten with the ``forget`` tool (path and sha256) and recalled for once more on the same
server. No byte of the home may still hold the note's distinctive word, nor the word only
its first version held — a project note, and a global one (held by every project's index)."""

from __future__ import annotations

import pytest
from mcp import Client

from tests.forget_search import copies

from .conftest import PROJECT
from .test_mcp import server_params, structured

WORD = "brindleqvist"  # in the note from the start
OLD = "tamarokku"  # only in the note's first version


def leftovers(home):
    return copies(home, WORD, OLD)


@pytest.mark.parametrize("scope", ["project", "global"])
async def test_a_note_forgotten_through_mcp_leaves_no_copy(agent_env, project, memlsp_home, scope):
    first_text = f"Deploys go through the {WORD} pipeline\nCanary first on the {OLD} hosts."
    second_text = f"Deploys go through the {WORD} pipeline\nCanary first on the staging hosts."
    async with Client(server_params(agent_env, project)) as client:
        # another note, so the index has something to keep
        await client.call_tool("remember", {"text": "We squash-merge every pull request."})
        first = structured(
            await client.call_tool(
                "remember", {"text": first_text, "type": "project", "scope": scope}
            )
        )
        assert first["path"].startswith(PROJECT if scope == "project" else "global/")
        question = {"message": f"how do deploys work with {WORD}?"}
        recalled = structured(await client.call_tool("recall", question))
        assert first["path"] in [m["path"] for m in recalled["memories"]]
        second = structured(
            await client.call_tool(
                "remember", {"text": second_text, "type": "project", "scope": scope}
            )
        )
        assert (second["path"], second["action"]) == (first["path"], "updated")
        await client.call_tool("recall", question)  # indexes the edit (injected already: R17)
        assert leftovers(memlsp_home), "the words are in the home before the forget"

        note = structured(await client.call_tool("read", {"path": first["path"]}))
        gone = structured(
            await client.call_tool("forget", {"path": first["path"], "sha256": note["sha256"]})
        )
        assert gone["status"] == "forgotten"
        again = structured(await client.call_tool("recall", question))
        assert first["path"] not in [m["path"] for m in again["memories"]]
        assert leftovers(memlsp_home) == []
    assert leftovers(memlsp_home) == []
