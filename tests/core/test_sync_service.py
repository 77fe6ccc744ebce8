"""The automatic syncs the service offers a long-lived surface (issue 20; SPEC R40):
``sync.intervalMinutes`` and ``sync.afterDream`` are off by default, need a connected
project, and follow the rollout level of automatic steps."""

from __future__ import annotations

import subprocess
from pathlib import Path

import attrs
import pytest
from memlsp.core.errors import InvalidRequestError
from memlsp.core.notes import Note
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService
from memlsp.core.settings import Settings, SettingsError, SyncSettings, load_local

from tests.core.synckit import git


@pytest.fixture(autouse=True)
def own_homes(monkeypatch):
    monkeypatch.delenv("MEMLSP_HOME", raising=False)


def service(tmp: Path, rollout: str = "on", **sync) -> MemoryService:
    project = tmp / "project"
    if not project.exists():
        project.mkdir()
        git(project, "init", "-q")
        git(project, "remote", "add", "origin", "https://example.com/team/app.git")
    settings = Settings(home=str(tmp / "home"), rollout=rollout, sync=SyncSettings(**sync))
    return MemoryService(settings, default_folder=lambda: project)


def test_the_timer_needs_an_interval_a_connection_and_a_writing_rollout(tmp_path: Path):
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    off = service(tmp_path)
    scopes = [off.project_scope()]
    assert off.due_sync_jobs(scopes) == []  # sync.intervalMinutes = 0: never
    timer = service(tmp_path, interval_minutes=5)
    assert timer.due_sync_jobs(scopes) == []  # not connected
    timer.sync_init(str(remote))
    assert service(tmp_path, "off", interval_minutes=5).due_sync_jobs(scopes) == []
    (job,) = timer.due_sync_jobs(scopes)
    assert job.kind == "sync"
    job.run(CancelToken(), no_progress)
    assert timer.due_sync_jobs(scopes) == []  # synced less than 5 minutes ago


def test_after_dream_syncs_the_dreamed_scope(tmp_path: Path):
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    svc = service(tmp_path, after_dream=True)
    svc.sync_init(str(remote))
    svc.store.write_note(svc.project_scope(), Note("a-fact", "A team fact", "project", "x"))
    svc.dream_job().run(CancelToken(), no_progress)
    listed = git(tmp_path, "--git-dir", str(remote), "ls-tree", "-r", "--name-only",
                 "memlsp/memory")  # fmt: skip
    assert "notes/a-fact.md" in listed.split()


def test_sync_settings_are_read_and_checked():
    settings = load_local({"sync": {"afterDream": True, "intervalMinutes": 15}}, env={})
    assert settings.sync == SyncSettings(after_dream=True, interval_minutes=15.0)
    assert load_local(env={}).sync == SyncSettings()
    with pytest.raises(SettingsError):
        load_local({"sync": {"intervalMinutes": -1}}, env={})
    assert attrs.fields(SyncSettings).after_dream.default is False


def test_a_remote_comes_only_from_sync_init_and_a_relative_one_needs_its_folder(tmp_path):
    """ADR 0007: no settings layer carries a remote (a ``sync.remote`` anywhere connects
    nothing); a relative local path is resolved only against the folder it was typed in,
    and refused (``bad-remote``) by a caller that knows none."""
    remote = tmp_path / "memory.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    typed = {"sync": {"remote": "../memory.git", "afterDream": True}}
    settings = load_local(typed, env={"MEMLSP_SYNC_REMOTE": "../memory.git"})
    assert not hasattr(settings.sync, "remote")
    svc = service(tmp_path)
    assert svc.sync_status(fetch=False).configured is False
    with pytest.raises(InvalidRequestError) as exc:
        svc.sync_init("../memory.git")  # no folder it was typed in
    assert exc.value.reason == "bad-remote"
    assert svc.sync_status(fetch=False).configured is False
    state = svc.sync_init("../memory.git", relative_to=tmp_path / "project")
    assert state.remote == str(remote)
    assert svc.sync_init(str(remote)).remote == str(remote)  # absolute: as typed
    for url in ("https://example.com/m.git", "git@example.com:m.git", f"file://{remote}"):
        assert svc.sync_init(url).remote == url
