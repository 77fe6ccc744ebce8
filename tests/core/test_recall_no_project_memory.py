"""Recall in a folder whose project has no memory yet (SPEC R1, R3, R15, R17): the global
notes are recalled, and nothing is created for the project in the home — the retrieval
index and the session states live in the global scope until a write creates the project's
folder; from then on they live there, and a session carries on (no note injected twice).
With no global memory either (only mounted folders), they live in the home's own
``.memlsp/`` and no memory folder is created (ADR 0009)."""

from __future__ import annotations

from pathlib import Path

from memlsp.core import sessions
from memlsp.core.recall import Recaller
from memlsp.core.remember import remember
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)
REL = "projects/example.com/acme/shop"


def injected(*paths: str) -> list[str]:
    """A session state's ``injected`` after these notes (by the digests of their paths)."""
    return [sessions.home_path_digest(p) for p in paths]


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
    assert sessions.load(glob, "s1").injected == injected(path)


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
    assert sessions.load(project, "s1").injected == injected(glob_path, local)
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


def mounted_only_recaller(home: Path, tmp_path: Path) -> tuple[Store, Recaller, str]:
    """A home with no memory folder of its own, and a team's folder mounted (extraScopes)."""
    team = tmp_path / "team"
    team.mkdir()
    (team / "feedback_testing.md").write_text(
        "---\nname: feedback_testing\ndescription: Integration tests hit a real database,"
        " never mocks\ntype: feedback\n---\nA mocked migration broke production.\n"
    )
    store = Store(home, mounts=[team])
    (mounted,) = store.mounted_scopes()
    project = Scope("project", REL, store.home / REL)
    recaller = Recaller(store, project, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return store, recaller, f"{mounted.rel}/feedback_testing.md"


def test_only_mounted_folders_keep_recall_state_in_the_home_not_in_a_memory_folder(
    memlsp_home: Path, tmp_path: Path
) -> None:
    store, recaller, path = mounted_only_recaller(memlsp_home, tmp_path)
    recaller.start_session("s1")
    got = recaller.recall("s1", "integration tests: a real database or mocks?")
    assert [m.path for m in got.memories] == [path]
    sessions.flush()
    assert sorted(p.name for p in store.home.iterdir()) == [".memlsp"]  # no global/, projects/
    assert store.scopes() == store.mounted_scopes()
    assert (store.home / ".memlsp" / "retrieval.sqlite").is_file()
    # another process (a hook, the next `memlsp recall --session s1`) carries the session on
    other = Recaller(store, recaller.project, embedder=HashingEmbedder(), params=LENIENT)
    again = other.recall("s1", "integration tests: a real database or mocks?")
    assert again.memories == [] and again.silence == "already-injected"


def test_the_first_global_note_carries_a_session_on_from_the_home(
    memlsp_home: Path, tmp_path: Path
) -> None:
    store, recaller, path = mounted_only_recaller(memlsp_home, tmp_path)
    assert [m.path for m in recaller.recall("s1", "real database or mocks?").memories] == [path]
    sessions.flush()
    glob = store.ensure_scope(store.global_scope())  # a write: the global folder now exists
    mine = remember(store, glob, "Use bun, not npm, for installs", type_="feedback").path
    other = Recaller(store, recaller.project, embedder=HashingEmbedder(), params=LENIENT)
    again = other.recall("s1", "real database or mocks? bun or npm for installs?")
    assert [m.path for m in again.memories] == [mine]  # the team's note is not repeated
    sessions.flush()
    assert sessions.load(glob, "s1").injected == injected(path, mine)
    assert (glob.state_dir / "retrieval.sqlite").is_file()
    other.start_session("s1")  # R14: a restart forgets what the home's state said too
    fresh = other.recall("s1", "real database or mocks?")
    assert path in [m.path for m in fresh.memories]


def test_a_session_start_with_no_memory_creates_no_memory_folder(store: Store) -> None:
    project = Scope("project", REL, store.home / REL)
    recaller = Recaller(store, project, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    recaller.start_session("s1")  # a hook's SessionStart, `memory/sessionStarted`
    assert recaller.recall("s1", "bun or npm?").silence == "no-notes"
    sessions.flush()
    assert not store.global_scope().root.exists() and not (store.home / "projects").exists()
