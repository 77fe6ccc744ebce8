"""A team for the sync tests: one bare remote, one project (a git repository with an
origin, so every member resolves the same project scope) and members, each with their own
memory home and :class:`MemoryService` — three laptops in one temporary folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memlsp.core.runtime import CancelToken, no_progress
from memlsp.core.service import MemoryService
from memlsp.core.settings import Settings

BRANCH = "memlsp/memory"


def git(cwd: Path, *args: str, input: bytes | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, input=input)
    return done.stdout.decode().strip()


class Member:
    def __init__(self, root: Path, name: str, project: Path, remote: Path) -> None:
        self.name = name
        self.home = root / f"home-{name}"
        self.service = MemoryService(Settings(home=str(self.home)), default_folder=lambda: project)
        self.service.sync_init(str(remote), branch=BRANCH)
        self.scope = self.service.project_scope()

    @property
    def store(self):
        return self.service.store

    def sync(self):
        return self.service.sync_job().run(CancelToken(), no_progress)

    def dream(self):
        return self.service.dream_job().run(CancelToken(), no_progress)

    def topic_notes(self) -> dict[str, bytes]:
        return {
            p.name: p.read_bytes()
            for p in sorted(self.scope.root.glob("*.md"))
            if p.name != "MEMORY.md" and p.is_file()
        }

    def rel(self, name: str) -> str:
        return f"{self.scope.rel}/{name}"


class Team:
    def __init__(self, root: Path, names: tuple[str, ...] = ("ada", "bo", "cy")) -> None:
        self.root = root
        self.remote = root / "remote.git"
        git(root, "init", "-q", "--bare", str(self.remote))
        self.project = root / "project"
        self.project.mkdir()
        git(self.project, "init", "-q", "-b", "main")
        git(self.project, "remote", "add", "origin", "https://example.com/team/app.git")
        self.members = [Member(root, n, self.project, self.remote) for n in names]

    def settle(self) -> None:
        """The final round: everyone syncs twice, in turn."""
        for _ in range(2):
            for member in self.members:
                member.sync()


def markers(text: str) -> bool:
    """Conflict markers of a textual merge."""
    return any(
        line.startswith(("<<<<<<<", ">>>>>>>", "=======", "|||||||")) for line in text.splitlines()
    )
