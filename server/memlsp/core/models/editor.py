"""The ``editor`` provider (SPEC R32, R34): the editor runs the prompt on its own model.

The language-server layer implements :class:`EditorBridge` by sending ``memory/complete``
(system, messages, maxTokens → text) to the client. Editor models are text-in/text-out, so
tools are described in the system prompt and the model answers with a JSON object::

    {"tool_calls": [{"name": "write_note", "input": {...}}, ...]}   or   {"done": true}

Tool results come back to it as a user message. A bridge error or timeout, or a reply that
is not such an object, is a ModelError and the caller degrades to offline.

Must not import the store, pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import json
from typing import Any

from ..runtime import EditorBridge
from .base import ModelError, ModelReply, ModelRequest, ToolCall, parse_json_object


class EditorProvider:
    name = "editor"
    uses_model = True

    def __init__(self, bridge: EditorBridge) -> None:
        self.bridge = bridge

    @staticmethod
    def _tool_protocol(request: ModelRequest) -> str:
        if not request.tools:
            return ""
        lines = [
            "",
            "You can call tools. Answer ONLY with a JSON object: "
            '{"tool_calls": [{"name": NAME, "input": {...}}]} to call tools, or '
            '{"done": true} when finished. Tools:',
        ]
        for t in request.tools:
            lines.append(f"- {t.name}: {t.description} input schema: {json.dumps(t.input_schema)}")
        return "\n".join(lines)

    @staticmethod
    def _flatten(messages: list[dict[str, Any]]) -> list[dict[str, str]]:
        out: list[dict[str, str]] = []
        for msg in messages:
            content = msg.get("content")
            if isinstance(content, str):
                text = content
            else:
                parts = []
                for block in content or []:
                    kind = block.get("type")
                    if kind == "text":
                        parts.append(block.get("text", ""))
                    elif kind == "tool_use":
                        parts.append(
                            json.dumps(
                                {"tool_calls": [{"name": block["name"], "input": block["input"]}]}
                            )
                        )
                    elif kind == "tool_result":
                        parts.append(f"[tool result] {block.get('content', '')}")
                text = "\n".join(parts)
            out.append({"role": str(msg.get("role", "user")), "content": text})
        return out

    def complete(self, request: ModelRequest) -> ModelReply:
        system = "\n\n".join(
            part for part in (request.system, request.stable_context) if part
        ) + self._tool_protocol(request)
        try:
            text = self.bridge.complete(
                system, self._flatten(request.messages), request.max_tokens, request.timeout
            )
        except ModelError:
            raise
        except TimeoutError as exc:
            raise ModelError("the editor's model timed out", reason="model-timeout") from exc
        except Exception as exc:  # noqa: BLE001 - any bridge failure means "degrade"
            raise ModelError(
                f"the editor's model failed ({type(exc).__name__})", reason="model-failed"
            ) from exc
        if not isinstance(text, str):
            raise ModelError("the editor returned no text", reason="model-malformed")
        if not request.tools:
            return ModelReply(text=text, stop_reason="end_turn")
        value = parse_json_object(text)
        raw_calls = value.get("tool_calls") or []
        if not isinstance(raw_calls, list):
            raise ModelError("tool_calls is not a list", reason="model-malformed")
        calls = []
        for i, raw in enumerate(raw_calls):
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise ModelError("a tool call is malformed", reason="model-malformed")
            tool_input = raw.get("input") or {}
            if not isinstance(tool_input, dict):
                raise ModelError("a tool call input is not an object", reason="model-malformed")
            calls.append(ToolCall(f"editor-{i}", raw["name"], tool_input))
        return ModelReply(
            text="", tool_calls=calls, stop_reason="tool_use" if calls else "end_turn"
        )
