"""The version store under a scope (core/history.py, core/undo.py): retention and pruning,
the managed shorter retention, purge on verified forget, and hostile history files."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os

import pytest
from memlsp.core import history, undo
from memlsp.core.errors import InvalidRequestError, MemlspError, NotFoundError
from memlsp.core.forget import forget
from memlsp.core.notes import Note
from memlsp.core.settings import load_settings
from memlsp.core.store import Store

NOW = dt.datetime(2026, 12, 1, 12, tzinfo=dt.UTC)


@pytest.fixture
def home(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    return store, scope


def note(text: str, name: str = "deploy-freeze") -> Note:
    return Note(name=name, description=text, type="project", body=text, meta={"source": "remember"})


def test_an_update_keeps_the_previous_bytes_and_restores_them(home):
    store, scope = home
    first = store.write_note(scope, note("Deploys freeze on Fridays"))
    old = first.entry.file.read_bytes()
    store.write_note(scope, note("Deploys freeze on Thursdays from now on, not Fridays"))
    [v] = history.versions(scope)
    assert v.step == "remember-update" and v.path == "inbox/deploy-freeze.md"
    assert history.read_blob(scope, v) == old
    done = undo.restore_version(store, scope, v.id, days=30)
    assert done.action == "restored" and first.entry.file.read_bytes() == old
    again = undo.restore_version(store, scope, v.id, days=30)
    assert again.action == "unchanged"


def test_no_history_when_nothing_changes_or_history_is_off(home):
    store, scope = home
    store.write_note(scope, note("Deploys freeze on Fridays"))
    store.write_note(scope, note("Deploys freeze on Fridays"))
    assert history.versions(scope) == []
    store.history_days = 0
    store.write_note(scope, note("Deploys freeze on Mondays"))
    assert history.versions(scope) == []


def test_expired_versions_are_pruned_on_the_next_write_and_refused(home):
    store, scope = home
    file = scope.root / "inbox" / "x.md"
    file.write_bytes(b"one")
    old = history.record(
        scope, "inbox/x.md", b"one", step="update", now=NOW - dt.timedelta(days=40)
    )
    assert old is not None
    with pytest.raises(MemlspError) as refused:
        undo.restore_version(store, scope, old.id, days=30, now=NOW)
    assert refused.value.reason == "version-expired"
    fresh = history.record(scope, "inbox/x.md", b"two", step="update", now=NOW)
    assert [v.id for v in history.versions(scope)] == [fresh.id]
    assert not history.blob_path(scope, old.sha256).exists()


def test_managed_shorter_history_retention_wins(tmp_path):
    managed = tmp_path / "managed.json"
    me = (os.getuid(),)
    for admin, user, wanted in ((7, 60, 7), (90, 60, 60)):
        managed.write_text(json.dumps({"retention": {"historyDays": admin}}), "utf-8")
        s = load_settings(
            {"retention": {"historyDays": user}}, {}, env={}, managed_paths=[managed],
            trusted_uids=me,
        )  # fmt: skip
        assert s.managed.status == "applied" and s.retention.history_days == wanted
    assert load_settings({}, {}, env={}, managed_paths=[]).retention.history_days == 30


def test_verified_forget_purges_every_version_and_linked_rename(home):
    store, scope = home
    a = history.record(
        scope, "inbox/old-name.md", b"v1 secret-ish", step="supersede", after="f" * 64
    )
    store.write_note(scope, note("Deploys freeze on Fridays", "x"))
    store.write_note(scope, note("Deploys freeze on Thursdays", "x"))
    entry = store.find("x")[0]
    # link the renamed note's first version to the current one's predecessor chain
    history.record(scope, "inbox/gone.md", b"earlier", step="supersede", after=entry.sha256)
    other = history.record(scope, "inbox/other.md", b"unrelated", step="update")
    forget(store, entry.path, entry.sha256)
    left = history.versions(scope)
    assert [v.id for v in left] == [a.id, other.id]
    blobs = {p.name for p in (history.history_dir(scope) / "objects").rglob("*") if p.is_file()}
    assert blobs == {a.sha256, other.sha256}


def test_a_tampered_log_cannot_write_outside_the_scope(home):
    store, scope = home
    log = history.log_path(scope)
    data = b"escaped"
    blob = history.blob_path(scope, hashlib.sha256(data).hexdigest())
    blob.parent.mkdir(parents=True)
    blob.write_bytes(data)
    for i, path in enumerate(
        ["../../../escape.md", ".memlsp/state.json", "MEMORY.md", "/etc/x.md"]
    ):
        line = {
            "v": 1, "id": f"v{i:010x}", "at": "2026-12-01T12:00:00Z", "path": path,
            "step": "update", "why": "", "sha256": hashlib.sha256(data).hexdigest(), "bytes": 7,
        }  # fmt: skip
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(line) + "\n")
        with pytest.raises(InvalidRequestError):
            undo.restore_version(store, scope, f"v{i:010x}", days=30, now=NOW)
    assert not (store.home.parent / "escape.md").exists()


def test_a_damaged_blob_or_symlinked_target_is_refused(home):
    store, scope = home
    (scope.root / "inbox" / "y.md").write_bytes(b"now")
    v = history.record(scope, "inbox/y.md", b"before", step="update")
    history.blob_path(scope, v.sha256).write_bytes(b"tampered")
    with pytest.raises(NotFoundError) as damaged:
        undo.restore_version(store, scope, v.id, days=30)
    assert damaged.value.reason == "version-damaged"
    w = history.record(scope, "inbox/z.md", b"zed", step="update")
    outside = store.home.parent / "target.md"
    outside.write_bytes(b"keep")
    os.symlink(outside, scope.root / "inbox" / "z.md")
    with pytest.raises(MemlspError) as link:
        undo.restore_version(store, scope, w.id, days=30)
    assert link.value.reason == "symlink" and outside.read_bytes() == b"keep"


def test_a_planted_symlink_is_never_copied_into_the_history(home):
    store, scope = home
    secret = store.home.parent / "outside.txt"
    secret.write_bytes(b"not a note")
    os.symlink(secret, scope.root / "inbox" / "link.md")
    assert store.keep_version(scope, scope.root / "inbox" / "link.md", step="update") is None
    assert history.versions(scope) == []
