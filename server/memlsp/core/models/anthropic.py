"""The ``anthropic`` provider (SPEC R34): the official ``anthropic`` SDK.

The key comes from ``ANTHROPIC_API_KEY`` (or the caller); the model id, the base URL
(so tests can point it at a local fake server), the timeout and the retry count are
settings. Prompt caching: the long stable prefix — the system prompt and the manifest
of existing notes — is sent as system blocks with ``cache_control: {"type": "ephemeral"}``
on the last one, so the tools and that prefix are cached across turns and only the turn's
messages are paid in full.

Every SDK error (status 4xx/5xx including 529 overloaded, connection errors, timeouts,
responses that do not validate) and every reply we cannot use becomes a ModelError; the
caller degrades to offline. The API key never appears in logs or errors.

Must not import the store, pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from .base import ModelError, ModelReply, ModelRequest, ToolCall

log = logging.getLogger("memlsp.models.anthropic")

DEFAULT_MODEL = "claude-haiku-4-5"


class AnthropicProvider:
    name = "anthropic"
    uses_model = True

    def __init__(
        self,
        *,
        model: str = DEFAULT_MODEL,
        api_key: str | None = None,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = 30.0,
    ) -> None:
        self.model = model
        self._api_key = api_key if api_key is not None else os.environ.get("ANTHROPIC_API_KEY")
        self.base_url = base_url or None
        self.max_retries = max_retries
        self.timeout = timeout
        self._client: Any = None

    def _sdk(self) -> Any:
        if self._client is None:
            if not self._api_key:
                raise ModelError(
                    "ANTHROPIC_API_KEY is not set; using offline behaviour", reason="no-api-key"
                )
            try:
                import anthropic
            except ImportError as exc:  # an optional dependency (memlsp[anthropic])
                raise ModelError(
                    "the anthropic SDK is not installed (pip install 'memlsp[anthropic]'); "
                    "using offline behaviour",
                    reason="no-sdk",
                ) from exc
            self._client = anthropic.Anthropic(
                api_key=self._api_key,
                base_url=self.base_url,
                max_retries=self.max_retries,
                timeout=self.timeout,
            )
        return self._client

    @staticmethod
    def system_blocks(request: ModelRequest) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = [{"type": "text", "text": request.system}]
        if request.stable_context:
            blocks.append({"type": "text", "text": request.stable_context})
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
        return blocks

    def complete(self, request: ModelRequest) -> ModelReply:
        client = self._sdk()
        import anthropic

        kwargs: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens,
            "system": self.system_blocks(request),
            "messages": request.messages,
            "timeout": min(request.timeout, self.timeout),
        }
        if request.tools:
            kwargs["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.input_schema}
                for t in request.tools
            ]
        try:
            response = client.messages.create(**kwargs)
        except anthropic.APITimeoutError as exc:
            raise ModelError("the model call timed out", reason="model-timeout") from exc
        except anthropic.APIStatusError as exc:
            raise ModelError(
                f"the model call failed with HTTP {exc.status_code}", reason="model-http-error"
            ) from exc
        except anthropic.AnthropicError as exc:
            raise ModelError(
                f"the model call failed ({type(exc).__name__})", reason="model-failed"
            ) from exc
        except (ValueError, TypeError, KeyError) as exc:
            raise ModelError("the model reply could not be read", reason="model-malformed") from exc
        return _reply(response)


def _reply(response: Any) -> ModelReply:
    content = getattr(response, "content", None)
    if not isinstance(content, list):
        raise ModelError("the model reply has no content list", reason="model-malformed")
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in content:
        kind = getattr(block, "type", None)
        if kind == "text":
            texts.append(str(getattr(block, "text", "") or ""))
        elif kind == "tool_use":
            tool_input = getattr(block, "input", None)
            name = getattr(block, "name", None)
            if not isinstance(tool_input, dict) or not isinstance(name, str):
                raise ModelError("a tool call in the reply is malformed", reason="model-malformed")
            calls.append(ToolCall(str(getattr(block, "id", "")), name, tool_input))
    usage_obj = getattr(response, "usage", None)
    usage: dict[str, int] = {}
    for key in (
        "input_tokens",
        "output_tokens",
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
    ):
        value = getattr(usage_obj, key, None)
        if isinstance(value, int):
            usage[key] = value
    return ModelReply("".join(texts), calls, str(getattr(response, "stop_reason", "") or ""), usage)
