"""Small defects a new user met in the CLI, run as they run it: a real ``memlsp`` process on
a real temporary home. Each answer is the one the situation calls for, with the right exit
code — never a misleading reason."""

from __future__ import annotations

import json
from pathlib import Path

from .clikit import HomeCli


def test_restoring_a_path_twice_says_it_was_already_restored(tmp_path: Path) -> None:
    cli = HomeCli(tmp_path / "home", tmp_path)
    cli.run("remember", "--global", "Release train runs weekly on Tuesdays")
    cli.run("remember", "--global", "Release train now runs twice a week, Tuesday and Thursday")
    dream = cli.json("dream", "--global")
    run_id, rel = dream["runId"], dream["applied"][0]["sources"][0]
    first = cli.run("restore", "--global", run_id, rel)
    assert f"restored global/{rel}" in first.stdout
    again = cli.run("restore", "--global", run_id, rel)  # exit 0: the wish already holds
    assert f"global/{rel} was already restored from run {run_id}" in again.stdout
    assert "missing" not in again.stdout + again.stderr
    answer = cli.json("restore", "--global", run_id, rel)
    assert answer == {"runId": run_id, "restored": [], "alreadyRestored": [rel]}
    # a path the run never archived is still refused
    other = cli.run("restore", "--global", run_id, "inbox/never.md", ok=(2,))
    assert "[not-in-archive]" in other.stderr


def test_eval_data_set_that_is_a_folder_is_refused_as_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps({"id": "q1", "message": "hello"}) + "\n", encoding="utf-8")
    cli = HomeCli(tmp_path / "home", tmp_path)
    out = cli.run("eval", "recall", "--corpus", str(folder), "--queries", str(queries), ok=(2,))
    assert f"{folder}: is a folder; a JSON Lines file is expected [bad-data-set]" in out.stderr
    out = cli.run("eval", "scenarios", str(folder), ok=(2,))
    assert f"{folder}: is a folder; a JSON Lines file is expected [bad-data-set]" in out.stderr
    gone = tmp_path / "gone.jsonl"  # a path that does not exist is still not-found
    out = cli.run("eval", "recall", "--corpus", str(gone), "--queries", str(queries), ok=(2,))
    assert "no such file [not-found]" in out.stderr
