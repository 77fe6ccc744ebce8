"""No symlinks inside the home (issue 14, acceptance 5): a symbolic link at each component
of every write path — every folder below the home and every file in it — and every write
use case run over it (remember, extraction, session end, dream, forget, index, recall,
start-up sweep): 0 bytes written, moved or deleted outside the home. Refusals are typed
(``symlink``); ``doctor`` names each link."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from memlsp.core.errors import MemlspError
from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService, Message
from memlsp.core.settings import load_settings

from ..homes import snapshot

TURN = [
    Message("user", "From now on always use pnpm in this repository, never npm."),
    Message("assistant", "Understood: pnpm from now on."),
]


def service_for(home: Path, repo: Path, monkeypatch) -> MemoryService:
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    settings = load_settings(
        {"rollout": "on", "recall": {"embedder": "hashing"}}, {}, env={}, managed_paths=[]
    )
    return MemoryService(settings, default_folder=lambda: repo)


def run_job(job) -> None:
    job.run(CancelToken(), no_progress)


def every_write(service: MemoryService) -> list[str]:
    """Run each write use case; the reasons of the refusals (a refusal is fine, a write
    through the link is not)."""
    reasons: list[str] = []
    notes = [e for s in service.store.scopes() for e in service.store.scan(s).entries]
    steps = [
        lambda: service.remember("Prefer ruff to flake8 for linting", type_="feedback"),
        lambda: service.remember("I am a backend engineer", type_="user", scope="global"),
        lambda: run_job(service.turn_completed("s1", 1, TURN)),
        lambda: service.recall("s1", "which package manager do we use?"),
        lambda: service.session_ended("s1", TURN * 3),
        lambda: run_job(service.dream_job(force=True)),
        lambda: service.rebuild_indexes(every_scope=True),
        lambda: service.sweep_leftovers(),
        lambda: service.forget_matching("linter before", confirm=True),
    ]
    for entry in notes[:2]:
        data = entry.file.read_bytes() if entry.file.is_file() else b""
        steps.append(lambda e=entry, d=data: service.forget(e.path, hashlib.sha256(d).hexdigest()))
    for step in steps:
        try:
            step()
        except MemlspError as exc:
            reasons.append(exc.reason)
    return reasons


def seed(home: Path, repo: Path, monkeypatch) -> None:
    service = service_for(home, repo, monkeypatch)
    service.remember("Run the linter before pushing", type_="feedback")
    service.remember("Deploys go through the staging pipeline first", type_="project")
    service.remember("I review pull requests in the morning", type_="user", scope="global")
    every_write(service)
    service.remember("Keep the changelog in docs/CHANGES.md", type_="project")
    (home / "global" / "inbox" / ".left.md.1.2.tmp").write_text("half a note")


def components(home: Path) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(home):
        for name in dirs + files:
            out.append(str((Path(folder) / name).relative_to(home)))
    return sorted(out)


def test_a_link_at_each_component_moves_nothing_outside(tmp_path, make_repo, monkeypatch):
    repo = make_repo(origin="git@github.com:example-org/links.git")
    seeded = tmp_path / "seeded"
    seed(seeded, repo, monkeypatch)
    names = components(seeded)
    assert len(names) >= 20 and any(".memlsp" in n for n in names)
    assert any(n.endswith("/inbox") for n in names) and any("archive" in n for n in names)
    refused = 0
    for i, rel in enumerate(names):
        home, outside = tmp_path / f"h{i}", tmp_path / f"out{i}"
        shutil.copytree(seeded, home, symlinks=True)
        outside.mkdir()
        target = outside / "moved-out"
        original = home / rel
        if not os.path.lexists(original):
            continue  # SQLite's -shm/-wal come and go with a connection: not a component
        if original.is_dir():
            shutil.copytree(original, target, symlinks=True)
            shutil.rmtree(original)
        else:
            shutil.copy2(original, target)
            original.unlink()
        original.symlink_to(target, target_is_directory=target.is_dir())
        before = snapshot(outside)
        reasons = every_write(service_for(home, repo, monkeypatch))
        assert snapshot(outside) == before, rel
        refused += "symlink" in reasons
        found = {f.reason for f in service_for(home, repo, monkeypatch).doctor()}
        assert "symlink-in-home" in found, rel
    assert refused >= 10, (refused, len(names))  # the rest: links no use case writes through
