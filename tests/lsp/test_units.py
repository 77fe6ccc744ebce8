"""In-process checks of server pieces that the wire tests cannot see directly."""

from __future__ import annotations

import pytest
from memlsp.lsp import codec, messages
from memlsp.lsp.server import create_server


def test_compacted_lets_recall_inject_again(tmp_path, monkeypatch):
    """memory/compacted reaches the core's session state (R17) through the server."""
    import asyncio

    from memlsp.core import sessions as core_sessions

    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    server = create_server()
    server.service.session_workspace("s1", str(tmp_path))
    recaller = server.service.recaller(str(tmp_path))
    core_sessions.update(recaller.home_scope, "s1", lambda st: st.injected.append("global/a.md"))
    handler = server.protocol.fm.features["memory/compacted"]
    asyncio.run(handler(messages.CompactedParams(session_id="s1")))
    state = core_sessions.load(recaller.home_scope, "s1")
    assert state.injected == [] and state.compactions == 1


def test_sessions_are_bounded(tmp_path):
    """A client that never ends its sessions cannot grow the server's memory without bound;
    an evicted session falls back to the default folder, as one never seen to start."""
    from memlsp.core.service import MemoryService
    from memlsp.core.settings import Settings

    service = MemoryService(Settings(home=str(tmp_path / "home")))
    service.max_sessions = 3
    for i in range(10):
        service.session_workspace(f"s{i}", f"/w{i}")
    assert len(service.session_workspaces()) == 3
    assert service.session_workspace("s9") == "/w9"
    assert service.session_workspace("s0") is None


def test_a_factory_with_fewer_features():
    from memlsp.lsp.features import lifecycle, requests

    server = create_server([lifecycle, requests])
    assert server.feature_names == ["lifecycle", "requests"]
    assert "memlsp.modelStatus" not in server.protocol.fm.commands


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({"sessionId": "s", "turn": True, "messages": []}, "turn"),
        ({"sessionId": "s", "turn": 1, "messages": {}}, "messages"),
        ({"sessionId": "s", "turn": 1}, "messages"),
    ],
)
def test_strict_structuring_names_the_field(value, field):
    with pytest.raises(codec.WireError) as excinfo:
        codec.structure(value, messages.TurnCompletedParams)
    assert excinfo.value.field == field


def test_unknown_fields_are_ignored_and_empty_array_means_no_params():
    p = codec.structure({"scope": "global", "future": 1}, messages.ListParams)
    assert p.scope == "global"
    assert codec.structure([], messages.StatusParams) == messages.StatusParams()


def test_jobs_yield_to_requests_in_flight_but_not_forever():
    import time

    from memlsp.lsp.jobs import YieldingToken

    busy = [True]
    token = YieldingToken(lambda: busy[0])
    t0 = time.monotonic()
    token.yield_to_requests(max_s=0.1)
    assert 0.09 <= time.monotonic() - t0 < 1.0, "bounded: a stream of requests cannot starve"
    busy[0] = False
    t0 = time.monotonic()
    token.check()
    assert time.monotonic() - t0 < 0.2, "no request in flight: no wait (a wait is 0.25 s)"
    busy[0] = True
    token.cancel()
    t0 = time.monotonic()
    with pytest.raises(Exception) as excinfo:
        token.check()
    assert type(excinfo.value).__name__ == "Cancelled" and time.monotonic() - t0 < 0.2


def test_the_dream_gate_queues_jobs_on_the_event_loop(tmp_path, monkeypatch):
    """The hourly gate computes due scopes on a worker thread and submits on the loop (the
    job runner is not thread-safe; submitting from a thread used to fail silently)."""
    import asyncio

    from memlsp.core.settings import load_settings
    from memlsp.lsp.features import dreaming

    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    server = create_server()
    old, new = server.settings, load_settings({"rollout": "on"}, None, {})
    server.configuration.current = new
    server._on_settings(old, new)
    glob = server.store.ensure_scope(server.store.global_scope())
    for _ in range(5):
        from memlsp.core.dream import note_session_ended

        note_session_ended(glob)
    server.notify_job = lambda params: None

    async def run():
        ids = await dreaming.check_gate(server)
        jobs = [server.jobs.get(i) for i in ids]
        await asyncio.gather(*(server.jobs.wait(i, timeout=30) for i in ids))
        again = await dreaming.check_gate(server)
        return jobs, again

    jobs, again = asyncio.run(run())
    assert [j.kind for j in jobs] == ["dream"] and jobs[0].state == "done", jobs
    assert jobs[0].title == "Dreaming (global)"
    assert again == [], "the gate is closed right after a dream"


def test_a_cancelled_dream_is_reported_cancelled_not_failed(tmp_path):
    from memlsp.core.remember import remember
    from memlsp.core.runtime import Cancelled, CancelToken, no_progress
    from memlsp.core.service import MemoryService
    from memlsp.core.settings import Settings

    service = MemoryService(Settings(home=str(tmp_path / "home")))
    store = service.store
    scope = store.ensure_scope(store.global_scope())
    remember(store, scope, "I review pull requests on Fridays", type_="user")
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        service.dream_job(force=True, scope=scope).run(token, no_progress)
    assert (scope.root / "inbox").is_dir() and any((scope.root / "inbox").glob("*.md"))


def test_a_note_written_before_the_watchers_first_look_is_still_announced(tmp_path, monkeypatch):
    """The watcher's first poll records every scope as it is: a note another process wrote
    before that poll would be part of the baseline and never announced. memory/sessionStarted
    therefore records its scopes first (ScopeWatcher.observe), so a change made after the
    session started is announced even when the first poll comes late (a busy machine)."""
    from memlsp.core.remember import remember

    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    server = create_server()
    scope = server.store.global_scope()
    scope.root.mkdir(parents=True, exist_ok=True)
    watcher = server.watcher  # not started: its first poll has not run yet
    watcher.observe([scope])  # what memory/sessionStarted does
    remember(server.store, scope, "The staging database is reset every Sunday", type_="user")
    assert watcher.poll() == [scope.rel]  # the late first poll sees the change
    assert watcher.poll() == []  # and then nothing new
    remember(server.store, scope, "Deploys stop on Fridays after 15:00", type_="user")
    assert watcher.poll() == [scope.rel]
