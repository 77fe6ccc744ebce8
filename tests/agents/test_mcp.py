"""``memlsp mcp`` (issue 17, acceptance 3): the SDK's own client over stdio lists the tools
and calls each; bad arguments and refusals come back as MCP tool errors — never a crash of
the server, never a write."""

from __future__ import annotations

import sys
from pathlib import Path

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.types import Implementation

from .conftest import PROJECT

TOOLS = {"recall", "remember", "forget", "list", "read"}
# an obviously fake key, built at run time (never a literal token in the repository)
FAKE_KEY = "sk-" + "proj-" + "".join("aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1"[i % 30] for i in range(48))


def server_params(env: dict, cwd: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "memlsp", "mcp"], env=env, cwd=str(cwd)
    )


def files(home: Path) -> list[str]:
    if not home.exists():
        return []
    return sorted(
        str(p.relative_to(home))
        for p in home.rglob("*")
        if p.is_file() and ".memlsp" not in p.parts
    )


def structured(result) -> dict:
    assert not result.is_error, result.content
    return result.structured_content


async def test_a_stdio_session_lists_and_calls_every_tool(agent_env, project, memlsp_home):
    client = Client(
        server_params(agent_env, project), client_info=Implementation(name="Cursor", version="1.0")
    )
    async with client:
        listed = await client.list_tools()
        names = {t.name for t in listed.tools}
        assert names == TOOLS
        remember = next(t for t in listed.tools if t.name == "remember")
        assert "text" in remember.input_schema["properties"]

        saved = structured(
            await client.call_tool(
                "remember",
                {
                    "text": "We review every database migration in pairs before merging.",
                    "type": "feedback",
                },
            )
        )
        assert saved["path"].startswith(f"{PROJECT}/inbox/") and saved["action"] == "created"
        note_file = memlsp_home / saved["path"]
        assert "agent: cursor" in note_file.read_text()  # the client's own name (R4)

        entries = structured(await client.call_tool("list", {}))["entries"]
        assert [e["path"] for e in entries] == [saved["path"]]

        recalled = structured(
            await client.call_tool("recall", {"message": "how do we handle database migrations?"})
        )
        assert [m["path"] for m in recalled["memories"]] == [saved["path"]]
        assert "in pairs" in recalled["reminder"]

        note = structured(await client.call_tool("read", {"path": saved["path"]}))
        assert note["content"] == note_file.read_text()

        stale = await client.call_tool("forget", {"path": saved["path"], "sha256": "0" * 64})
        assert stale.is_error and "stale-hash" in stale.content[0].text
        for malformed in ("f00d", note["sha256"][:-1], note["sha256"] + "0", "g" * 64):
            bad = await client.call_tool("forget", {"path": saved["path"], "sha256": malformed})
            # a mistake in the arguments, not evidence that the note changed (stale-hash)
            assert bad.is_error and "[bad-hash]" in bad.content[0].text, bad.content[0].text
            assert "64 hex digits" in bad.content[0].text
        assert note_file.exists()

        gone = structured(
            await client.call_tool("forget", {"path": saved["path"], "sha256": note["sha256"]})
        )
        assert gone["status"] == "forgotten" and not note_file.exists()


BAD_CALLS = [
    ("remember", {}, "text"),
    ("remember", {"text": 42}, "text"),
    ("remember", {"text": "ok", "type": "gossip"}, "type"),
    ("remember", {"text": "ok", "scope": "../../etc"}, "scope"),
    ("remember", {"text": f"The deploy token is {FAKE_KEY}"}, "secret"),
    ("remember", {"text": "The refund logic lives in src/billing.py"}, "not remembered"),
    ("recall", {"message": "   "}, "empty"),
    ("read", {"path": "../../../etc/passwd"}, "invalid-path"),
    ("read", {"path": f"{PROJECT}/inbox/nothing-here.md"}, "not"),
    ("forget", {"path": "*", "sha256": "0" * 64}, ""),
    ("forget", {"path": f"{PROJECT}/MEMORY.md"}, "sha256"),
    ("list", {"scope": "nowhere"}, "unknown-scope"),
    ("no_such_tool", {}, "no_such_tool"),
]


async def test_bad_arguments_are_tool_errors_and_write_nothing(agent_env, project, memlsp_home):
    before = files(memlsp_home)
    async with Client(server_params(agent_env, project)) as client:
        for tool, arguments, reason in BAD_CALLS:
            try:
                result = await client.call_tool(tool, arguments)
            except Exception as exc:  # an MCP error response (unknown tool) is fine too
                text = str(exc)
            else:
                assert result.is_error, (tool, arguments)
                text = " ".join(getattr(c, "text", "") for c in result.content)
            assert reason.lower() in text.lower(), (tool, arguments, text)
        # the server is still serving
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS
    assert files(memlsp_home) == before
    stored = [p.read_text(errors="replace") for p in memlsp_home.rglob("*") if p.is_file()]
    assert not any(FAKE_KEY in text for text in stored)


async def test_writes_while_memory_md_is_a_folder_answer_with_a_warning(
    agent_env, project, memlsp_home
):
    # MEMORY.md is derived (R5): remember and forget do their work and say what is wrong
    # with a warning instead of a tool error after the fact
    async with Client(server_params(agent_env, project)) as client:
        first = structured(
            await client.call_tool("remember", {"text": "We squash-merge every pull request."})
        )
        assert "warning" not in first
        index = memlsp_home / PROJECT / "MEMORY.md"
        index.unlink()
        index.mkdir()
        saved = structured(
            await client.call_tool(
                "remember", {"text": "Staging deploys need a green nightly build first."}
            )
        )
        assert saved["action"] == "created" and "MEMORY.md" in saved["warning"]
        assert (memlsp_home / saved["path"]).is_file()
        note = structured(await client.call_tool("read", {"path": first["path"]}))
        gone = structured(
            await client.call_tool("forget", {"path": first["path"], "sha256": note["sha256"]})
        )
        assert gone["status"] == "forgotten" and "MEMORY.md" in gone["warning"]
        assert not (memlsp_home / first["path"]).exists()
