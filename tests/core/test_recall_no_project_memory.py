"""Recall in a folder whose project has no memory yet (SPEC R1, R3, R15, R17): the global
notes are recalled, and nothing is created for the project in the home — the retrieval
index and the session states live in the global scope until a write creates the project's
folder; from then on they live there, and a session carries on (no note injected twice)."""

from __future__ import annotations

from memlsp.core import sessions
from memlsp.core.recall import Recaller
from memlsp.core.remember import remember
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)
REL = "projects/example.com/acme/shop"


def new_folder_recaller(store: Store) -> tuple[Scope, Recaller, str]:
    glob = store.ensure_scope(store.global_scope())
    path = remember(store, glob, "Use bun, not npm, for installs", type_="feedback").path
    project = Scope("project", REL, store.home / REL)  # not created: no memory yet
    recaller = Recaller(store, project, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return project, recaller, path


def test_recall_without_project_memory_creates_no_project_folder(store: Store) -> None:
    project, recaller, path = new_folder_recaller(store)
    recaller.start_session("s1")
    got = recaller.recall("s1", "bun or npm for installs?")
    assert [m.path for m in got.memories] == [path]
    sessions.flush()
    assert not project.root.exists()
    assert not (store.home / "projects").exists()
    glob = store.global_scope()
    assert (glob.state_dir / "retrieval.sqlite").is_file()  # the index of a folder without memory
    assert sessions.load(glob, "s1").injected == [path]


def test_the_first_project_note_moves_the_index_and_the_session_state(store: Store) -> None:
    project, recaller, glob_path = new_folder_recaller(store)
    first = recaller.recall("s1", "bun or npm for installs?")
    assert [m.path for m in first.memories] == [glob_path]
    sessions.flush()
    assert not project.root.exists()
    store.ensure_scope(project)  # a write: the project's folder now exists
    local = remember(store, project, "Deploys need a second reviewer", type_="feedback").path
    recaller.invalidate()
    # another process (a hook) carries the session on: only the files say what was injected
    other = Recaller(store, project, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    again = other.recall("s1", "bun or npm for installs? who reviews deploys?")
    assert [m.path for m in again.memories] == [local]  # the global note is not repeated
    assert recaller.recall("s1", "bun or npm for installs? reviews deploys?").memories == []
    sessions.flush()
    assert sessions.load(project, "s1").injected == [glob_path, local]
    assert (project.state_dir / "retrieval.sqlite").is_file()


def test_a_session_restarted_after_the_move_starts_fresh(store: Store) -> None:
    project, recaller, glob_path = new_folder_recaller(store)
    assert [m.path for m in recaller.recall("s1", "bun or npm?").memories] == [glob_path]
    sessions.flush()
    store.ensure_scope(project)
    recaller.invalidate()
    recaller.start_session("s1")  # R14: nothing injected yet, the global state included
    again = recaller.recall("s1", "bun or npm?")
    assert [m.path for m in again.memories] == [glob_path] and again.first_turn is True


def test_warming_up_with_no_memory_at_all_creates_no_home(store: Store) -> None:
    from memlsp.core.service import warm_recaller

    project = Scope("project", REL, store.home / REL)
    recaller = Recaller(store, project, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    warm_recaller(recaller)  # what a server does at start-up, and after notes changed
    assert not store.home.exists()
    glob = store.ensure_scope(store.global_scope())
    remember(store, glob, "Use bun, not npm, for installs", type_="feedback")
    recaller.invalidate()
    warm_recaller(recaller)
    assert (glob.state_dir / "retrieval.sqlite").is_file() and not project.root.exists()
