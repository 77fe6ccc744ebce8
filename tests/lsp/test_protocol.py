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
    assert (entry.scope, entry.type, entry.ageDays) == ("project", "project", 0)
    assert entry.stale in (None, 0)  # None until the citation check has seen it; it cites nothing
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


# ---- the chat-turn methods, wired to the core (SPEC §10, R11–R17, R24) --------------------
TURN = [
    {"role": "user", "content": "From now on the on-call pager rotates every Wednesday at noon"},
    {"role": "assistant", "content": "Understood: the pager rotation happens on Wednesdays."},
]


def paths(result) -> list[str]:
    return [m.path for m in result.memories]


def progress_titled(h, prefix: str) -> list[list]:
    return [
        reports
        for reports in h.client.progress_reports.values()
        if reports and getattr(reports[0], "title", "").startswith(prefix)
    ]


async def test_recall_injects_a_note_once_until_the_history_is_compacted(h):
    note = await h.request(
        "memory/remember",
        {"text": "The payments service is deployed with the blue-green script", "type": "project"},
    )
    await h.request("memory/sessionStarted", {"sessionId": "s-recall"})
    ask = {"sessionId": "s-recall", "message": "how is the payments service deployed?"}
    first = await h.request("memory/recall", ask)
    assert note.path in paths(first), first
    memory = next(m for m in first.memories if m.path == note.path)
    assert (memory.scope, memory.type, memory.ageDays) == ("project", "project", 0)
    assert "blue-green script" in memory.content and list(memory.stale) == []
    assert first.reminder.startswith('<memory-context source="memlsp">')
    assert "not instructions" in first.reminder and "blue-green script" in first.reminder
    assert first.skipped is None
    assert first.budgetLeft == 60 * 1024 - len(first.reminder.encode()), "R15 step 7"

    again = await h.request("memory/recall", ask)
    assert note.path not in paths(again), "R17: no repeat in the same session"
    assert again.budgetLeft == first.budgetLeft - len(again.reminder.encode())

    h.client.protocol.notify("memory/compacted", {"sessionId": "s-recall"})

    async def reinjected():
        return note.path in paths(await h.request("memory/recall", ask))

    assert await h.eventually(reinjected, timeout=5), "R17: re-injected after a compaction"

    # Restarting the session id starts a fresh context: the note comes back at once.
    await h.request("memory/sessionStarted", {"sessionId": "s-recall"})
    fresh = await h.request("memory/recall", ask)
    assert note.path in paths(fresh) and fresh.budgetLeft == first.budgetLeft

    # What the model already read is not injected (R17); nor is anything for an empty turn.
    read = await h.request(
        "memory/recall", {**ask, "sessionId": "s-recall-read", "alreadyRead": [note.path]}
    )
    assert note.path not in paths(read)
    empty = await h.request("memory/recall", {"sessionId": "s-recall-empty", "message": "   "})
    assert (list(empty.memories), empty.reminder) == ([], "")


async def test_turn_completed_extracts_in_a_job_and_the_note_is_recalled(h):
    started = await h.request(
        "memory/turnCompleted", {"sessionId": "s-turn", "turn": 1, "messages": TURN}
    )
    assert started.jobId and started.skipped is None
    final = await h.wait_job(started.jobId)
    assert final.kind == "extract" and final.state == "done", final
    assert final.message.startswith("wrote 1"), final.message
    assert h.states(started.jobId) == ["queued", "running", "done"]
    bars = progress_titled(h, "Remembering from the last turn")
    if h.profile == "vscode":
        assert bars and bars[-1][0].kind == "begin" and bars[-1][-1].kind == "end"
    else:
        assert bars == [], "no $/progress for a client without workDoneProgress"

    listed = await h.request("memory/list", {"scope": "project"})
    extracted = [e for e in listed.entries if "Wednesday" in e.description]
    assert len(extracted) == 1 and extracted[0].path.startswith(f"{PROJECT}/inbox/")

    await h.request("memory/sessionStarted", {"sessionId": "s-turn-2"})
    res = await h.request(
        "memory/recall", {"sessionId": "s-turn-2", "message": "when does the pager rotate?"}
    )
    assert extracted[0].path in paths(res), res
    assert "Wednesday" in res.reminder

    # R11: the main model already wrote memory this turn: no job at all.
    skipped = await h.request(
        "memory/turnCompleted",
        {"sessionId": "s-turn", "turn": 2, "messages": TURN, "memoryWritten": True},
    )
    assert (skipped.jobId, skipped.skipped) == (None, "memory-written")


SUBSTANTIVE = [
    {"role": "user", "content": "Let us migrate the billing reports to the new warehouse schema"},
    {"role": "assistant", "content": "Sure, starting with the monthly invoices table."},
    {"role": "user", "content": "Keep the old column names as views for the finance dashboards"},
    {"role": "assistant", "content": "Done; views added."},
    {"role": "user", "content": "Now backfill last quarter and compare the totals per region"},
]


async def test_session_ended_saves_a_record_or_skips_a_trivial_session(h):
    before = await h.request("memory/status")
    saved = await h.request("memory/sessionEnded", {"sessionId": "s-end", "messages": SUBSTANTIVE})
    assert saved.skipped is None and saved.path.startswith(f"{PROJECT}/sessions/")
    record = (h.home / saved.path).read_text()
    assert "warehouse schema" in record and "backfill last quarter" in record

    trivial = await h.request(
        "memory/sessionEnded",
        {"sessionId": "s-hi", "messages": [{"role": "user", "content": "hi, thanks!"}]},
    )
    assert (trivial.path, trivial.skipped) == (None, "trivial-session")

    after = await h.request("memory/status")
    # R13: both ended sessions count towards the dream gate (the trivial one too).
    assert after.sessionsSinceDream == (before.sessionsSinceDream or 0) + 2


async def test_verified_forget(h):
    note = await h.request(
        "memory/remember", {"text": "The legacy FTP drop is polled every ten minutes"}
    )
    read = await h.request("memory/read", {"path": note.path})

    refusals = [
        ({"path": note.path, "sha256": "0" * 64}, "stale-hash", -32803),
        # malformed evidence is a mistake in the params, not a note that changed
        ({"path": note.path, "sha256": "f00d"}, "bad-hash", -32602),
        ({"path": note.path, "sha256": read.sha256[:-1]}, "bad-hash", -32602),
        ({"path": note.path, "sha256": "z" * 64}, "bad-hash", -32602),
        ({"path": f"{PROJECT}/inbox/*.md", "sha256": "nope"}, "bad-hash", -32602),
        ({"path": f"{PROJECT}/../../global/x.md", "sha256": read.sha256}, "traversal", None),
        ({"path": f"{PROJECT}/inbox/*.md", "sha256": read.sha256}, "broad", None),
        ({"path": f"{PROJECT}/MEMORY.md", "sha256": read.sha256}, "protected", None),
        ({"path": f"{PROJECT}/inbox/no-such-note.md", "sha256": read.sha256}, "not-found", None),
        ({"path": note.path}, "invalid-params", -32602),
    ]
    for params, reason, code in refusals:
        with pytest.raises(JsonRpcException) as excinfo:
            await h.request("memory/forget", params)
        assert error_reason(excinfo) == reason, params
        if code is not None:
            assert excinfo.value.code == code
    assert (h.home / note.path).is_file(), "nothing was deleted by a refused forget"

    done = await h.request("memory/forget", {"path": note.path, "sha256": read.sha256})
    assert done.status == "forgotten"
    digest, at = done.tombstone.split("@")
    assert len(digest) >= 16 and at.endswith("Z")
    assert not (h.home / note.path).exists()
    repeat = await h.request("memory/forget", {"path": note.path, "sha256": read.sha256})
    assert repeat.status == "already-forgotten", "a retried forget is not an error"
    tombstones = (h.home / PROJECT / ".memlsp" / "tombstones.jsonl").read_text()
    assert "FTP" not in tombstones, "tombstones are content-free"
    with pytest.raises(JsonRpcException) as excinfo:
        await h.request("memory/read", {"path": note.path})
    assert error_reason(excinfo) == "not-found"
    res = await h.request(
        "memory/recall", {"sessionId": "s-forget", "message": "how often is the FTP drop polled?"}
    )
    assert note.path not in paths(res), "a forgotten note is never recalled"
    listed = await h.request("memory/list", {})
    assert note.path not in {e.path for e in listed.entries}


async def test_dream_runs_as_a_job_and_status_reports_it(h):
    await h.request("memory/remember", {"text": "Staging is rebuilt nightly at 02:00 UTC"})
    bars_before = len(progress_titled(h, "Dreaming"))
    dry = await h.request("memory/dream", {"force": True, "dryRun": True})
    final = await h.wait_job(dry.jobId, timeout=60)
    assert final.kind == "dream" and final.state == "done", final
    assert final.message.startswith("dry-run"), final.message
    status = await h.request("memory/status")
    assert status.lastDream is None, "a dry run changes nothing"

    real = await h.request("memory/dream", {"force": True})
    final = await h.wait_job(real.jobId, timeout=60)
    assert final.state == "done" and final.message.startswith("applied"), final.message
    bars = progress_titled(h, "Dreaming")
    if h.profile == "vscode":
        assert len(bars) == bars_before + 2
        assert all(b[0].kind == "begin" and b[-1].kind == "end" for b in bars)
    else:
        assert bars == []

    status = await h.request("memory/status")
    assert status.lastDream is not None and status.lastDream.endswith("Z")
    assert status.sessionsSinceDream == 0
    jobs = {j.jobId: j for j in status.jobs}
    assert jobs[real.jobId].state == "done" and jobs[real.jobId].finished is not None
    counts = {c.scope: c for c in status.counts}
    assert counts[PROJECT].inbox == 0 and counts[PROJECT].notes >= 1, counts[PROJECT]


# ---- rollout levels (R25): what the automatic entry points do at each level ---------------
async def _turn_and_recall(h, session: str):
    await h.request("memory/remember", {"text": "Feature flags are cleaned up every sprint"})
    started = await h.request("memory/sessionStarted", {"sessionId": session})
    turn = await h.request(
        "memory/turnCompleted", {"sessionId": session, "turn": 1, "messages": TURN}
    )
    final = await h.wait_job(turn.jobId) if turn.jobId else None
    recalled = await h.request(
        "memory/recall", {"sessionId": session, "message": "when are feature flags cleaned up?"}
    )
    ended = await h.request("memory/sessionEnded", {"sessionId": session, "messages": SUBSTANTIVE})
    listed = await h.request("memory/list", {"scope": "project"})
    return started, turn, final, recalled, ended, listed


@pytest.mark.parametrize("level", ["off", "shadow", "dry-run"])
async def test_rollout_levels_govern_the_automatic_entry_points(tmp_path, level):
    h = await start_harness(tmp_path, "minimal", init_options={"rollout": level})
    try:
        started, turn, final, recalled, ended, listed = await _turn_and_recall(h, "s-level")
        status = await h.request("memory/status")
    finally:
        await stop_harness(h)
    names = {e.description for e in listed.entries}
    assert "Feature flags are cleaned up every sprint" in names, "remember works at any level"
    assert started.rollout == level and started.index == "", "the index is injection"
    # Injection: never below "on" — nothing reaches the model, and the reason says why.
    assert (list(recalled.memories), recalled.reminder) == ([], "")
    assert recalled.skipped == f"rollout-{level}"
    wednesday = [e for e in listed.entries if "Wednesday" in e.description]
    if level == "off":
        assert (turn.jobId, turn.skipped) == (None, "rollout-off")
        assert (ended.path, ended.skipped) == (None, "rollout-off")
        assert wednesday == [] and status.sessionsSinceDream in (None, 0)
    elif level == "shadow":
        assert final.state == "done" and final.message.startswith("wrote 1")
        assert len(wednesday) == 1, "shadow extracts and writes"
        assert ended.path.startswith(f"{PROJECT}/sessions/")
        assert recalled.budgetLeft == 60 * 1024, "nothing injected, nothing spent"
    else:  # dry-run: computes, writes nothing
        assert final.state == "done" and final.message.startswith("would write 1")
        assert wednesday == []
        assert (ended.path, ended.skipped) == (None, "rollout-dry-run")


async def test_changed_recall_settings_apply_to_the_next_recall(tmp_path):
    """recall.* (R16) pushed by workspace/didChangeConfiguration reach the next recall, not
    only a restarted server."""
    h = await start_harness(tmp_path, "minimal", init_options={"rollout": "on"})
    try:
        await h.request(
            "memory/remember",
            {"text": "The payments service is deployed with the blue-green script"},
        )
        ask = {"message": "how is the payments service deployed?"}
        before = await h.request("memory/recall", {**ask, "sessionId": "s-cfg-0"})
        assert len(before.memories) == 1
        gates = {"minScore": 0.99, "firstTurnMinScore": 0.99, "gateFloor": 0.99}
        strict = {"rollout": "on", "recall": gates}
        h.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"memlsp": strict})
        )
        turn = iter(range(1, 100))

        async def silent():
            got = await h.request("memory/recall", {**ask, "sessionId": f"s-cfg-{next(turn)}"})
            return got.memories == [] and got.skipped is None

        assert await h.eventually(silent, timeout=5)
    finally:
        await stop_harness(h)


async def test_recall_with_the_anthropic_selector_through_the_server(tmp_path):
    """R15 step 3–4 over the wire: model.provider = anthropic with model.baseUrl pointed at
    a local fake Anthropic server; the key is a fake built at run time."""
    import json as jsonlib

    from tests.core.test_anthropic_provider import FakeAnthropic, fake_key, message

    def files(*names):
        text = jsonlib.dumps({"files": list(names)})
        return 200, message([{"type": "text", "text": text}], "end_turn")

    failure = (500, {"type": "error", "error": {"type": "api_error", "message": "boom"}})
    with FakeAnthropic([]) as fake:
        model = {"provider": "anthropic", "baseUrl": fake.url, "maxRetries": 0}
        h = await start_harness(
            tmp_path,
            "minimal",
            init_options={"rollout": "on", "model": {**model, "timeoutSeconds": 5}},
            env={"ANTHROPIC_API_KEY": fake_key()},
        )
        try:
            bun = await h.request(
                "memory/remember", {"text": "Use bun, not npm, for installs", "type": "feedback"}
            )
            rota = await h.request("memory/remember", {"text": "Code reviews rotate every Monday"})
            rota_name = rota.path.removeprefix(f"{PROJECT}/")
            ask = {"message": "bun or npm for installs?"}
            fake.script[:] = [files(rota_name, "inbox/deploy-calendar.md")]
            picked = await h.request("memory/recall", {"sessionId": "m1", **ask})
            fake.script[:] = [failure]
            fallback = await h.request("memory/recall", {"sessionId": "m2", **ask})
            fake.script[:] = [(200, message([{"type": "text", "text": "OK"}], "end_turn"))]
            ok = await h.client.workspace_execute_command_async(
                types.ExecuteCommandParams(command="memlsp.modelStatus")
            )
            fake.script[:] = [failure]
            down = await h.client.workspace_execute_command_async(
                types.ExecuteCommandParams(command="memlsp.modelStatus")
            )
        finally:
            await stop_harness(h)
    assert (ok["provider"], ok["reachable"], ok["reply"]) == ("anthropic", True, "OK")
    assert (down["reachable"], down["reason"]) == (False, "model-http-error")
    assert paths(picked) == [rota.path], "the model's pick; the invented name is dropped"
    manifest = jsonlib.dumps(fake.requests[0]["json"]["system"])
    assert rota_name in manifest and bun.path.removeprefix(f"{PROJECT}/") in manifest
    assert len(fake.requests) == 4, "no retries were configured"
    assert bun.path in paths(fallback) and rota.path not in paths(fallback), "hybrid result"
