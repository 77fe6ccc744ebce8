"""``workspace/executeCommand`` commands (ids ``memlsp.camelCase``).

``memlsp.modelStatus`` answers "is my model reachable?" for the configured provider: the
``offline`` provider needs none; the ``editor`` provider is asked a one-word question
through ``memory/complete`` (so it exercises the real bridge, with the real timeout); the
``anthropic`` provider gets the same question through the SDK (on a worker thread).
"""

from __future__ import annotations

import time

from ...core.runtime import ModelUnavailable
from ...core.service import HEALTH_SYSTEM
from .. import command_results as wire

REQUIRES = ("lifecycle",)


async def model_status(ls, *args) -> wire.ModelStatus:
    provider = ls.settings.model.provider
    if provider == "offline":
        return wire.ModelStatus(
            provider=provider,
            reachable=True,
            message="offline provider: no model is needed (heuristics and local retrieval)",
        )
    start = time.monotonic()
    if provider == "editor":
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
    reply, error = await ls.run_blocking(ls.service.ping_model)
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


def register(server) -> None:
    server.command("memlsp.modelStatus")(model_status)
