"""The git helper: typed errors or None instead of tracebacks, and every call in its folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from memlsp.core import git
from memlsp.core.identity import resolve_project


def test_outside_a_repository_is_a_typed_error_or_none(tmp_path: Path) -> None:
    with pytest.raises(git.GitError) as info:
        git.run(tmp_path, "rev-parse", "--show-toplevel")
    assert info.value.reason == "git-failed"
    assert "git rev-parse" in str(info.value) and "exit 128" in str(info.value)
    assert git.output(tmp_path, "rev-parse", "--show-toplevel") is None
    assert git.toplevel(tmp_path) is None


def test_missing_git_is_a_typed_error_or_none(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-binaries-here"))
    with pytest.raises(git.GitError) as info:
        git.run(tmp_path, "status")
    assert info.value.reason == "git-missing"
    assert git.output(tmp_path, "status") is None


def test_ok_codes_accept_a_meaningful_exit(make_repo) -> None:
    repo = make_repo("ignores")
    # check-ignore exits 1 when nothing is ignored: an answer, not a failure.
    out = git.run(repo, "check-ignore", "--stdin", input=b"README.md\n", ok_codes=(0, 1))
    assert out == b""


def test_a_hooks_git_dir_does_not_redirect_a_call(make_repo, monkeypatch) -> None:
    one, two = make_repo("one"), make_repo("two")
    monkeypatch.setenv("GIT_DIR", str(one / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(one))
    assert git.toplevel(two) == two.resolve()


def test_identity_of_a_repository_another_user_owns(make_repo, monkeypatch) -> None:
    repo = make_repo("foreign", origin="git@github.com:Tidewater-IO/Harbor.git")
    # git's own switch for "every repository belongs to someone else" (safe.directory).
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    assert git.output(repo, "status") is None  # what git refuses to everyone else
    assert resolve_project(repo).rel == "github.com/Tidewater-IO/Harbor"
