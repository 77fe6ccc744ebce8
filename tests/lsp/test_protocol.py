"""The memory protocol over stdio (SPEC §10, R28), driven by pytest-lsp twice: with VS Code's
client capabilities and with a minimal client (no progress, no workspace/configuration).

Acceptance 1 of the language-server issue: every method of §10 is driven here, asserting
results, errors (``data.reason``) and notifications (``memory/jobStatus``, ``$/progress``).
"""

from __future__ import annotations

import hashlib

import pytest
import pytest_asyncio
from lsprotocol import types
from memlsp.lsp import messages
from pygls.exceptions import JsonRpcException

from .conftest import PROJECT, error_reason, start_harness, stop_harness

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["vscode", "minimal"])
async def h(request, tmp_path_factory):
    profile = request.param
    tmp = tmp_path_factory.mktemp(f"proto-{profile}")
    if profile == "vscode":
        # initializationOptions say "shadow"; workspace/configuration (pulled) says "on".
        harness = await start_harness(
            tmp,
            profile,
            init_options={"memlsp": {"rollout": "shadow"}},
            configuration={"memlsp": {"rollout": "on"}},
        )
    else:
        harness = await start_harness(tmp, profile, init_options={"rollout": "on"})
    yield harness
    await stop_harness(harness)


async def test_initialize_advertises_the_memory_protocol(h):
    experimental = h.init_result.capabilities.experimental["memlsp"]
    assert experimental["protocolVersion"] == messages.PROTOCOL_VERSION
    wanted = {n for n, m in messages.METHODS.items() if m.direction == "client->server"}
    assert set(experimental["methods"]) == wanted
    assert "memlsp.modelStatus" in experimental["commands"]


async def test_settings_come_from_init_options_then_workspace_configuration(h):
    async def rollout_on():
        return (await h.request("memory/status")).rollout == "on"

    # vscode: "shadow" from initializationOptions was overridden by the pulled section.
    assert await h.eventually(rollout_on)


async def test_did_change_configuration_is_applied(h):
    if h.profile == "vscode":
        h.client.set_configuration({"memlsp": {"rollout": "dry-run"}})
        h.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None)
        )
    else:  # no pull support: the section is pushed in the notification
        h.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"memlsp": {"rollout": "dry-run"}})
        )

    async def rollout(value):
        return (await h.request("memory/status")).rollout == value

    assert await h.eventually(lambda: rollout("dry-run"))
    # An invalid value is refused and the previous settings stay.
    if h.profile == "vscode":
        h.client.set_configuration({"memlsp": {"rollout": "sometimes"}})
        settings = None
    else:
        settings = {"memlsp": {"rollout": "sometimes"}}
    h.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=settings)
    )
    assert await h.eventually(lambda: _has_message(h, "invalid memlsp settings"), timeout=5), (
        "the person is told about the invalid setting"
    )
    assert (await h.request("memory/status")).rollout == "dry-run"
    # back to "on" for the rest of the module
    if h.profile == "vscode":
        h.client.set_configuration({"memlsp": {"rollout": "on"}})
        settings = None
    else:
        settings = {"memlsp": {"rollout": "on"}}
    h.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=settings)
    )
    assert await h.eventually(lambda: rollout("on"))


async def _has_message(h, text: str) -> bool:
    return any(text in m.message for m in h.client.messages)


async def test_remember_list_read(h):
    res = await h.request(
        "memory/remember",
        {"text": "Deploys are frozen until the 2026 audit ends", "type": "project"},
    )
    assert res.refused is False and res.action == "created"
    assert res.path.startswith(f"{PROJECT}/inbox/")

    listed = await h.request("memory/list", {})
    entry = next(e for e in listed.entries if e.path == res.path)
    assert (entry.scope, entry.type, entry.ageDays, entry.stale) == ("project", "project", 0, None)
    assert entry.description == "Deploys are frozen until the 2026 audit ends"
    assert entry.bytes == (h.home / res.path).stat().st_size

    read = await h.request("memory/read", {"path": res.path})
    on_disk = (h.home / res.path).read_bytes()
    assert read.content == on_disk.decode()
    assert read.sha256 == hashlib.sha256(on_disk).hexdigest()

    again = await h.request(
        "memory/remember",
        {"text": "Deploys are frozen until the 2026 audit ends", "type": "project"},
    )
    assert (again.path, again.action) == (res.path, "unchanged")  # R10: no duplicate

    glob = await h.request("memory/remember", {"text": "I am a data engineer", "scope": "global"})
    assert glob.path.startswith("global/inbox/")
    only_global = await h.request("memory/list", {"scope": "global"})
    assert {e.scope for e in only_global.entries} == {"global"}
    only_project = await h.request("memory/list", {"scope": PROJECT})
    assert res.path in {e.path for e in only_project.entries}


async def test_session_started_hands_over_the_budgeted_index(h):
    await h.request(
        "memory/remember", {"text": "Use pnpm, never npm, in this repo", "type": "feedback"}
    )
    res = await h.request("memory/sessionStarted", {"sessionId": "s-index"})
    assert res.rollout == "on"
    assert list(res.scopes) == [PROJECT, "global"]
    assert "Use pnpm, never npm, in this repo" in res.index
    assert f"<!-- scope: {PROJECT} -->" in res.index
    assert len(res.index.splitlines()) <= 200 and len(res.index.encode()) <= 25_000


@pytest.mark.parametrize(
    ("method", "params", "reason", "code"),
    [
        ("memory/remember", {"text": 5}, "invalid-params", -32602),
        ("memory/remember", {}, "invalid-params", -32602),
        ("memory/remember", {"text": "   "}, "empty", -32602),
        ("memory/remember", {"text": "x y", "type": "gossip"}, "bad-type", -32602),
        ("memory/remember", {"text": "x y", "scope": "elsewhere"}, "unknown-scope", -32602),
        ("memory/list", {"scope": ["global"]}, "invalid-params", -32602),
        ("memory/list", {"scope": "projects/nowhere"}, "unknown-scope", -32602),
        ("memory/read", {"path": "../../etc/passwd"}, "invalid-path", -32602),
        ("memory/read", {"path": "global/no-such-note.md"}, "not-found", -32803),
        ("memory/read", None, "invalid-params", -32602),
        ("memory/sessionStarted", {"sessionId": None}, "invalid-params", -32602),
        (
            "memory/turnCompleted",
            {"sessionId": "s", "turn": "one", "messages": []},
            "invalid-params",
            -32602,
        ),
        ("memory/cancelJob", {"jobId": "nope"}, "unknown-job", -32803),
        ("memory/reindex", {"scope": "projects/nowhere"}, "unknown-scope", -32602),
    ],
)
async def test_bad_requests_get_errors_with_a_stable_reason(h, method, params, reason, code):
    with pytest.raises(JsonRpcException) as excinfo:
        await h.request(method, params)
    assert error_reason(excinfo) == reason
    assert excinfo.value.code == code


async def test_invalid_params_name_the_field(h):
    with pytest.raises(JsonRpcException) as excinfo:
        await h.request(
            "memory/turnCompleted",
            {"sessionId": "s", "turn": 1, "messages": [{"role": "user", "content": 7}]},
        )
    assert excinfo.value.data["field"] == "params.messages[0].content"


async def test_status_reports_rollout_counts_and_jobs(h):
    await h.request(
        "memory/remember", {"text": "Release train leaves on Tuesdays", "type": "project"}
    )
    await h.request("memory/remember", {"text": "I prefer short answers", "scope": "global"})
    status = await h.request("memory/status")
    assert status.rollout == "on" and status.homeExists is True
    assert status.home == str(h.home)
    counts = {c.scope: c for c in status.counts}
    assert counts[PROJECT].inbox >= 1 and counts["global"].inbox >= 1
    assert status.provider == "offline" and status.protocolVersion == 1


async def test_reindex_is_a_background_job_with_status_and_progress(h):
    started = await h.request("memory/reindex", {})
    final = await h.wait_job(started.jobId)
    assert final.state == "done" and "notes in" in final.message
    assert h.states(started.jobId) == ["queued", "running", "done"]
    status = await h.request("memory/status")
    assert started.jobId in {j.jobId for j in status.jobs}
    tokens = [
        t
        for t, reports in h.client.progress_reports.items()
        if reports and reports[0].title == "Rebuilding memory indexes"
    ]
    if h.profile == "vscode":
        assert tokens, "work-done progress was reported"
        reports = h.client.progress_reports[tokens[-1]]
        assert reports[0].kind == "begin" and reports[-1].kind == "end"
        assert len(set(tokens)) == len(tokens)  # a fresh token per job
    else:
        assert not tokens, "no $/progress for a client without workDoneProgress"


async def test_compacted_notification_is_accepted(h):
    await h.request("memory/sessionStarted", {"sessionId": "s-compact"})
    h.client.protocol.notify("memory/compacted", {"sessionId": "s-compact"})
    h.client.protocol.notify("memory/compacted", {"sessionId": 12})  # malformed: ignored
    assert (await h.request("memory/status")).rollout == "on"


async def test_turn_completed_skips_when_memory_was_written(h):
    res = await h.request(
        "memory/turnCompleted",
        {
            "sessionId": "s",
            "turn": 1,
            "messages": [{"role": "user", "content": "hi"}],
            "memoryWritten": True,
        },
    )
    assert res.jobId is None and res.skipped == "memory-written"


async def test_model_status_command_with_the_offline_provider(h):
    res = await h.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="memlsp.modelStatus")
    )
    assert res["provider"] == "offline" and res["reachable"] is True
