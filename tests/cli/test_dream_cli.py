"""``memlsp dream`` and ``memlsp restore`` through the real CLI entry point (R13, R38)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "core"))

from memlsp.cli.main import main  # noqa: E402
from memlsp.core.notes import utcnow  # noqa: E402

from tests.core.dreamkit import hash_tree, session  # noqa: E402


def test_dream_cli_runs_at_once_dry_run_apply_restore(tmp_path, monkeypatch, capsys):
    """A dream a person asks for is never gated (SPEC §11): no sessions, no 24 h, it runs;
    --force is still accepted. restore RUN puts back every file the run archived."""
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    assert main(["remember", "--global", "Release train runs weekly on Tuesdays"]) == 0
    assert (
        main(["remember", "--global", "Release train now runs twice a week, Tuesday and Thursday"])
        == 0
    )
    capsys.readouterr()
    home = tmp_path / "home"
    before = hash_tree(home)
    assert main(["dream", "--global", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "+++ b/" in out and "nothing was changed" in out
    assert hash_tree(home) == before  # acceptance 5, through the CLI
    assert main(["dream", "--global", "--force", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "applied" and result["countsAfter"]["inbox"] == 0
    archived = result["applied"][0]["sources"][0]
    assert main(["restore", "--global", result["runId"], archived]) == 0
    assert f"restored global/{archived}" in capsys.readouterr().out
    assert main(["restore", "--global", "nope"]) == 2
    assert "unknown-run" in capsys.readouterr().err


def test_dream_cli_runs_when_due(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MEMLSP_DREAM_MIN_SESSIONS", "1")
    from memlsp.core.store import Store

    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    session(scope, utcnow(), "s1", "- a session")
    assert main(["dream", "--global", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "applied"


def test_dream_and_restores_with_memory_md_replaced_by_a_folder_warn(tmp_path, monkeypatch, capsys):
    """MEMORY.md is derived from the notes (R5): when a folder takes its place, a dream, a
    run's restore and a version's restore still finish (notes moved, journal closed) and
    say what is wrong, instead of failing after the notes were already changed."""
    home = tmp_path / "home"
    monkeypatch.setenv("MEMLSP_HOME", str(home))
    assert main(["remember", "--global", "Release train runs weekly on Tuesdays"]) == 0
    assert (
        main(["remember", "--global", "Release train now runs twice a week, Tuesday and Thursday"])
        == 0
    )
    index = home / "global" / "MEMORY.md"
    index.unlink()
    index.mkdir()
    capsys.readouterr()
    assert main(["dream", "--global", "--json"]) == 0
    out = capsys.readouterr()
    result = json.loads(out.out)
    assert result["status"] == "applied" and result["countsAfter"]["inbox"] == 0
    assert "MEMORY.md" in result["warning"] and "memlsp dream: warning: " in out.err
    journal = home / "global" / ".memlsp" / "journal"
    assert not list(journal.glob("*.json")), "the run is closed: nothing left to roll forward"
    archived = result["applied"][0]["sources"][0]
    assert main(["restore", "--global", result["runId"], archived]) == 0
    out = capsys.readouterr()
    assert f"restored global/{archived}" in out.out
    assert "memlsp restore: warning: " in out.err and "MEMORY.md" in out.err
    assert main(["log", "--global", "--json"]) == 0
    change = json.loads(capsys.readouterr().out)["changes"][0]
    assert main(["restore", "--global", "--version", change["id"], "--json"]) == 0
    out = capsys.readouterr()
    assert "MEMORY.md" in json.loads(out.out)["warning"]
    assert "memlsp restore: warning: " in out.err
    index.rmdir()
    assert main(["index"]) == 0
