"""Model providers (SPEC R34): ``offline`` (default), ``anthropic``, ``editor``.

:func:`make_provider` builds the one the settings name. An ``editor`` provider needs the
bridge the language server implements; without one, and for an unknown name, the offline
provider is used (logged), so a misconfiguration never loses a turn.

Must not import the store, pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import Any

from .anthropic import AnthropicProvider
from .base import (
    LoopResult,
    ModelError,
    ModelReply,
    ModelRequest,
    Provider,
    ToolCall,
    ToolSpec,
    complete_json,
    parse_json_object,
    run_tool_loop,
)
from .editor import EditorBridge, EditorProvider
from .offline import OfflineProvider

log = logging.getLogger("memlsp.models")

__all__ = [
    "JsonModelAdapter",
    "AnthropicProvider",
    "EditorBridge",
    "EditorProvider",
    "LoopResult",
    "ModelError",
    "ModelReply",
    "ModelRequest",
    "OfflineProvider",
    "Provider",
    "ToolCall",
    "ToolSpec",
    "complete_json",
    "make_provider",
    "parse_json_object",
    "run_tool_loop",
]


def make_provider(
    settings: Any = None,
    *,
    bridge: EditorBridge | None = None,
    env: Mapping[str, str] | None = None,
    purpose: str = "extract",
) -> Provider:
    """The provider named by ``settings.model.provider`` (default offline).

    ``purpose`` picks the model id for the anthropic provider: ``extract`` uses
    ``model.extractModel`` (per-turn extraction, dream plans), ``select`` uses
    ``model.selectModel`` (recall's model selector, R15)."""
    env = os.environ if env is None else env
    model = getattr(settings, "model", None)
    name = getattr(model, "provider", "offline") or "offline"
    if name == "anthropic":
        return AnthropicProvider(
            model=(
                getattr(model, "select_model", None) or "claude-sonnet-4-5"
                if purpose == "select"
                else getattr(model, "extract_model", None) or "claude-haiku-4-5"
            ),
            api_key=env.get("ANTHROPIC_API_KEY"),
            base_url=getattr(model, "base_url", None) or None,
            max_retries=int(getattr(model, "max_retries", 2)),
            timeout=float(getattr(model, "timeout_seconds", 30.0)),
        )
    if name == "editor":
        if bridge is not None:
            return EditorProvider(bridge)
        log.warning("model.provider is 'editor' but no editor bridge is connected; offline")
    elif name != "offline":
        log.warning("unknown model.provider %r; offline", name)
    return OfflineProvider()


class JsonModelAdapter:
    """A provider seen as the dream's ``JsonModel`` (one round, no tools, a JSON object
    back): the system prompt and the schema are the stable, cacheable prefix."""

    def __init__(self, provider: Provider) -> None:
        self.provider = provider

    def complete_json(self, system: str, prompt: str, schema: dict, timeout: float) -> Any:
        import json

        return complete_json(
            self.provider,
            system=system,
            stable_context="Reply with one JSON object valid against this JSON Schema:\n"
            + json.dumps(schema),
            prompt=prompt,
            max_tokens=8192,
            timeout=timeout,
        )
