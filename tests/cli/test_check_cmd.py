"""``memlsp check [--json] [--fix]`` inside a workspace (SPEC R29; issue 8 CLI)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from citation_fixtures import (  # noqa: E402
    NOTE_BILLING,
    NOTE_INBOX,
    NOTE_WEBHOOKS,
    build_fixture_repo,
)
from memlsp.cli.main import main  # noqa: E402
from memlsp.core.store import Store  # noqa: E402

from bench.fixtures.citation_repo import write  # noqa: E402


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    build_fixture_repo(repo)
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    store = Store(home)
    scope = store.ensure_scope(store.project_scope(repo))
    write(scope.root / "billing.md", NOTE_BILLING)
    write(scope.root / "webhooks.md", NOTE_WEBHOOKS)
    write(scope.root / "inbox" / "config-loading.md", NOTE_INBOX)
    store.rebuild_index(scope)
    (repo / "py").mkdir(exist_ok=True)
    monkeypatch.chdir(repo / "py")  # any folder inside the work tree
    return repo, scope


def test_check_json_shape_and_exit_code(workspace, capsys):
    repo, scope = workspace
    assert main(["check", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"findings", "index_problems"}
    assert data["index_problems"] == []
    keys = {"note", "citation", "code", "line", "message"}
    for f in data["findings"]:
        assert keys <= set(f) <= keys | {"suggestion"}
        assert f["note"].startswith(scope.rel + "/")
    moved = [f for f in data["findings"] if f["code"] == "moved-file"]
    assert {(f["note"], f["citation"], f["line"], f["suggestion"]) for f in moved} == {
        (f"{scope.rel}/billing.md", "old/config_loader.py", 8, "py/config.py"),
        (f"{scope.rel}/inbox/config-loading.md", "old/config_loader.py", 6, "py/config.py"),
    }
    assert len(data["findings"]) == 8


def test_check_fix_applies_renames_and_human_output(workspace, capsys):
    repo, scope = workspace
    assert main(["check", "--fix"]) == 1  # deleted files and symbols remain
    out = capsys.readouterr()
    assert "fixed" in out.err and "py/config.py" in out.err
    assert "moved-" not in out.out
    assert "stale-file" in out.out and "billing.md:12:" in out.out
    assert "py/config.py" in (scope.root / "billing.md").read_text()
    assert "`src/crypto.rs`" in (scope.root / "webhooks.md").read_text()


def test_check_exits_zero_without_stale_citations(tmp_path, monkeypatch, capsys):
    ws = tmp_path / "ws"
    write(ws / "a.py", "def ok():\n    pass\n")
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.project_scope(ws))
    write(
        scope.root / "n.md", "---\nname: n\ndescription: d\ntype: project\n---\n`ok()` in `a.py`\n"
    )
    assert main(["check", "--json", "--workspace", str(ws)]) == 0
    assert json.loads(capsys.readouterr().out) == {"findings": [], "index_problems": []}


def test_check_fix_with_memory_md_replaced_by_a_folder_fixes_and_warns(workspace, capsys):
    # The fixed note is the source of truth; MEMORY.md is derived (R5): a folder in its place
    # makes the fix a warning, not a traceback or an error after the note was rewritten
    repo, scope = workspace
    scope.index_path.unlink()
    scope.index_path.mkdir()
    assert main(["check", "--fix", "--json"]) == 1  # deleted files and symbols remain
    out = capsys.readouterr()
    answer = json.loads(out.out)
    assert any("py/config.py" in line for line in answer["fixed"])
    assert "MEMORY.md" in answer["warning"]
    assert "memlsp check: warning: " in out.err and "MEMORY.md" in out.err
    assert "py/config.py" in (scope.root / "billing.md").read_text()
