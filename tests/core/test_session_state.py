"""Per-session recall state (SPEC R14, R17): a restarted session id starts fresh; the state
has its own lock, so recall never queues behind a note write holding the scope lock; a
recall does not wait for another thread's sync of an index that already exists."""

from __future__ import annotations

import json
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


def session_file(scope: Scope, session_id: str):
    [file] = (scope.state_dir / "sessions").glob(f"{session_id}-*.json")
    return file


def test_an_old_session_file_holding_paths_still_excludes_its_notes(store: Store) -> None:
    """Before R24's fix the state listed the injected notes by path; such a file (a session
    running across an upgrade) is read as their digests: nothing is injected twice."""
    scope, recaller, path = recaller_with_a_note(store)
    ask = "bun or npm for installs?"
    assert [m.path for m in recaller.recall("s1", ask).memories] == [path]
    file = session_file(scope, "s1")
    assert path not in file.read_text("utf-8"), "the state names no note"
    data = json.loads(file.read_text("utf-8"))
    data["injected"] = [path]  # what an older memlsp wrote
    file.write_text(json.dumps(data), "utf-8")

    later = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    again = later.recall("s1", ask)
    assert again.memories == [] and again.silence == "already-injected"
    # the same process, its own copy (digests) merged with the old file: one entry, no path
    recaller.defer_state_writes = True
    assert recaller.recall("s1", ask).memories == []
    sessions.flush()
    assert sessions.load(scope, "s1").injected == [sessions.home_path_digest(path)]
    assert path not in file.read_text("utf-8")


def test_a_note_written_during_a_session_is_not_injected_twice(store: Store) -> None:
    """The digests of the known notes' paths are carried from scan to scan: a note added
    after they were first used is looked up like the others."""
    from memlsp.core.remember import remember

    scope, recaller, path = recaller_with_a_note(store)
    assert [m.path for m in recaller.recall("s1", "bun or npm for installs?").memories] == [path]
    assert recaller.recall("s1", "bun or npm for installs?").memories == []  # digests used
    late = remember(store, scope, "The staging database resets on Sundays").path
    assert [m.path for m in recaller.recall("s1", "staging database resets?").memories] == [late]
    again = recaller.recall("s1", "staging database resets?")
    assert again.memories == [] and again.silence == "already-injected"
