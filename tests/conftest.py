"""Shared fixtures: a private memory home per test and real git repositories."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from memlsp.core.store import Store


@pytest.fixture(autouse=True)
def memlsp_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own MEMLSP_HOME (parallel-safe) and neutral git identity."""
    home = tmp_path / "memhome"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    monkeypatch.setenv("GIT_AUTHOR_NAME", "memlsp test")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "test@example.invalid")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "memlsp test")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "test@example.invalid")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    for key in [k for k in os.environ if k.startswith("MEMLSP_") and k != "MEMLSP_HOME"]:
        monkeypatch.delenv(key, raising=False)
    return home


@pytest.fixture
def store(memlsp_home: Path) -> Store:
    return Store(memlsp_home)


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture
def make_repo(tmp_path: Path):
    """Create a real git repository with one commit and an optional origin."""

    def _make(name: str = "repo", origin: str | None = None) -> Path:
        repo = tmp_path / name
        repo.mkdir(parents=True)
        git(repo, "init", "-q", "-b", "main")
        (repo / "README.md").write_text("# test\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "init")
        if origin:
            git(repo, "remote", "add", "origin", origin)
        return repo

    return _make
