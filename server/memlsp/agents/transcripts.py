"""Chat transcripts in the shapes agents write them, read as the service's messages.

Three shapes, line by line (JSON Lines), mixed freely:

- ``{"role", "content": "text", "at"?}`` — memlsp's own shape;
- ``{"role", "content": [blocks]}`` — the Anthropic/MCP shape: ``text`` blocks are the
  message, ``tool_result`` blocks are tool output, ``thinking`` and ``tool_use`` are left out;
- Claude Code session logs (``type: user | assistant | …`` with ``message``): the parts of
  one assistant reply (lines sharing ``message.id``) are merged, sidechains (sub-agents),
  meta lines and compaction summaries are left out, and tool results — which arrive as
  ``user`` lines — become ``tool`` messages.

Tool output is untrusted input: it is never a ``user`` message, so nothing in it is taken
as what the person said (extraction learns from the person's words only). The format of
Claude Code's logs is internal and changes between versions, so every field is read
defensively and a line that cannot be used is skipped, never fatal.

Must not import pygls, lsprotocol, the CLI or another adapter.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ..core.errors import MemlspError
from ..core.service import Message

MAX_LINE_CHARS = 5_000_000  # a pasted file can make one line large; beyond this it is skipped
# A whole transcript: beyond this it is refused (``too-large``) after reading this much —
# an endless input (``/dev/zero``, a pipe that never closes) must not fill the memory.
MAX_TRANSCRIPT_BYTES = 128 * 1024 * 1024
MAX_TOOL_CHARS = 4_000  # what extraction sees of a turn's tool output
COMMAND_NOISE = ("<command-name>", "<local-command-stdout>", "<command-message>")


@dataclass
class Transcript:
    """The messages of one conversation, oldest first, and what the lines said about it."""

    messages: list[Message] = field(default_factory=list)
    session_id: str | None = None
    cwd: str | None = None
    skipped_lines: int = 0
    memory_tools: int = 0  # memory tool calls in the last turn (the main model wrote memory)


def read_bounded(stream: BinaryIO, name: str, limit: int | None = None) -> bytes:
    """At most ``limit`` (default :data:`MAX_TRANSCRIPT_BYTES`) bytes of ``stream``;
    :class:`MemlspError` (``too-large``) as soon as there are more."""
    limit = MAX_TRANSCRIPT_BYTES if limit is None else limit
    data = bytearray()
    while chunk := stream.read(min(1 << 20, limit + 1 - len(data))):
        data += chunk
        if len(data) > limit:
            raise MemlspError(
                f"{name} is larger than {limit:,} bytes; not read", reason="too-large"
            )
    return bytes(data)


def read_transcript_bytes(path: Path) -> bytes:
    """The bytes of a transcript file, bounded (:func:`read_bounded`); :class:`MemlspError`
    (``bad-transcript``) when it cannot be read."""
    try:
        with open(path, "rb") as f:
            return read_bounded(f, str(path))
    except OSError as exc:
        raise MemlspError(
            f"cannot read {path}: {exc.strerror or exc}", reason="bad-transcript"
        ) from None


def read_transcript(path: Path) -> Transcript:
    """Read a transcript file in any of the shapes above; :class:`MemlspError`
    (``bad-transcript``) when the file cannot be read or holds no message at all,
    ``too-large`` past :data:`MAX_TRANSCRIPT_BYTES`."""
    text = read_transcript_bytes(path).decode("utf-8", errors="replace")
    return transcript_from_text(text, str(path))


def transcript_from_text(text: str, name: str) -> Transcript:
    """The transcript in ``text`` (read from ``name``, e.g. ``-`` for standard input);
    :class:`MemlspError` (``bad-transcript``) when no line of it is a message."""
    found = parse_lines(text.splitlines())
    if not found.messages and found.skipped_lines:
        raise MemlspError(
            f"{name}: no line is a chat message (role and content, or a Claude Code log line)",
            reason="bad-transcript",
        )
    return found


def parse_lines(lines: Iterable[str]) -> Transcript:
    out = Transcript()
    replies: dict[str, int] = {}  # Claude Code message.id -> index of its merged message
    for line in lines:
        if not line.strip():
            continue
        if len(line) > MAX_LINE_CHARS:
            out.skipped_lines += 1
            continue
        try:
            data = json.loads(line)
        except ValueError:
            out.skipped_lines += 1
            continue
        if not isinstance(data, dict):
            out.skipped_lines += 1
            continue
        if "type" in data and "role" not in data:  # a Claude Code log line
            if isinstance(data.get("message"), dict):
                _claude_code_line(data, out, replies)
            else:  # summary, system (compaction boundary), attachment, …
                out.session_id = out.session_id or _str(data.get("sessionId"))
        elif "content" in data:
            role = str(data.get("role") or "user")
            _add(out, role, data.get("content"), _time(data.get("at") or data.get("timestamp")))
        else:
            out.skipped_lines += 1
    return out


def _claude_code_line(data: dict, out: Transcript, replies: dict[str, int]) -> None:
    out.session_id = out.session_id or _str(data.get("sessionId"))
    out.cwd = out.cwd or _str(data.get("cwd"))
    kind = data.get("type")
    if kind not in ("user", "assistant") or data.get("isSidechain") or data.get("isMeta"):
        return
    if data.get("isCompactSummary"):
        return  # the model's summary of earlier turns, not something the person said
    message = data["message"]
    at = _time(data.get("timestamp"))
    content = message.get("content")
    if kind == "assistant":
        out.memory_tools += sum(
            1
            for b in content or []
            if isinstance(b, dict) and b.get("type") == "tool_use" and _is_memory_tool(b)
        )
        text = _text_of(content)
        msg_id = _str(message.get("id"))
        if msg_id and msg_id in replies:  # another part of the same reply
            i = replies[msg_id]
            if text:
                old = out.messages[i]
                out.messages[i] = Message("assistant", f"{old.content}\n{text}".strip(), old.at)
            return
        if text or msg_id:
            out.messages.append(Message("assistant", text, at))
            if msg_id:
                replies[msg_id] = len(out.messages) - 1
        return
    if isinstance(content, str) and content.lstrip().startswith(COMMAND_NOISE):
        return  # a slash command's echo, not a prompt
    _add(out, "user", content, at)


def _add(out: Transcript, role: str, content: object, at: dt.datetime | None) -> None:
    """One message (or a user message's text and its tool results as separate messages)."""
    if role not in ("user", "assistant", "system", "tool"):
        role = "tool" if role in ("function", "ipython") else "user"
    tools = _tool_results(content)
    if tools:
        out.messages.append(Message("tool", tools, at))
    text = _text_of(content)
    if text or (role != "user" and not tools):
        out.messages.append(Message(role, text, at))
    if role == "user" and text:
        out.memory_tools = 0  # a new turn


def _text_of(content: object) -> str:
    if isinstance(content, str):
        return content.strip()
    if not isinstance(content, list):
        return ""
    parts = [
        b.get("text")
        for b in content
        if isinstance(b, dict)
        and b.get("type", "text") == "text"
        and isinstance(b.get("text"), str)
    ]
    return "\n".join(p.strip() for p in parts if p.strip())


def _tool_results(content: object) -> str:
    if not isinstance(content, list):
        return ""
    out = []
    for block in content:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            inner = block.get("content")
            out.append(inner.strip() if isinstance(inner, str) else _text_of(inner))
    return "\n".join(t for t in out if t)


def _is_memory_tool(block: dict) -> bool:
    name = str(block.get("name") or "")
    return name.startswith("mcp__memlsp__") and name.split("__")[-1] in ("remember", "forget")


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _time(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        ts = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=dt.UTC)


def for_extraction(messages: list[Message]) -> list[Message]:
    """The conversation as extraction reads it: per turn (a user message and what follows
    it) the person's words, the turn's tool output in one ``tool`` message (cut to
    :data:`MAX_TOOL_CHARS`), then the assistant's text in one message — so a turn with many
    tool calls still fits the few recent messages extraction looks at."""
    out: list[Message] = []
    tools: list[str] = []
    replies: list[Message] = []

    def flush() -> None:
        if tools:
            joined = "\n".join(tools)[:MAX_TOOL_CHARS]
            out.append(Message("tool", joined, replies[0].at if replies else None))
        if replies:
            text = "\n".join(m.content for m in replies if m.content)
            out.append(Message("assistant", text, replies[-1].at))
        tools.clear()
        replies.clear()

    for m in messages:
        if m.role == "user":
            flush()
            out.append(m)
        elif m.role == "tool":
            tools.append(m.content)
        elif m.role == "assistant":
            replies.append(m)
        else:
            flush()
            out.append(m)
    flush()
    return [m for m in out if m.content.strip()]


def last_turn(messages: list[Message], final_reply: str | None = None) -> tuple[int, list[Message]]:
    """The number of the last turn (counting user messages) and its messages; ``final_reply``
    (Claude Code's ``last_assistant_message``, ahead of a lagging log) replaces the turn's
    last assistant text."""
    shaped = for_extraction(messages)
    users = [i for i, m in enumerate(shaped) if m.role == "user"]
    if not users:
        return 0, []
    turn = shaped[users[-1] :]
    if final_reply and final_reply.strip():
        turn = [m for m in turn if m.role != "assistant"]
        turn.append(Message("assistant", final_reply.strip(), turn[0].at))
    before = shaped[max(0, users[-1] - 2) : users[-1]]
    return len(users), before + turn
