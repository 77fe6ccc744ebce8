"""Small defects a new user met in the CLI, run as they run it: a real ``memlsp`` process on
a real temporary home. Each answer is the one the situation calls for, with the right exit
code — never a misleading reason."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .clikit import HomeCli, home_env


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


def extract_from_stdin(home: Path, cwd: Path, data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "memlsp", "extract", "--transcript", "-", "--json"],
        cwd=cwd,
        env=home_env(home),
        input=data,
        capture_output=True,
        timeout=120,
    )


def test_extract_reads_the_transcript_from_stdin_given_as_dash(tmp_path: Path) -> None:
    said = [
        ("user", "Install the deps."),
        ("assistant", "Ran npm install."),
        ("user", "No, we use pnpm in this repo, never npm."),
    ]
    lines = [
        {"role": r, "content": c, "at": f"2026-03-03T10:0{i}:00Z"} for i, (r, c) in enumerate(said)
    ]
    data = "".join(json.dumps(x) + "\n" for x in lines).encode("utf-8")
    proc = extract_from_stdin(tmp_path / "home", tmp_path, data)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    written = [p for t in out["turns"] for p in t["written"]]
    assert len(written) == 1 and "pnpm" in (tmp_path / "home" / written[0]).read_text("utf-8")
    # the same transcript from a file is the same session: nothing new
    (tmp_path / "t.jsonl").write_bytes(data)
    again = HomeCli(tmp_path / "home", tmp_path).json("extract", "--transcript", "t.jsonl")
    assert again["session"] == out["session"]
    assert not [p for t in again["turns"] for p in t["written"]]
    # standard input that holds no chat message is refused like such a file
    bad = extract_from_stdin(tmp_path / "home", tmp_path, b"{not json}\n")
    assert bad.returncode == 2 and b"-: no line is a chat message" in bad.stderr
    assert b"[bad-transcript]" in bad.stderr and b"Traceback" not in bad.stderr


def test_import_memory_folder_lists_each_subfolder_it_skips(tmp_path: Path) -> None:
    folder = tmp_path / "theirs"
    for rel in ("top.md", "old/kept.md", "inbox/new.md", "inbox/deeper/x.md", ".git/y.md"):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        stem = path.stem
        path.write_text(
            f"---\nname: {stem}\ndescription: The {stem} service runs on port 80{len(stem)}\n"
            f"type: project\n---\nNote {stem}.\n",
            encoding="utf-8",
        )
    (folder / "empty").mkdir()
    cli = HomeCli(tmp_path / "home", tmp_path)
    out = cli.run("import", "memory-folder", str(folder), "--global")
    for sub in ("old/", "empty/", "inbox/deeper/"):
        assert f"skipped: {sub}: a subfolder: only the notes at the top level" in out.stderr
    assert ".git" not in out.stderr
    assert "0 unreadable, 3 subfolders not read" in out.stderr
    report = cli.json("import", "memory-folder", str(folder), "--global")
    skipped = {item["file"]: item["reason"] for item in report["skipped"]}
    assert skipped == {"empty/": "subfolder", "old/": "subfolder", "inbox/deeper/": "subfolder"}


def test_sync_init_refuses_a_local_remote_whose_folder_does_not_exist(make_repo, tmp_path):
    repo = make_repo(origin="https://github.com/acme/shop.git")
    cli = HomeCli(tmp_path / "home", repo)
    cli.run("remember", "Releases go out on Tuesdays", "--type", "project")
    missing = tmp_path / "no" / "such" / "memory.git"
    out = cli.run("sync", "init", str(missing), ok=(2,))
    assert f"{missing}: its folder {missing.parent} does not exist" in out.stderr
    assert "[remote-not-found]" in out.stderr
    assert cli.json("sync", "status")["state"] == "off"  # nothing was recorded
    # a URL, an scp-like address, or a path in a folder that exists are still accepted
    for remote in ("https://example.com/acme/memory.git", "git@example.com:acme/memory.git"):
        assert cli.json("sync", "init", remote)["remote"] == remote
    later = tmp_path / "memory.git"  # made after init: the first sync will use it
    assert cli.json("sync", "init", str(later))["remote"] == str(later)
