"""``memlsp sync`` through real subprocesses (issue 20; SPEC R40): two people, two memory
homes, one project and one bare remote — init, sync, status, a forget that travels, and
the refusals a person gets."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from .clikit import HomeCli, run_memlsp, team_repos

SCOPE = "projects/example.com/acme/ledger"
# `memlsp sync status --json` (docs/reference/cli.md): these keys, in this order
STATUS_KEYS = [
    "scope", "state", "configured", "remote", "branch", "lastSync", "localChanges", "ahead",
    "behind", "conflicts", "quarantined", "fetched", "error",
]  # fmt: skip


class Person(HomeCli):
    def __init__(self, tmp: Path, name: str, repo: Path) -> None:
        super().__init__(tmp / f"home-{name}", repo)

    def topics(self) -> dict[str, bytes]:
        root = self.home / SCOPE
        return {p.name: p.read_bytes() for p in root.glob("*.md") if p.name != "MEMORY.md"}


@pytest.fixture
def team(tmp_path: Path):
    repo, remote = team_repos(tmp_path)
    return remote, Person(tmp_path, "ada", repo), Person(tmp_path, "bo", repo)


def test_init_sync_and_status_between_two_people(team):
    remote, ada, bo = team
    assert ada.json("sync", "status")["state"] == "off"
    refused = ada.run("sync", ok=(2,))
    assert "[sync-not-configured]" in refused.stderr
    assert ada.json("sync", "init", str(remote)) == {
        "scope": SCOPE,
        "remote": str(remote),
        "branch": "memlsp/memory",
        "resolvedFrom": None,
    }
    ada.run("remember", "The ledger team deploys only on Tuesdays and Thursdays")
    ada.run("dream")
    sent = ada.json("sync")
    assert sent["exported"] == 1 and sent["pushed"] is True
    bo.json("sync", "init", str(remote))
    never = bo.json("sync", "status", "--offline")  # R40: initialised, not synced yet
    assert never["state"] == "pending" and never["lastSync"] is None, never
    got = bo.run("sync")
    assert "received 1" in got.stdout and "[100%] done" in got.stderr
    assert bo.topics() == ada.topics() and len(bo.topics()) == 1
    status = bo.json("sync", "status")
    assert status["state"] == "in-sync" and status["behind"] == 0 and status["ahead"] == 0
    assert list(status) == STATUS_KEYS and status["fetched"] is True and status["lastSync"]

    # a verified forget on Bo's machine travels as a tombstone
    name = next(iter(bo.topics()))
    digest = hashlib.sha256(bo.topics()[name]).hexdigest()
    bo.run("forget", f"{SCOPE}/{name}", "--sha256", digest)
    assert bo.json("sync", "status")["localChanges"] == 1
    bo.json("sync")
    result = ada.json("sync")
    assert result["forgotten"] == 1 and ada.topics() == {}
    assert "sync: " not in ada.run("sync", "status").stderr


def test_a_bad_branch_is_refused_with_its_reason(team):
    remote, ada, _ = team
    done = ada.run("sync", "init", str(remote), "--branch", "../escape", ok=(2,))
    assert "[bad-branch]" in done.stderr
    done = ada.run("sync", "init", "--upload-pack=touch x", ok=(2,))
    assert "[bad-remote]" in done.stderr or "unrecognized" in done.stderr


def test_status_json_of_a_project_that_does_not_sync_is_exactly_this(team):
    _, ada, _ = team
    assert ada.run("sync", "status", "--json", "--offline").stdout == (
        "{\n"
        f'  "scope": "{SCOPE}",\n'
        '  "state": "off",\n'
        '  "configured": false,\n'
        '  "remote": "",\n'
        '  "branch": "",\n'
        '  "lastSync": null,\n'
        '  "localChanges": 0,\n'
        '  "ahead": 0,\n'
        '  "behind": 0,\n'
        '  "conflicts": [],\n'
        '  "quarantined": 0,\n'
        '  "fetched": false,\n'
        '  "error": null\n'
        "}\n"
    )


def test_a_relative_local_remote_is_stored_absolute_from_where_init_ran(team, tmp_path):
    """A local path is resolved at init against the folder the person is in (git would
    otherwise resolve it from memlsp's private repository), and the output says so."""
    remote, ada, bo = team
    (ada.repo / "src").mkdir()
    inside = run_memlsp(ada.repo / "src", "sync", "init", "../../memory.git", env=ada.env)
    assert f"../../memory.git resolved to {remote}" in inside.stdout
    assert ada.json("sync", "status", "--offline")["remote"] == str(remote)
    ada.run("remember", "The ledger team deploys only on Tuesdays and Thursdays")
    ada.run("dream")
    assert ada.json("sync")["pushed"] is True  # git found the remote from the stored path
    assert bo.json("sync", "init", "./../memory.git")["resolvedFrom"] == "./../memory.git"
    assert "received 1" in bo.run("sync").stdout
    env = {**bo.env, "HOME": str(tmp_path)}
    got = run_memlsp(bo.repo, "sync", "init", "~/memory.git", "--json", env=env)
    assert json.loads(got.stdout)["remote"] == str(remote)
    for url in ("file://" + str(remote), "https://example.com/acme/memory.git",
                "git@example.com:acme/memory.git", "ssh://example.com/acme/memory.git"):  # fmt: skip
        assert bo.json("sync", "init", url) == {
            "scope": SCOPE, "remote": url, "branch": "memlsp/memory", "resolvedFrom": None
        }  # fmt: skip


def test_a_sync_while_memory_md_is_a_folder_imports_and_warns(team):
    # MEMORY.md is derived from the notes (R5): a folder in its place must not fail a sync
    # after it wrote the incoming notes (and leave its own ref behind, to merge again)
    remote, ada, bo = team
    ada.json("sync", "init", str(remote))
    ada.run("remember", "The ledger team deploys only on Tuesdays and Thursdays")
    ada.run("dream")
    ada.json("sync")
    bo.json("sync", "init", str(remote))
    index = bo.home / SCOPE / "MEMORY.md"
    index.mkdir(parents=True)
    got = bo.run("sync", "--json")
    result = json.loads(got.stdout)
    assert result["imported"] == 1 and "MEMORY.md" in result["warning"]
    assert "memlsp sync: warning: " in got.stderr
    assert bo.topics() == ada.topics() and len(bo.topics()) == 1
    assert bo.json("sync", "status")["state"] == "in-sync"
