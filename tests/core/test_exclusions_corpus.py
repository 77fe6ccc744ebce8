"""Issue 15, acceptance 5: excluded statements are refused by what they say (fix recipes,
task state, code locations, history, code shapes), English and Chinese; legitimate notes —
including notes that cite files — are accepted; a fact the repository's instruction files
already state is not stored again; ``memlsp remember --ref`` stores citations."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.core.errors import RefusedError
from memlsp.core.policy import check_candidate
from memlsp.core.policy.instructions import INSTRUCTION_FILES, stated_in_repo
from memlsp.core.remember import remember
from memlsp.core.store import Store
from memlsp.core.text import is_chinese

from tests.core.exclusion_corpus import CITING, EXCLUDED, legitimate

NOW = dt.datetime(2026, 6, 2, 9, 0, tzinfo=dt.UTC)


def test_corpus_sizes():
    assert len(EXCLUDED) >= 100
    assert sum(1 for text, _ in EXCLUDED if is_chinese(text)) >= 30
    assert len(legitimate()) >= 200
    assert len(CITING) >= 15


def test_every_excluded_statement_is_refused_with_its_category():
    wrong = []
    for text, category in EXCLUDED:
        verdict = check_candidate(text, now=NOW)
        if verdict.ok or verdict.category != category:
            wrong.append((text, category, verdict.category or "accepted"))
    assert wrong == []


def test_legitimate_notes_are_accepted():
    notes = legitimate()
    refused = [(t, check_candidate(t, now=NOW).category) for t in notes]
    refused = [r for r in refused if r[1]]
    assert len(refused) <= len(notes) * 0.03, refused


def test_remember_refuses_and_accepts_through_the_store(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.project_scope(tmp_path / "work")
    for text, category in EXCLUDED[::5]:
        with pytest.raises(RefusedError) as err:
            remember(store, scope, text, now=NOW)
        assert err.value.category == category
    for text in CITING:
        assert remember(store, scope, text, now=NOW).action == "created"
    assert not any(
        text in e.file.read_text("utf-8") for text, _ in EXCLUDED for e in store.scan(scope).entries
    )


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / ".github").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "CLAUDE.md").write_text(
        "# How we work\n\n- Always squash commits on the engine repo.\n"
        "- Crash dumps older than 30 days are deleted by the nightly job.\n",
        "utf-8",
    )
    (repo / ".github" / "copilot-instructions.md").write_text(
        "Screenshots attached to bug reports must be PNG, never JPEG.\n", "utf-8"
    )
    (repo / "CONTRIBUTING.md").write_text("贡献指南\n\n网络代码的改动需要两位评审同意。\n", "utf-8")
    return repo


def test_facts_in_instruction_files_are_not_stored_again(tmp_path):
    repo = _repo(tmp_path)
    assert "CLAUDE.md" in INSTRUCTION_FILES and ".cursorrules" in INSTRUCTION_FILES
    assert stated_in_repo("On the engine repo, always squash commits.", repo) == "CLAUDE.md"
    assert (
        stated_in_repo("Bug report screenshots must be PNG.", repo)
        == ".github/copilot-instructions.md"
    )
    assert stated_in_repo("网络代码改动需要两位评审同意。", repo) == "CONTRIBUTING.md"
    # a different value, a different subject, or something new: not stated there
    assert (
        stated_in_repo("Crash dumps older than 90 days are deleted by the nightly job.", repo)
        is None
    )
    assert stated_in_repo("Always squash commits on the assets repo.", repo) is None
    assert stated_in_repo("The engine repo's CI runs on Buildkite agents in Oslo.", repo) is None
    verdict = check_candidate("Always squash commits on the engine repo, please.", repo_root=repo)
    assert verdict.category == "in-repo-docs"
    assert check_candidate("Always squash commits on the engine repo.").ok  # no repo given


def _cli(args, *, home, cwd):
    env = {**os.environ, "MEMLSP_HOME": str(home)}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(Path(__file__).resolve().parents[2] / "server"), env.get("PYTHONPATH", "")]
    )
    return subprocess.run(
        [sys.executable, "-m", "memlsp", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_remember_with_refs_and_refusals(tmp_path):
    repo, home = _repo(tmp_path), tmp_path / "home"
    text = "Never edit engine/gen/bindings.rs by hand; the codegen step overwrites it."
    res = _cli(
        [
            "remember",
            text,
            "--ref",
            "engine/gen/bindings.rs",
            "--ref",
            "tools/gen.py:main",
            "--json",
        ],
        home=home,
        cwd=repo,
    )
    assert res.returncode == 0, res.stderr
    path = home / json.loads(res.stdout)["path"]
    written = path.read_text("utf-8")
    assert "path: engine/gen/bindings.rs" in written and "symbol: main" in written
    only_where = _cli(
        ["remember", "The codegen entry point lives in tools/gen.py."], home=home, cwd=repo
    )
    assert only_where.returncode == 2 and "file-path" in only_where.stderr
    stated = _cli(["remember", "Always squash commits on the engine repo."], home=home, cwd=repo)
    assert stated.returncode == 2 and "CLAUDE.md" in stated.stderr
    bad = _cli(
        ["remember", "A rule with a bad citation.", "--ref", "../outside.txt"], home=home, cwd=repo
    )
    assert bad.returncode != 0 and "bad-ref" in bad.stderr
