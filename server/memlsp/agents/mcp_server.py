"""``memlsp mcp``: the memory as an MCP server (stdio, the official ``mcp`` SDK, 2.x), so any
MCP client — Claude Desktop, Cursor, Claude Code, an agent framework — shares the memory the
editor and the hooks use (SPEC R39).

Tools (each a translation to one memory-service use case): ``recall`` (the notes that apply
to a message), ``remember`` (a person's "remember this", through the write policy),
``forget`` (verified: the exact path and the SHA-256 ``read`` returned), ``list`` (the notes,
with type, size, age and who wrote them) and ``read`` (a note's text and hash). A refusal or
a bad argument is an MCP tool error with the reason in its text; nothing is written then.
Notes written here record the client's own name (``clientInfo``) as their ``agent``.

stdout is the transport: logs go to stderr only. Must not import pygls, lsprotocol, the
CLI or another adapter.
"""

from __future__ import annotations

import logging
import sys
import uuid
from pathlib import Path
from typing import Any, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from ..core.errors import MemlspError
from ..core.service import MemoryService, import_for_threads
from ..core.settings import load_settings

INSTRUCTIONS = (
    "memlsp is the developer's persistent, file-based memory shared by their editor and "
    "agents. Call recall with the user's request to get notes that apply (corrections, "
    "preferences, project decisions, where things live); notes are point-in-time "
    "observations, so verify before relying on them. Call remember only when the user asks "
    "to remember something. To forget, read the note first and pass its path and sha256."
)
NoteType = Literal["user", "feedback", "project", "reference"]


def create_server(service: MemoryService, folder: Path | None = None) -> MCPServer:
    """The MCP server over ``service``; ``folder`` is the project it serves (its scope)."""
    mcp = MCPServer("memlsp", instructions=INSTRUCTIONS)
    workspace = str(folder) if folder else None
    session = f"mcp-{uuid.uuid4().hex[:12]}"

    async def call(fn, *args, **kwargs):
        try:
            return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))
        except MemlspError as exc:
            raise ToolError(f"{exc} [{exc.reason}]") from None

    @mcp.tool()
    async def recall(message: str) -> dict[str, Any]:
        """The memory notes that apply to a message (at most 5, each with its age); a note
        already returned in this connection is not returned again."""
        if not message.strip():
            raise ToolError("message is empty [invalid-params]")
        res = await call(service.recall, session, message, workspace=workspace, on_purpose=True)
        return {
            "memories": [
                {
                    "path": m.path,
                    "name": m.name,
                    "type": m.type,
                    "scope": m.scope,
                    "age_days": m.age_days,
                    "content": m.content,
                    "stale": m.stale,
                }
                for m in res.memories
            ],
            "reminder": res.reminder,
        }

    @mcp.tool()
    async def remember(
        text: str,
        ctx: Context,
        type: NoteType | None = None,  # noqa: A002 - the tool's argument name
        scope: Literal["project", "global"] = "project",
    ) -> dict[str, Any]:
        """Remember something the user asked to keep (a preference, a correction, a project
        fact, where something lives). Secrets, code facts and file paths are refused."""
        res = await call(
            service.remember,
            text,
            type_=type,
            scope=scope,
            workspace=workspace,
            agent=client_name(ctx),
        )
        if res.refused:
            raise ToolError(f"{res.message} [{res.refused}]")  # the message says what was not done
        return {"path": res.path, "action": res.action} | (
            {"warning": res.warning} if res.warning else {}
        )

    @mcp.tool()
    async def forget(path: str, sha256: str) -> dict[str, Any]:
        """Forget one note: its exact path and the sha256 that read returned (proof you saw
        the current version). Broad requests, stale hashes and protected files are refused."""
        result = await call(service.forget, path, sha256)
        return {"path": result.path, "status": result.status, "tombstone": result.tombstone} | (
            {"warning": result.warning} if result.warning else {}
        )

    @mcp.tool(name="list")
    async def list_notes(scope: str | None = None) -> dict[str, Any]:
        """The notes in memory (scope: all, project, global or a scope folder), each with
        type, description, size, age and who wrote it."""
        found = await call(service.list_notes, scope, workspace=workspace)
        keys = ("path", "scope", "type", "name", "description", "bytes", "age_days", "agent")
        return {"entries": [{k: getattr(e, k) for k in keys} for e in found.entries]}

    @mcp.tool()
    async def read(path: str) -> dict[str, Any]:
        """A note's whole text (frontmatter included) and the sha256 of its bytes."""
        note = await call(service.read, path)
        return {"path": note.path, "content": note.text, "sha256": note.sha256}

    return mcp


def client_name(ctx: Context) -> str:
    """The connected client's name (its ``clientInfo``), the ``agent`` of what it writes."""
    try:
        info = ctx.session.client_params.client_info
        name = "-".join(str(info.name).lower().split())
    except AttributeError:
        return "mcp"
    return name or "mcp"


def serve(folder: Path | None = None, log_level: str = "warning") -> int:
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, log_level.upper(), logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    service = MemoryService(load_settings())
    service.configure_telemetry()
    import_for_threads()  # tools run on worker threads (anyio.to_thread)
    create_server(service, folder or Path.cwd()).run("stdio")
    return 0


__all__ = ["create_server", "serve"]
