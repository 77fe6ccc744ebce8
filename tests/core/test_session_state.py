"""Per-session recall state (SPEC R14, R17): a restarted session id starts fresh; the state
has its own lock, so recall never queues behind a note write holding the scope lock; a
recall does not wait for another thread's sync of an index that already exists."""

from __future__ import annotations

import threading
import time

from memlsp.core import sessions
from memlsp.core.fsutil import file_lock
from memlsp.core.recall import Recaller
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)


def recaller_with_a_note(store: Store) -> tuple[Scope, Recaller, str]:
    from memlsp.core.remember import remember

    rel = "projects/example.com/acme/shop"
    scope = store.ensure_scope(Scope("project", rel, store.home / rel))
    path = remember(store, scope, "Use bun, not npm, for installs", type_="feedback").path
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return scope, recaller, path


def test_a_restarted_session_starts_fresh(store: Store) -> None:
    scope, recaller, path = recaller_with_a_note(store)
    first = recaller.recall("s1", "bun or npm for installs?")
    assert [m.path for m in first.memories] == [path]
    assert [m.path for m in recaller.recall("s1", "bun or npm for installs?").memories] == []
    recaller.start_session("s1")
    state = sessions.load(scope, "s1")
    assert (state.injected, state.bytes_injected, state.turns) == ([], 0, 0)
    again = recaller.recall("s1", "bun or npm for installs?")
    assert [m.path for m in again.memories] == [path] and again.first_turn is True


def test_session_state_does_not_wait_for_the_scope_lock(store: Store) -> None:
    scope, recaller, path = recaller_with_a_note(store)
    recaller.recall("warm", "warm up")
    done = threading.Event()
    with file_lock(scope.lock_path):  # a note write or index rebuild in progress
        worker = threading.Thread(
            target=lambda: (recaller.recall("s2", "bun or npm for installs?"), done.set())
        )
        worker.start()
        assert done.wait(10), "recall finished while the scope lock was held"
    worker.join()


def test_recall_does_not_wait_for_a_background_sync(store: Store) -> None:
    _scope, recaller, path = recaller_with_a_note(store)
    recaller.recall("warm", "warm up")  # the index exists
    holding = threading.Event()
    release = threading.Event()

    def slow_sync():
        with recaller._lock:  # what a background refresh holds while it syncs
            holding.set()
            release.wait(10)

    worker = threading.Thread(target=slow_sync)
    worker.start()
    holding.wait(5)
    try:
        t0 = time.monotonic()
        res = recaller.recall("s3", "bun or npm for installs?")
        assert time.monotonic() - t0 < 5
        assert [m.path for m in res.memories] == [path], "served from the index as it was"
    finally:
        release.set()
        worker.join()


def test_a_session_id_never_names_a_file_outside_or_hidden(store: Store) -> None:
    # R14: the session id is the caller's; "../../x" and ".x" name a visible file in the
    # scope's sessions folder, and the state round-trips under the same id
    rel = "projects/example.com/acme/shop"
    scope = store.ensure_scope(Scope("project", rel, store.home / rel))
    for sid in ("../../x", ".hidden", "..", "a/b\\c"):
        state = sessions.load(scope, sid)
        state.turns = 3
        sessions.save(scope, state)
        files = sorted((scope.state_dir / "sessions").iterdir())
        assert all(not f.name.startswith(".") for f in files), files
        assert sessions.load(scope, sid).turns == 3
    assert len(list((scope.state_dir / "sessions").iterdir())) == 4
