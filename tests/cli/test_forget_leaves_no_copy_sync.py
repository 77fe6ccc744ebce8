"""Forget audit, team sync over a local git remote (SPEC R24, R40; ADR 0005; docs/howto/
team-sync.md): a note two people synced and recalled is forgotten on one machine and the
tombstone travels. What the docs promise, and only that: the note leaves every synced scope
with no copy in either home — except the branch's git history, which sync never rewrites
(on the remote and in each home's ``.memlsp/sync/repo.git``: "Limits" in team-sync.md) —
and the remote's branch no longer holds it, a content-free tombstone instead."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from tests.forget_search import copies, git_objects_holding

from .clikit import HomeCli, team_repos

SCOPE = "projects/example.com/acme/ledger"
WORD = "plumtrevane"  # in the note from the start
OLD = "gorsewhistle"  # only in the note's first version
SYNC_REPO = ".memlsp/sync/repo.git/"  # the branch's history: kept by design (ADR 0005)


class Person(HomeCli):
    def __init__(self, tmp: Path, name: str, repo: Path) -> None:
        super().__init__(tmp / f"home-{name}", repo)

    def recall(self, message: str, session: str) -> list[str]:
        return [m["path"] for m in self.json("recall", message, "--session", session)["memories"]]

    def leftovers(self) -> list[tuple[str, str, str]]:
        return copies(self.home, WORD, OLD, skip=(SYNC_REPO,))


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", str(repo), *args], capture_output=True, check=True, text=True
    ).stdout


@pytest.fixture
def team(tmp_path: Path):
    repo, remote = team_repos(tmp_path)
    return remote, Person(tmp_path, "ada", repo), Person(tmp_path, "bo", repo)


def test_a_synced_note_forgotten_on_one_machine_leaves_no_copy_in_either_home(team) -> None:
    remote, ada, bo = team
    for person in (ada, bo):
        person.json("sync", "init", str(remote))
    first = ada.json(
        "remember", f"Deploys go through the {WORD} pipeline\nCanary first on the {OLD} hosts."
    )
    assert first["path"] in ada.recall(f"how do deploys work with {WORD}?", "a1")
    ada.json(
        "remember", f"Deploys go through the {WORD} pipeline\nCanary first on the staging hosts."
    )
    ada.run("remember", "Releases are tagged on Thursdays by the ops team")
    assert ada.json("dream")["status"] == "applied"
    assert ada.json("sync")["pushed"] is True
    assert bo.json("sync")["imported"] == 2
    topic = f"{SCOPE}/{Path(first['path']).name}"
    assert topic in bo.recall(f"which hosts get the {WORD} canary?", "b1")
    assert topic in ada.recall(f"which hosts get the {WORD} canary?", "a2")

    sha = hashlib.sha256((ada.home / topic).read_bytes()).hexdigest()
    ada.run("forget", topic, "--sha256", sha)
    assert ada.json("sync")["pushed"] is True
    assert bo.json("sync")["forgotten"] == 1
    assert not (bo.home / topic).exists()

    # both homes: no copy outside the sync repository's history
    assert ada.leftovers() == []
    assert bo.leftovers() == []
    # the remote's branch holds a content-free tombstone, not the note
    tree = _git(remote, "ls-tree", "-r", "memlsp/memory")
    assert Path(topic).name not in tree and "tombstones/" in tree
    for line in tree.splitlines():
        blob = _git(remote, "cat-file", "-p", line.split()[2])
        assert WORD not in blob and OLD not in blob, line
    # the documented limit (team-sync.md, "Limits"; forget.md): the branch's history still
    # has the note's bytes, on the remote and in each home's sync repository, until a team
    # rewrites it by hand. The first version never travelled: only the dream's result does.
    for repo in (remote, ada.home / SCOPE / SYNC_REPO, bo.home / SCOPE / SYNC_REPO):
        held = {w for _, w in git_objects_holding(repo, WORD, OLD)}
        assert held == {WORD}, repo
