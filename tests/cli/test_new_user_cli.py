"""What a new user trips on, run as they run it: a real `memlsp` process, a real temporary
home and git repository. Each test is a mistake or a second run someone makes in their first
hour; the answer is a typed refusal or an unchanged memory, never a traceback, a wrong exit
code or a file where none should be."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

ORIGIN = "https://github.com/acme/shop.git"


def run(cwd: Path, *args: str | bytes, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", "memlsp", *args],
        cwd=cwd,
        capture_output=True,
        env=os.environ.copy(),
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    out = subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    )
    assert proc.returncode in ok, (proc.returncode, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr, out.stderr
    return out


def write_chat(folder: Path, user: str, assistant: str) -> Path:
    """A one-turn transcript (JSON Lines, role and content) in ``folder``."""
    chat = folder / "chat.jsonl"
    lines = [{"role": "user", "content": user}, {"role": "assistant", "content": assistant}]
    chat.write_text("".join(json.dumps(m) + "\n" for m in lines), encoding="utf-8")
    return chat


def files_under(folder: Path) -> set[str]:
    if not folder.exists():
        return set()
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_recall_of_bytes_that_are_not_utf8_answers(make_repo) -> None:
    # a terminal in a Latin-1 locale, a pasted binary: argv holds bytes that are not UTF-8
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback")
    out = run(repo, "recall", b"\xff\xfe which package manager, bun or npm?", "--json")
    answer = json.loads(out.stdout)
    assert set(answer) == {"memories", "reminder", "budgetLeft", "skipped", "silence"}


def test_serve_tcp_port_out_of_range_is_a_usage_error(tmp_path: Path) -> None:
    for port in ("99999", "0", "http"):
        out = run(tmp_path, "serve", "--tcp", port, ok=(2,))
        assert "usage: memlsp serve" in out.stderr
        assert f"invalid port value: '{port}'" in out.stderr


def test_eval_corpus_note_named_like_a_path_writes_nothing_outside(tmp_path: Path) -> None:
    target = tmp_path / "outside"
    corpus = tmp_path / "corpus.jsonl"
    row = {"id": "n1", "name": "../" * 12 + str(target)[1:], "description": "d", "type": "user"}
    corpus.write_text(json.dumps(row) + "\n", encoding="utf-8")
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps({"id": "q1", "message": "hello"}) + "\n", encoding="utf-8")
    out = run(
        tmp_path, "eval", "recall", "--corpus", str(corpus), "--queries", str(queries), ok=(2,)
    )
    assert "row 1: name" in out.stderr and "[bad-data-set]" in out.stderr
    assert not Path(f"{target}.md").exists()


def test_eval_scenarios_only_takes_ids_the_file_has(tmp_path: Path) -> None:
    """A typo in --only is refused ([unknown-scenario]), not scored as 0 probes and exit 0;
    a numeric id in the file is selected by its text."""
    data = tmp_path / "scenarios.jsonl"
    turn = {"user": "we deploy on tuesdays only", "assistant": "noted"}
    rows = [
        {"id": 7, "origin": "https://example.com/acme/shop.git", "sessions": [[turn]],
         "probes": [{"message": "when do we deploy?", "expect_any": ["tuesday"]}]},
    ]  # fmt: skip
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = run(tmp_path, "eval", "scenarios", str(data), "--proxy", "--only", "7", "s-typo", ok=(2,))
    assert "no scenario with id 's-typo'" in out.stderr and "[unknown-scenario]" in out.stderr
    out = run(tmp_path, "eval", "scenarios", str(data), "--proxy", "--only", "7", "--json")
    assert json.loads(out.stdout)["probes_total"] == 1


def test_eval_data_sets_of_the_wrong_shape_are_refused(tmp_path: Path) -> None:
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(bytes(range(256)) * 40)
    chat = tmp_path / "chat.jsonl"  # a transcript given where scenarios are expected
    chat.write_text(json.dumps({"role": "user", "content": "hi"}) + "\n", encoding="utf-8")
    listed = tmp_path / "list.jsonl"
    listed.write_text("[1, 2]\n", encoding="utf-8")
    no_origin = tmp_path / "no-origin.jsonl"
    no_origin.write_text(json.dumps({"id": "s1", "origin": "not a url"}) + "\n", "utf-8")
    cases = [
        (("scenarios", str(binary)), "not UTF-8 text"),
        (("scenarios", str(chat)), "row 1: no 'id'"),
        (("scenarios", str(no_origin)), "is not a remote URL"),
        (("recall", "--corpus", str(listed), "--queries", str(chat)), "not a JSON object"),
        (("recall", "--corpus", str(chat), "--queries", str(chat)), "row 1: no 'id'"),
    ]
    for args, said in cases:
        out = run(tmp_path, "eval", *args, ok=(2,))
        assert said in out.stderr and "[bad-data-set]" in out.stderr, (args, out.stderr)


def test_demo_never_runs_inside_a_memory_home_in_use(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback")
    before = files_under(memlsp_home)
    out = run(repo, "demo", "--home", str(memlsp_home), ok=(2,))
    assert "[home-not-empty]" in out.stderr and "empty or new folder" in out.stderr
    assert files_under(memlsp_home) == before  # no demo note in the user's global scope


def test_check_of_a_folder_that_is_not_there_is_refused(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run(repo, "check", "--workspace", str(repo / "no-such-folder"), ok=(2,))
    assert "is not a folder [not-a-folder]" in out.stderr


def test_check_where_there_is_no_memory_creates_no_scope(tmp_path: Path, memlsp_home) -> None:
    folder = tmp_path / "scratch"  # not a git repository, no memory, some code
    folder.mkdir()
    (folder / "tool.py").write_text("def main():\n    return 0\n", encoding="utf-8")
    run(folder, "remember", "I prefer short answers", "--global", "--type", "user")
    run(folder, "check")
    assert not (memlsp_home / "projects").exists()


def test_check_workspace_inside_a_repository_is_the_repository(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    (repo / "src").mkdir()
    (repo / "src" / "billing.py").write_text("def refund():\n    return 0\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "billing"], cwd=repo, check=True)
    run(repo, "remember", "Refunds round half-even", "--ref", "src/billing.py:refund")
    out = run(repo, "check", "--workspace", str(repo / "src"), "--json")
    assert json.loads(out.stdout)["findings"] == []  # src/billing.py exists: not "moved"


def test_extract_of_the_same_transcript_twice_changes_nothing(make_repo, tmp_path) -> None:
    repo = make_repo(origin=ORIGIN)
    chat = write_chat(
        tmp_path,
        "We never deploy on Fridays; releases go out on Tuesdays.",
        "Noted: releases on Tuesdays, no Friday deploys.",
    )
    first = run(repo, "extract", "--transcript", str(chat))
    assert "written" in first.stdout
    second = run(repo, "extract", "--transcript", str(chat))
    assert "nothing new to remember" in second.stdout
    assert json.loads(run(repo, "log", "--json").stdout)["changes"] == []


def test_log_limit_must_be_at_least_one(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    for bad in ("0", "-1"):
        out = run(repo, "log", "--limit", bad, ok=(2,))
        assert "invalid count value" in out.stderr
    out = run(repo, "forget", "--matching", "bun npm", "--yes", "--count", "0", ok=(2,))
    assert "invalid count value" in out.stderr


def test_mcp_folder_that_is_not_a_folder_is_refused(tmp_path: Path, memlsp_home) -> None:
    out = run(tmp_path, "mcp", "--folder", str(tmp_path / "typo"), ok=(2,))
    assert "is not a folder [not-a-folder]" in out.stderr
    assert not memlsp_home.exists()


def test_an_unknown_option_shows_the_usage_of_its_command(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run(repo, "show", "some-note", "--json", ok=(2,))
    assert out.stderr.startswith("usage: memlsp show ")
    assert "memlsp show: error: unrecognized arguments: --json" in out.stderr
    out = run(repo, "sync", "init", "somewhere", "--bogus", ok=(2,))
    assert out.stderr.startswith("usage: memlsp sync init ")


def test_forget_of_a_name_that_is_no_note_says_so(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run(repo, "forget", "use-bun", "--sha256", "0" * 64, ok=(2,))
    assert "no note named 'use-bun' (see `memlsp ls`) [not-found]" in out.stderr


def test_dream_takes_global_or_scope_and_lists_the_scope_asked(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "I prefer short answers", "--global", "--type", "user")
    out = run(repo, "dream", "--global", "--scope", "global", ok=(2,))
    assert "not allowed with argument --global" in out.stderr
    run(repo, "dream", "--scope", "global")
    runs = json.loads(run(repo, "dream", "--list", "--scope", "global", "--json").stdout)
    assert runs["scope"] == "global" and len(runs["runs"]) == 1


def test_sync_to_a_remote_that_is_not_there_says_gits_reason(make_repo, tmp_path) -> None:
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "Releases go out on Tuesdays", "--type", "project")
    run(repo, "sync", "init", str(tmp_path / "no-remote"))
    out = run(repo, "sync", ok=(2,))
    assert "does not appear to be a git repository" in out.stderr, out.stderr


def test_stats_without_telemetry_says_how_to_turn_it_on(tmp_path: Path) -> None:
    out = run(tmp_path, "stats")
    assert "telemetry is off: nothing is recorded" in out.stdout
    assert "MEMLSP_TELEMETRY_ENABLED=1" in out.stdout


def test_remember_json_answers_every_refusal_in_json(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    cases = [
        (("",), "empty"),
        (("Prefer tabs", "--ref", "/etc/passwd"), "bad-ref"),
        (("The config loader lives in src/config.py",), "refused-excluded:file-path"),
    ]
    for args, reason in cases:
        out = run(repo, "remember", *args, "--json", ok=(2,))
        answer = json.loads(out.stdout)
        assert set(answer) == {"refused", "category", "message"} and answer["refused"] == reason
        assert out.stderr.startswith("memlsp remember: ") and f"[{reason}]" in out.stderr


def test_install_says_when_the_hooks_would_do_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / ".claude"))
    out = run(tmp_path, "install", "claude-code")  # README's line, at the default rollout
    assert "installed memlsp hooks" in out.stdout
    assert "rollout is off" in out.stderr and "--rollout on" in out.stderr
    out = run(tmp_path, "install", "claude-code", "--rollout", "on")
    assert "rollout is off" not in out.stderr


def test_recall_leaves_no_onnxruntime_device_id(make_repo, tmp_path: Path, monkeypatch) -> None:
    # a private cache folder whose memlsp/ is the shared model cache (warm, no conversion):
    # whatever else appears in it was written by this run
    shared = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memlsp"
    shared.mkdir(parents=True, exist_ok=True)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "memlsp").symlink_to(shared, target_is_directory=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.delenv("ORT_DISABLE_TELEMETRY", raising=False)
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback")
    out = run(repo, "recall", "which package manager, bun or npm?", "--json")
    assert json.loads(out.stdout)["memories"], out.stdout  # the models ran
    assert sorted(p.name for p in cache.iterdir()) == ["memlsp"]  # no Microsoft/DeveloperTools


def test_show_of_a_partial_name_says_which_notes_look_like_it(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "Use bun, not npm, in this repo", "--type", "feedback")
    run(repo, "remember", "I prefer short answers", "--global", "--type", "user")
    name = "use-bun-not-npm-in-this-repo"
    for typed in ("use-bun", "use-bun-not-npm-in-this-rpeo"):
        out = run(repo, "show", typed, ok=(2,))
        assert f"no note named '{typed}'; did you mean {name}? (see `memlsp ls`)" in out.stderr
    out = run(repo, "forget", "use-bun", "--sha256", "0" * 64, ok=(2,))
    assert f"did you mean {name}?" in out.stderr
    out = run(repo, "show", "kubernetes", ok=(2,))
    assert "did you mean" not in out.stderr


def test_remember_warns_of_a_ref_that_is_not_in_the_repository(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run(
        repo, "remember", "Retries stay at three", "--ref", "src/htpp.py", "--ref", "README.md"
    )
    assert out.stdout.startswith("created: ")
    assert "warning: --ref src/htpp.py is not in" in out.stderr
    assert "README.md" not in out.stderr


def test_ls_of_an_empty_scope_names_that_scope(make_repo, memlsp_home: Path) -> None:
    repo = make_repo(origin=ORIGIN)
    run(repo, "remember", "I prefer short answers", "--global", "--type", "user")
    out = run(repo, "ls", "--scope", "project")
    assert "No notes yet in projects/github.com/acme/shop." in out.stderr
    assert str(memlsp_home) not in out.stderr  # the home has a note: not "no notes in it"


def test_extract_under_review_says_what_waits_for_review(make_repo, tmp_path, monkeypatch):
    repo = make_repo(origin=ORIGIN)
    chat = write_chat(
        tmp_path, "Our nightly backups run at 2am UTC, so never migrate then.", "Understood."
    )
    monkeypatch.setenv("MEMLSP_REVIEW", "required")
    out = run(repo, "extract", "--transcript", str(chat))
    assert "nothing new to remember" not in out.stdout
    held = [line for line in out.stdout.splitlines() if "held for review" in line]
    assert len(held) == 1 and "/pending/" in held[0], out.stdout


def test_hook_tried_by_hand_explains_itself_instead_of_waiting(tmp_path: Path) -> None:
    out = run(tmp_path, "hook", "--help")
    assert "memlsp install claude-code" in out.stderr
    main_fd, terminal = pty.openpty()  # `memlsp hook` typed in a terminal: stdin is a tty
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "memlsp", "hook"],
            cwd=tmp_path,
            stdin=terminal,
            capture_output=True,
            text=True,
            timeout=30,  # before: it waited for an event typed on the terminal
        )
    finally:
        os.close(terminal)
        os.close(main_fd)
    assert proc.returncode == 0 and "memlsp install claude-code" in proc.stderr


def test_servers_started_in_a_terminal_say_what_they_wait_for(tmp_path: Path) -> None:
    for command, said in (("serve", "waiting for an editor's LSP"), ("mcp", "an MCP server")):
        main_fd, terminal = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "memlsp", command],
            cwd=tmp_path,
            stdin=terminal,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            ready, _, _ = select.select([proc.stderr], [], [], 30)
            line = proc.stderr.readline() if ready else ""
        finally:
            proc.kill()
            proc.wait(timeout=30)
            proc.stderr.close()
            os.close(terminal)
            os.close(main_fd)
        assert said in line and "Ctrl-C" in line, (command, line)


def test_forget_matching_a_pasted_page_does_not_echo_it_back(make_repo) -> None:
    repo = make_repo(origin=ORIGIN)
    out = run(repo, "forget", "--matching", "deploy staging " * 2000)
    (line,) = [x for x in out.stdout.splitlines() if x.startswith("no note matches")]
    assert len(line) < 120 and "…" in line
