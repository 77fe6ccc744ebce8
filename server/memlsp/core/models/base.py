"""The model-provider interface (SPEC R34): a prompt in, text or a JSON object out.

A provider answers one request — a system prompt, a long stable context (cached where the
provider supports it), the conversation so far, and optionally tools — with a
:class:`ModelReply` (text and tool calls). :func:`run_tool_loop` drives a bounded tool
conversation (a round limit and an overall deadline); :func:`complete_json` asks for a JSON
object. Every failure is a :class:`ModelError` with a stable reason; callers degrade to the
offline behaviour and never lose the turn.

Must not import the store, pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import MemlspError

log = logging.getLogger("memlsp.models")


class ModelError(MemlspError):
    """A model call failed, timed out, was refused or answered in a shape we cannot use."""

    reason = "model-failed"


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    input: dict[str, Any]


@dataclass
class ModelReply:
    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    stop_reason: str = ""
    usage: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ModelRequest:
    """``system`` and ``stable_context`` form the long stable prefix (cached by providers
    that can); ``messages`` are Anthropic-shaped dicts (role + str or content blocks)."""

    system: str
    stable_context: str
    messages: list[dict[str, Any]]
    tools: tuple[ToolSpec, ...] = ()
    max_tokens: int = 1024
    timeout: float = 30.0


class Provider(Protocol):
    name: str
    uses_model: bool  # False for the offline provider: callers use their heuristics

    def complete(self, request: ModelRequest) -> ModelReply: ...


@dataclass
class LoopResult:
    rounds: int
    tool_calls: list[ToolCall]
    final_text: str


def run_tool_loop(
    provider: Provider,
    *,
    system: str,
    stable_context: str,
    prompt: str,
    tools: list[ToolSpec],
    handlers: dict[str, Callable[[dict[str, Any]], str]],
    max_rounds: int = 5,
    timeout: float = 30.0,
    max_tokens: int = 1024,
) -> LoopResult:
    """Run tool rounds until the model stops calling tools, ``max_rounds`` model calls were
    made, or ``timeout`` seconds passed (then ModelError(reason="model-timeout"))."""
    deadline = time.monotonic() + timeout
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    calls: list[ToolCall] = []
    text = ""
    for round_no in range(1, max_rounds + 1):
        left = deadline - time.monotonic()
        if left <= 0:
            raise ModelError("the model did not finish in time", reason="model-timeout")
        reply = provider.complete(
            ModelRequest(
                system=system,
                stable_context=stable_context,
                messages=list(messages),
                tools=tuple(tools),
                max_tokens=max_tokens,
                timeout=left,
            )
        )
        text = reply.text
        if not reply.tool_calls:
            return LoopResult(round_no, calls, text)
        assistant_blocks: list[dict[str, Any]] = []
        if reply.text:
            assistant_blocks.append({"type": "text", "text": reply.text})
        results: list[dict[str, Any]] = []
        for call in reply.tool_calls:
            calls.append(call)
            assistant_blocks.append(
                {"type": "tool_use", "id": call.id, "name": call.name, "input": call.input}
            )
            handler = handlers.get(call.name)
            if handler is None:
                output, is_error = f"unknown tool {call.name!r}", True
            else:
                try:
                    output, is_error = handler(call.input), False
                except MemlspError as exc:
                    output, is_error = f"error: {exc} [{exc.reason}]", True
            results.append(
                {
                    "type": "tool_result",
                    "tool_use_id": call.id,
                    "content": output,
                    **({"is_error": True} if is_error else {}),
                }
            )
        messages.append({"role": "assistant", "content": assistant_blocks})
        messages.append({"role": "user", "content": results})
    log.info("model tool loop stopped at the round limit (%d)", max_rounds)
    return LoopResult(max_rounds, calls, text)


_JSON_BLOCK = re.compile(r"\{.*\}", re.S)


def parse_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in ``text`` (fenced or bare); ModelError when there is none."""
    cleaned = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    for candidate in (cleaned, *(_JSON_BLOCK.findall(cleaned) or [])):
        try:
            value = json.loads(candidate)
        except (ValueError, TypeError):
            continue
        if isinstance(value, dict):
            return value
    raise ModelError("the model did not answer with a JSON object", reason="model-malformed")


def complete_json(
    provider: Provider,
    *,
    system: str,
    stable_context: str,
    prompt: str,
    max_tokens: int = 1024,
    timeout: float = 30.0,
) -> dict[str, Any]:
    """Ask for a JSON object (one round, no tools)."""
    reply = provider.complete(
        ModelRequest(
            system=system,
            stable_context=stable_context,
            messages=[{"role": "user", "content": prompt}],
            max_tokens=max_tokens,
            timeout=timeout,
        )
    )
    return parse_json_object(reply.text)
