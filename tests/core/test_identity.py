"""Project identity (SPEC R2): URL forms, clones and worktrees share one memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from memlsp.core.identity import parse_remote_url, resolve_project
from memlsp.core.store import Store

from ..conftest import git

URL_FORMS = [
    ("https://github.com/Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("https://github.com/Tidewater-IO/Harbor", "github.com/Tidewater-IO/Harbor"),
    ("https://github.com/Tidewater-IO/Harbor/", "github.com/Tidewater-IO/Harbor"),
    ("https://someone@GitHub.com/Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("https://someone:pw@github.com:443/Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("http://github.com:8080/Tidewater-IO/Harbor", "github.com/Tidewater-IO/Harbor"),
    ("ssh://git@github.com/Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("ssh://git@GITHUB.COM:22/Tidewater-IO/Harbor", "github.com/Tidewater-IO/Harbor"),
    ("git@github.com:Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("git@github.com:Tidewater-IO/Harbor", "github.com/Tidewater-IO/Harbor"),
    ("github.com:Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("git://github.com/Tidewater-IO/Harbor.git", "github.com/Tidewater-IO/Harbor"),
    ("https://gitlab.com/group/sub/tool.git", "gitlab.com/group/sub/tool"),
]


@pytest.mark.parametrize(("url", "expected"), URL_FORMS)
def test_origin_url_forms_map_to_one_id(url: str, expected: str) -> None:
    assert parse_remote_url(url) == expected


@pytest.mark.parametrize("url", ["/srv/git/app.git", "./app", "file:///srv/git/app.git", "", "::"])
def test_local_paths_are_not_remote_ids(url: str) -> None:
    assert parse_remote_url(url) is None


def test_clones_and_worktrees_share_one_memory_folder(make_repo, tmp_path: Path) -> None:
    origin = "git@github.com:Tidewater-IO/Harbor.git"
    repo = make_repo("main-clone", origin=origin)
    trees = []
    for i in range(3):
        wt = tmp_path / f"wt{i}"
        git(repo, "worktree", "add", "-q", "-b", f"b{i}", str(wt))
        trees.append(wt)
    second = make_repo("second-clone", origin="https://github.com/Tidewater-IO/Harbor")
    store = Store(tmp_path / "home")
    folders = {store.project_scope(p).root for p in [repo, second, *trees]}
    sub = repo / "src" / "deep"
    sub.mkdir(parents=True)
    folders.add(store.project_scope(sub).root)
    assert folders == {tmp_path / "home" / "projects" / "github.com" / "Tidewater-IO" / "Harbor"}


def test_no_origin_uses_main_worktree_root(make_repo, tmp_path: Path) -> None:
    repo = make_repo("plain")
    wt = tmp_path / "plain-wt"
    git(repo, "worktree", "add", "-q", "-b", "x", str(wt))
    a, b = resolve_project(repo), resolve_project(wt)
    assert a.kind == b.kind == "local-git"
    assert a.rel == b.rel and a.rel.startswith("local/")


def test_clones_of_a_local_bare_origin_share_memory(make_repo, tmp_path: Path) -> None:
    src = make_repo("src")
    bare = tmp_path / "bare.git"
    git(tmp_path, "clone", "-q", "--bare", str(src), str(bare))
    one, two = tmp_path / "one", tmp_path / "two"
    git(tmp_path, "clone", "-q", str(bare), str(one))
    git(tmp_path, "clone", "-q", str(bare), str(two))
    assert resolve_project(one).rel == resolve_project(two).rel != resolve_project(src).rel


def test_not_a_repo_uses_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "loose"
    folder.mkdir()
    pid = resolve_project(folder)
    assert pid.kind == "folder" and pid.rel.startswith("local/")
    assert resolve_project(folder).rel == pid.rel
    other = tmp_path / "loose2"
    other.mkdir()
    assert resolve_project(other).rel != pid.rel
