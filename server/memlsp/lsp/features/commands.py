"""``workspace/executeCommand`` commands (ids ``memlsp.camelCase``).

``memlsp.modelStatus`` answers "is my model reachable?" for the configured provider: the
``offline`` provider needs none; the ``editor`` provider is asked a one-word question
through ``memory/complete`` (so it exercises the real bridge, with the real timeout); the
``anthropic`` provider gets the same question through the SDK (on a worker thread).
"""

from __future__ import annotations

import time

from ...core.errors import MemlspError
from ...core.models import ModelRequest, make_provider
from ...core.runtime import ModelUnavailable
from .. import messages as wire

HEALTH_SYSTEM = "You are a health check. Reply with the single word OK and nothing else."


def register(server) -> None:
    @server.command("memlsp.modelStatus")
    async def model_status(ls, *args) -> wire.ModelStatus:
        provider = ls.settings.model.provider
        if provider == "offline":
            return wire.ModelStatus(
                provider=provider,
                reachable=True,
                message="offline provider: no model is needed (heuristics and local retrieval)",
            )
        if provider == "editor":
            start = time.monotonic()
            try:
                reply = await ls.bridge.complete_async(
                    HEALTH_SYSTEM,
                    [{"role": "user", "content": "ping"}],
                    8,
                    ls.settings.model.timeout_seconds,
                )
            except ModelUnavailable as exc:
                return wire.ModelStatus(
                    provider=provider, reachable=False, message=str(exc), reason=exc.reason
                )
            return wire.ModelStatus(
                provider=provider,
                reachable=True,
                message="the editor's model answered",
                reply=reply[:200],
                latency_ms=int((time.monotonic() - start) * 1000),
            )
        settings = ls.settings

        def ping() -> tuple[str | None, MemlspError | None]:
            try:
                reply = make_provider(settings, purpose="select").complete(
                    ModelRequest(
                        system=HEALTH_SYSTEM,
                        stable_context="",
                        messages=[{"role": "user", "content": "ping"}],
                        max_tokens=8,
                        timeout=settings.model.timeout_seconds,
                    )
                )
            except MemlspError as exc:  # no key, HTTP error, timeout: an answer, not a crash
                return None, exc
            return reply.text, None

        start = time.monotonic()
        reply, error = await ls.run_blocking(ping)
        if error is not None:
            return wire.ModelStatus(
                provider=provider, reachable=False, message=str(error), reason=error.reason
            )
        return wire.ModelStatus(
            provider=provider,
            reachable=True,
            message=f"the {provider} model answered",
            reply=(reply or "")[:200],
            latency_ms=int((time.monotonic() - start) * 1000),
        )
