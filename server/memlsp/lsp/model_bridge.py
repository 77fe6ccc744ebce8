"""The ``editor`` model provider (SPEC R34): prompts run on the editor's own model.

The server sends ``memory/complete`` {system, messages, maxTokens} to the client and awaits
``{text}``. A client opts in by declaring ``capabilities.experimental.memlsp.complete =
true`` at initialize; one that did not, or that answers with an error (MethodNotFound
included), or that does not answer within the timeout, gets :class:`ModelUnavailable` /
:class:`ModelTimeout` — the callers then fall back to the offline behaviour. A timed-out
request is withdrawn with ``$/cancelRequest`` so the client can stop working on it.

:class:`LspEditorBridge` implements :class:`memlsp.core.runtime.EditorBridge`:
:meth:`complete` is for worker threads (jobs), :meth:`complete_async` for coroutines on
the event loop. Calling the blocking form on the event loop thread would deadlock (the
answer is read by that very thread), so it is refused.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import uuid

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcMethodNotFound

from ..core.runtime import ModelTimeout, ModelUnavailable
from . import messages

logger = logging.getLogger(__name__)

METHOD = "memory/complete"


def client_offers_complete(capabilities: types.ClientCapabilities | None) -> bool:
    experimental = getattr(capabilities, "experimental", None)
    if not isinstance(experimental, dict):
        return False
    memlsp = experimental.get("memlsp")
    return isinstance(memlsp, dict) and memlsp.get("complete") is True


class LspEditorBridge:
    def __init__(self, server) -> None:
        self._server = server
        self._refused_reason: str | None = None  # set once the client showed it cannot

    def available(self) -> bool:
        return self._refused_reason is None and client_offers_complete(
            self._server.client_capabilities_or_none()
        )

    async def complete_async(
        self, system: str, messages_: list[dict], max_tokens: int, timeout: float
    ) -> str:
        if self._refused_reason is not None:
            raise ModelUnavailable(self._refused_reason)
        if not client_offers_complete(self._server.client_capabilities_or_none()):
            raise ModelUnavailable(
                "the editor did not offer memory/complete "
                "(capabilities.experimental.memlsp.complete)"
            )
        params = messages.CompleteParams(
            system=system,
            messages=[
                messages.CompleteMessage(role=str(m["role"]), content=str(m["content"]))
                for m in messages_
            ],
            max_tokens=int(max_tokens),
        )
        protocol = self._server.protocol
        msg_id = f"complete-{uuid.uuid4().hex[:12]}"
        future = asyncio.wrap_future(protocol.send_request(METHOD, params, msg_id=msg_id))
        try:
            result = await asyncio.wait_for(future, timeout)
        except TimeoutError as exc:
            protocol._request_futures.pop(msg_id, None)
            protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=msg_id))
            raise ModelTimeout(f"the editor's model did not answer within {timeout:g} s") from exc
        except JsonRpcMethodNotFound as exc:
            self._refused_reason = "the editor does not implement memory/complete"
            raise ModelUnavailable(self._refused_reason) from exc
        except JsonRpcException as exc:
            raise ModelUnavailable(f"the editor's model failed: {exc.message}") from exc
        text = getattr(result, "text", None)
        if not isinstance(text, str):
            raise ModelUnavailable("the editor answered memory/complete without a text")
        return text

    def complete(self, system: str, messages: list[dict], max_tokens: int, timeout: float) -> str:
        loop = self._server.loop
        if loop is None or not loop.is_running():
            raise ModelUnavailable("the language server is not running")
        if getattr(loop, "_thread_id", None) == threading.get_ident():
            raise RuntimeError("EditorBridge.complete blocks: call complete_async on the loop")
        fut = asyncio.run_coroutine_threadsafe(
            self.complete_async(system, messages, max_tokens, timeout), loop
        )
        try:
            # The coroutine enforces the timeout; the margin covers scheduling only.
            return fut.result(timeout + 2.0)
        except concurrent.futures.TimeoutError as exc:
            fut.cancel()
            raise ModelTimeout(f"the editor's model did not answer within {timeout:g} s") from exc
