"""A verified forget leaves no copy of the note in the retrieval indexes (R24; forget.md step
9): a deleted SQLite row keeps its text in free pages and an FTS5 delete only adds a marker
to a newer segment, so before this the index of every recall home kept the forgotten words
(found by searching the home's bytes after a forget). Real store, real Recaller, real
SQLite files; notes written for this test."""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
from pathlib import Path

import pytest
from memlsp.core import forget as fg
from memlsp.core.forget import forget, index_files
from memlsp.core.notes import Note
from memlsp.core.recall import Recaller
from memlsp.core.retrieval.cache_file import INDEX_FILE, scrub
from memlsp.core.store import Scope, Store

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
WORD = "quokkaflux"  # the forgotten note's distinctive word, in no other note


def _project(store: Store, name: str) -> Scope:
    rel = f"projects/example.com/acme/{name}"
    return store.ensure_scope(Scope("project", rel, store.home / rel))


def _write(
    store: Store, scope: Scope, name: str, description: str, body: str, replaces: str | None = None
) -> str:
    note = Note(name=name, description=description, type="project", body=body)
    return store.write_note(scope, note, now=NOW - dt.timedelta(days=2), replaces=replaces).path


def _sha(store: Store, rel: str) -> str:
    return hashlib.sha256((store.home / rel).read_bytes()).hexdigest()


def _holding(home: Path, *needles: str) -> list[tuple[str, str]]:
    found = []
    for file in sorted(home.rglob("*")):
        if file.is_file():
            blob = file.read_bytes()
            found += [
                (file.relative_to(home).as_posix(), n)
                for n in needles
                if n.encode() in blob or n.encode("utf-16-le") in blob
            ]
    return found


def _keys(index: Path) -> set[str]:
    conn = sqlite3.connect(index)
    try:
        return {k for (k,) in conn.execute("SELECT key FROM docs")}
    finally:
        conn.close()


def _recall(store: Store, scope: Scope, message: str) -> list[str]:
    recaller = Recaller(store, scope, rescan_s=0)
    return [m.name for m in recaller.recall("s", message, now=NOW, record=False).memories]


def _indexes_holding(store: Store, word: str) -> list[str]:
    return [p for p, _ in _holding(store.home, word) if INDEX_FILE in p]  # -wal included


def test_a_forgotten_note_leaves_no_copy_in_the_index(store: Store) -> None:
    scope = _project(store, "ledger")
    gone = _write(
        store, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline",
        "Canary first on the marmotline hosts.",
    )  # fmt: skip
    _write(store, scope, "use-bun", "Use bun, not npm, in this repo", "bun install, bunx.")
    assert "deploy-pipeline" in _recall(store, scope, f"how do deploys work with {WORD}")
    # edited once and indexed again: the first version's words stay in an older FTS
    # segment and in free pages
    gone = _write(
        store, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline only",
        "Blue-green via the zebradeck switch.", replaces=gone,
    )  # fmt: skip
    assert "deploy-pipeline" in _recall(store, scope, f"how do deploys work with {WORD}")
    assert _indexes_holding(store, WORD), "the index holds the note before the forget"

    forget(store, gone, _sha(store, gone))

    assert _holding(store.home, WORD, "zebradeck", "marmotline") == []
    index = scope.state_dir / INDEX_FILE
    assert _keys(index) == {f"{scope.rel}/inbox/use-bun.md"}  # scrubbed in place, not rebuilt
    assert _recall(store, scope, "install the dependencies with bun") == ["use-bun"]


def test_a_global_note_is_scrubbed_from_every_project_s_index(store: Store) -> None:
    glob = store.ensure_scope(store.global_scope())
    gone = _write(store, glob, "editor", f"User edits in the {WORD} editor", "")
    projects = [_project(store, n) for n in ("ledger", "portal")]
    for scope in projects:
        _write(store, scope, "owner", f"The {scope.rel.rsplit('/', 1)[1]} owner is Ana", "")
        assert "editor" in _recall(store, scope, f"which editor, {WORD}?")
    assert len(_indexes_holding(store, WORD)) == 2

    forget(store, gone, _sha(store, gone))

    assert _holding(store.home, WORD) == []
    assert all((s.state_dir / INDEX_FILE).exists() for s in projects)


def test_an_index_in_use_elsewhere_is_deleted_rather_than_left_holding_the_note(
    store: Store,
) -> None:
    scope = _project(store, "ledger")
    gone = _write(store, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline", "")
    _write(store, scope, "use-bun", "Use bun, not npm, in this repo", "")
    _recall(store, scope, f"deploys with {WORD}")
    index = scope.state_dir / INDEX_FILE
    reader = sqlite3.connect(index)  # another process in the middle of a read
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM docs").fetchone()
    try:
        result = forget(store, gone, _sha(store, gone))
    finally:
        reader.close()
    assert result.hook_failures == ()
    assert _holding(store.home, WORD) == []
    assert _recall(store, scope, "install the dependencies with bun") == ["use-bun"]  # rebuilt


def test_a_forget_retried_after_a_crash_still_scrubs(store: Store) -> None:
    scope = _project(store, "ledger")
    gone = _write(store, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline", "")
    _write(store, scope, "use-bun", "Use bun, not npm, in this repo", "")
    _recall(store, scope, f"deploys with {WORD}")
    sha = _sha(store, gone)

    def crash(step: str) -> None:
        if step == "index-rebuilt":
            raise KeyboardInterrupt  # the process dies after the unlink, before the scrub

    fg.verified._step_hook = crash
    try:
        with pytest.raises(KeyboardInterrupt):
            forget(store, gone, sha)
    finally:
        fg.verified._step_hook = None
    assert not (store.home / gone).exists()
    assert _indexes_holding(store, WORD)

    assert forget(store, gone, sha).status == "already-forgotten"
    assert _holding(store.home, WORD) == []


def test_scrub_leaves_an_index_without_the_note_alone(tmp_path: Path) -> None:
    assert scrub(tmp_path / INDEX_FILE, ["x.md"]) == "absent"
    broken = tmp_path / "broken" / INDEX_FILE
    broken.parent.mkdir()
    broken.write_bytes(b"not a database, but it might hold " + WORD.encode())
    assert scrub(broken, ["x.md"]) == "removed"  # unreadable: a cache, so it goes
    assert not broken.exists()


def test_every_recall_home_is_searched(store: Store) -> None:
    store.ensure_scope(store.global_scope())
    scope = _project(store, "ledger")
    homes = {p.parent.parent for p in index_files(store)}
    assert {store.home, store.global_scope().root, scope.root} <= homes


def test_a_search_leaves_the_index_free_to_checkpoint(store: Store) -> None:
    # a recall's keyword side once left a transaction open: every later read of the
    # connection held a snapshot, so no checkpoint could empty the write-ahead log and a
    # forget could only delete the index, never scrub it in place
    scope = _project(store, "ledger")
    _write(store, scope, "use-bun", "Use bun, not npm, in this repo", "")
    recaller = Recaller(store, scope, rescan_s=0)
    assert recaller.recall("s", "install with bun", now=NOW, record=False).memories
    other = sqlite3.connect(scope.state_dir / INDEX_FILE)
    try:
        busy, _, _ = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        other.close()
    assert busy == 0
    assert recaller.recall("s2", "install with bun", now=NOW, record=False).memories


def test_rows_of_notes_no_longer_on_disk_go_too_but_not_an_unmounted_folder_s(
    store: Store, tmp_path: Path
) -> None:
    # a note renamed or folded away keeps its old path's row until a search syncs the
    # index: a forget takes those rows too — never those of a folder this process does not
    # mount (another process does: its notes are alive)
    folder = tmp_path / "agent" / "memory"
    folder.mkdir(parents=True)
    (folder / "tooling.md").write_text(
        "---\nname: tooling\ndescription: The agent folder uses pnpm\ntype: project\n---\nNo npm.\n"
    )
    mounted = Store(store.home, [folder])
    scope = _project(mounted, "ledger")
    gone = _write(mounted, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline", "")
    old = _write(mounted, scope, "old-pipeline", "Deploys used the marmotline pipeline", "")
    _write(mounted, scope, "use-bun", "Use bun, not npm, in this repo", "")
    assert "old-pipeline" in _recall(mounted, scope, "which pipeline did deploys use, marmotline?")
    (mounted.home / old).unlink()  # gone by hand: its row stays until a search syncs
    index = scope.state_dir / INDEX_FILE
    tooling = {k for k in _keys(index) if k.startswith("folders/")}
    assert tooling and _indexes_holding(store, "marmotline")

    forget(store, gone, _sha(store, gone))  # a process without the mount

    assert _holding(store.home, WORD, "marmotline") == []
    assert _keys(index) == {f"{scope.rel}/inbox/use-bun.md", *tooling}


def test_a_forget_rewrites_recall_state_an_older_memlsp_wrote_with_paths(store: Store) -> None:
    # an older memlsp kept note paths (slugs of their descriptions) in the session states
    # and the counter; those files are otherwise rewritten only on their next use
    import json

    scope = _project(store, "ledger")
    gone = _write(store, scope, "deploy-pipeline", f"Deploys go through the {WORD} pipeline", "")
    other = _write(store, scope, "use-bun", "Use bun, not npm, in this repo", "")
    old_path = f"{scope.rel}/inbox/{WORD}-runbook.md"  # a note forgotten long ago
    sessions_dir = scope.state_dir / "sessions"
    sessions_dir.mkdir(parents=True, exist_ok=True)
    state = {"session_id": "old", "started": "2026-11-01T10:00:00Z", "turns": 3,
             "bytes_injected": 900, "injected": [old_path, other], "compactions": 0,
             "exhausted": False}  # fmt: skip
    (sessions_dir / "old-0123456789.json").write_text(json.dumps(state), "utf-8")
    counts = scope.state_dir / "recall-counts.json"
    counts.write_text(json.dumps({old_path: 2, other: 1}), "utf-8")

    forget(store, gone, _sha(store, gone))

    assert _holding(store.home, WORD) == []
    from memlsp.core import sessions

    kept = json.loads((sessions_dir / "old-0123456789.json").read_text("utf-8"))
    assert kept["injected"] == [sessions.home_path_digest(p) for p in (old_path, other)]
    assert kept["turns"] == 3
    assert sessions.times_recalled([scope], other) == 1
