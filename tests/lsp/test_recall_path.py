"""What a chat turn's recall leaves off its request path in the language server (SPEC §13,
issue 19: recall p99 ≤ 100 ms while background jobs run): the session's project scope is
warmed when the session starts; the session state is written by the writer thread; an
extraction or reindex job syncs the index itself, so a recall meanwhile does not."""

from __future__ import annotations

import asyncio
import hashlib
import threading

from memlsp.core import sessions
from memlsp.core.remember import remember
from memlsp.core.settings import load_settings
from memlsp.lsp import messages
from memlsp.lsp.server import create_server

LENIENT = {"embedder": "hashing", "minScore": 0.05, "firstTurnMinScore": 0.05, "followMargin": 0.05}
HASHING = {"rollout": "on", "recall": LENIENT}


def server_at_rollout_on(settings: dict | None = None):
    """A server with these settings (default: rollout on, the hashing embedder)."""
    server = create_server()
    old, new = server.settings, load_settings(settings or HASHING, None, {})
    server.configuration.current = new
    server._on_settings(old, new)
    server.notify_job = lambda params: None
    return server


def call(server, method: str, params):
    handler = server.protocol.fm.features[method]

    async def run():
        return await handler(params)

    # asyncio.run waits for the default executor: work the handler started is done after
    return asyncio.run(run())


def shop_with_a_note(make_repo, settings: dict | None = None):
    """A server at rollout on, a project (a git repo) and one note in its scope."""
    repo = str(make_repo("shop", origin="git@github.com:example/shop.git"))
    server = server_at_rollout_on(settings)
    service = server.service
    scope = service.store.ensure_scope(service.project_scope(repo))
    note = remember(service.store, scope, "Deploys run on Tuesdays only", type_="project")
    return server, repo, scope, note


def test_session_started_warms_the_sessions_project_scope(make_repo):
    server, repo, scope, _note = shop_with_a_note(make_repo)
    service = server.service
    assert service.existing_recaller(repo) is None

    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))

    recaller = service.existing_recaller(repo)
    assert recaller is not None and recaller.synced, "the scope was warmed without a recall"
    assert (scope.state_dir / "retrieval.sqlite").is_file()


def test_session_started_at_rollout_off_warms_nothing(make_repo):
    repo = str(make_repo("shop", origin="git@github.com:example/shop.git"))
    server = server_at_rollout_on({"rollout": "off"})
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    assert server.service.existing_recaller(repo) is None


def test_recall_state_reaches_the_file_through_the_writer(make_repo):
    server, repo, scope, note = shop_with_a_note(make_repo)
    service = server.service
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    recaller = service.existing_recaller(repo)
    assert recaller.defer_state_writes, "the server defers the state writes"

    res = call(server, "memory/recall", messages.RecallParams("s1", "when do deploys run?"))
    assert [m.path for m in res.memories] == [note.path]
    assert service.flush_writes(timeout=10)
    state = sessions.load(scope, "s1")
    assert (
        state.injected == [sessions.home_path_digest(note.path)]
        and state.turns == 1
        and state.bytes_injected > 0
    )
    # the process's own copy answers at once: the note is not injected twice
    again = call(server, "memory/recall", messages.RecallParams("s1", "when do deploys run?"))
    assert again.memories == []


def test_a_restart_is_not_undone_by_a_state_write_still_queued(make_repo, monkeypatch):
    server, repo, scope, note = shop_with_a_note(make_repo)
    service = server.service
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    release = threading.Event()
    update = sessions.update

    def slow_writer(*args, **kwargs):  # the writer thread is held back (a busy disk)
        if threading.current_thread().name == "memlsp-session-writer":
            release.wait(30)
        return update(*args, **kwargs)

    monkeypatch.setattr(sessions, "update", slow_writer)
    res = call(server, "memory/recall", messages.RecallParams("s1", "when do deploys run?"))
    assert [m.path for m in res.memories] == [note.path]
    restart = messages.SessionStartedParams("s1", repo)
    restarted = threading.Thread(target=call, args=(server, "memory/sessionStarted", restart))
    restarted.start()
    restarted.join(2)  # a restart that did not wait for the queued write is done by now
    release.set()
    restarted.join(30)
    assert service.flush_writes(timeout=10)
    state = sessions.load(scope, "s1")
    assert (state.injected, state.turns) == ([], 0), "the restart came after the queued write"


def test_a_recall_during_an_extraction_leaves_the_sync_to_the_job(make_repo):
    server, repo, scope, _note = shop_with_a_note(make_repo)
    service = server.service
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    recaller = service.existing_recaller(repo)

    with service._writing([scope]):  # what an extraction job does around its writes
        late = remember(service.store, scope, "The staging database resets on Sundays")
        res = call(server, "memory/recall", messages.RecallParams("s1", "staging database?"))
        assert late.path not in [m.path for m in res.memories], "searched the index as it was"
        service._written([scope])  # the job syncs on its own thread
    res = call(server, "memory/recall", messages.RecallParams("s1", "staging database?"))
    assert [m.path for m in res.memories] == [late.path]
    assert recaller._writers == 0


def test_a_session_in_a_folder_without_memory_creates_no_project(make_repo):
    """R1/R3: the server's warm-up, session start and recall in a folder whose project has
    no memory read the global notes and create nothing for the project in the home."""
    repo = str(make_repo("shop", origin="git@github.com:example/shop.git"))
    server = server_at_rollout_on()
    service = server.service
    glob = service.store.ensure_scope(service.store.global_scope())
    note = remember(service.store, glob, "Deploys run on Tuesdays only", type_="project")
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    res = call(server, "memory/recall", messages.RecallParams("s1", "when do deploys run?"))
    assert [m.path for m in res.memories] == [note.path]
    assert service.flush_writes(timeout=10)
    assert not (service.store.home / "projects").exists()
    assert sessions.load(glob, "s1").injected == [sessions.home_path_digest(note.path)]


def test_a_forgotten_note_is_not_merged_back_by_the_servers_own_copy(make_repo):
    """R24: the server keeps a copy of each session's state and merges it into the file on
    the next recall; neither holds a path (a slug of the note's description), so a forget
    between two turns leaves nothing of the note in the home."""
    server, repo, scope, note = shop_with_a_note(make_repo)
    service = server.service
    call(server, "memory/sessionStarted", messages.SessionStartedParams("s1", repo))
    res = call(server, "memory/recall", messages.RecallParams("s1", "when do deploys run?"))
    assert [m.path for m in res.memories] == [note.path]
    assert service.flush_writes(timeout=10)
    sha = hashlib.sha256((service.store.home / note.path).read_bytes()).hexdigest()
    call(server, "memory/forget", messages.ForgetParams(note.path, sha))
    call(server, "memory/recall", messages.RecallParams("s1", "and who reviews a deploy?"))
    assert service.flush_writes(timeout=10)
    # the retrieval index too, though this live server holds it open (forget.md, step 9)
    found = [
        str(file)
        for file in service.store.home.rglob("*")
        if file.is_file() and b"tuesdays" in file.read_bytes().lower()
    ]
    assert found == []
