"""The ``editor`` model provider (SPEC R34, §10 ``memory/complete``) over stdio.

``memlsp.modelStatus`` ("is my model reachable?") asks the configured provider a one-word
question; with the ``editor`` provider that is a server->client ``memory/complete``.
Covers: an answer, a model call hanging past its timeout (acceptance 4), a client error,
and a client that never offered the bridge (offline behaviour, no request sent).
"""

from __future__ import annotations

import time

import pytest
import pytest_asyncio
from lsprotocol import types

from .conftest import start_harness, stop_harness

pytestmark = pytest.mark.asyncio(loop_scope="module")

OPTIONS = {"rollout": "on", "model": {"provider": "editor", "timeoutSeconds": 0.5}}


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["vscode", "minimal"])
async def h(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"bridge-{request.param}")
    harness = await start_harness(tmp, request.param, init_options=OPTIONS)
    yield harness
    await stop_harness(harness)


async def model_status(h):
    return await h.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="memlsp.modelStatus")
    )


async def test_the_editor_answers_memory_complete(h):
    h.complete_delay, h.complete_error = 0.0, False
    before = len(h.completes)
    res = await model_status(h)
    if h.profile == "minimal":
        assert res["reachable"] is False and res["reason"] == "model-unavailable"
        assert "experimental.memlsp.complete" in res["message"]
        assert len(h.completes) == before, "no memory/complete to a client that did not offer it"
        return
    assert res["provider"] == "editor" and res["reachable"] is True and res["reply"] == "OK"
    params = h.completes[-1]
    assert "health check" in params.system
    assert params.messages[0].role == "user" and params.maxTokens == 8


async def test_a_model_call_hanging_past_its_timeout(h):
    if h.profile == "minimal":
        pytest.skip("the minimal client never receives memory/complete")
    h.complete_delay = 3.0
    start = time.monotonic()
    res = await model_status(h)
    elapsed = time.monotonic() - start
    assert res["reachable"] is False and res["reason"] == "model-timeout"
    assert elapsed < 2.0, "the server gave up at the timeout, not when the client answered"
    # The server keeps serving while the client is still "thinking".
    listed = await h.request("memory/list", {})
    assert listed.entries is not None
    h.complete_delay = 0.0


async def test_a_failing_editor_model_means_unavailable(h):
    if h.profile == "minimal":
        pytest.skip("the minimal client never receives memory/complete")
    h.complete_error = True
    res = await model_status(h)
    assert res["reachable"] is False and res["reason"] == "model-unavailable"
    assert "switched off" in res["message"]
    h.complete_error = False
    assert (await model_status(h))["reachable"] is True
