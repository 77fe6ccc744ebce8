"""Forget audit, the Claude Code hooks (SPEC R24; docs/explanation/forget.md): a fact learned
by the Stop hook from a session log, corrected in a later turn, recalled by the warm hook
daemon, quoted by the session record SessionEnd saves and replayed by ``memlsp import
claude-code`` (its import ledger), is forgotten by path and hash; then the daemon — still
running, its index in memory — is asked once more. No byte of the home may still hold the
fact's distinctive word, nor the word only its first version held; nor the hooks' log in the
runtime folder."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tests.cli.clikit import run_memlsp
from tests.forget_search import copies

from .conftest import PROJECT, hook_input, run_hook, wait_for, write_session_log

WORD = "vellicorn"  # in the fact from the start
OLD = "drubbleshaw"  # only in its first version
FIRST = f"From now on deploys go through the {WORD} pipeline, canary first on the {OLD} hosts."
SECOND = f"From now on deploys go through the {WORD} pipeline, canary first on the staging hosts."
OTHERS = [
    ("We are migrating the billing service to Postgres 16 this quarter.", "OK."),
    ("Please keep the API changelog in docs/changes when you touch endpoints.", "Will do."),
]


def _notes(home: Path) -> list[Path]:
    inbox = home / PROJECT / "inbox"
    return sorted(inbox.glob("*.md")) if inbox.is_dir() else []


def _holding(home: Path, word: str) -> list[Path]:
    return [p for p in _notes(home) if word in p.read_text()]


def test_a_fact_learned_by_the_hooks_and_forgotten_leaves_no_copy(
    agent_env, project, tmp_path, memlsp_home
):
    runtime = Path(agent_env["XDG_RUNTIME_DIR"])
    first = write_session_log(tmp_path / "cc1.jsonl", project, "cc-1", [(FIRST, "Noted.")])
    out = run_hook(hook_input("Stop", project, "cc-1", first, stop_hook_active=False), agent_env)
    assert out.returncode == 0 and out.stdout == b""
    assert wait_for(lambda: _holding(memlsp_home, OLD)), "the Stop hook learned nothing"
    prompt = hook_input("UserPromptSubmit", project, "cc-2", prompt=f"how do {WORD} deploys work?")
    assert WORD.encode() in run_hook(prompt, agent_env).stdout  # starts the warm daemon

    turns = [(FIRST, "Noted."), (SECOND, "Staging it is.")]  # Stop learns the last turn
    log = write_session_log(tmp_path / "cc2.jsonl", project, "cc-2", turns)
    run_hook(hook_input("Stop", project, "cc-2", log, stop_hook_active=False), agent_env)
    assert wait_for(lambda: not _holding(memlsp_home, OLD) and _holding(memlsp_home, WORD))
    ask = hook_input(
        "UserPromptSubmit", project, "cc-3", prompt=f"which hosts get {WORD} canaries?"
    )
    assert WORD.encode() in run_hook(ask, agent_env).stdout
    log = write_session_log(tmp_path / "cc2.jsonl", project, "cc-2", [*turns, *OTHERS])
    run_hook(hook_input("SessionEnd", project, "cc-2", log, reason="exit"), agent_env)
    sessions = memlsp_home / PROJECT / "sessions"
    assert wait_for(lambda: sessions.is_dir() and any(sessions.glob("*.md")))
    logs = Path(agent_env["CLAUDE_CONFIG_DIR"]) / "projects" / "-shop"
    logs.mkdir(parents=True)
    write_session_log(logs / "old.jsonl", project, "cc-0", [(SECOND, "OK."), *OTHERS])
    imported = _cli(agent_env, project, "import", "claude-code", str(logs), "--json")
    assert json.loads(imported)["sessions"] == 1
    assert (memlsp_home / PROJECT / ".memlsp" / "imported-claude-code.json").is_file()

    [note] = _holding(memlsp_home, WORD)
    digest = hashlib.sha256(note.read_bytes()).hexdigest()
    _cli(agent_env, project, "forget", str(note.relative_to(memlsp_home)), "--sha256", digest)
    again = hook_input("UserPromptSubmit", project, "cc-4", prompt=f"how do {WORD} deploys work?")
    assert WORD.encode() not in run_hook(again, agent_env).stdout  # the warm daemon too

    assert copies(memlsp_home, WORD, OLD) == []
    assert list(runtime.rglob("hooks.log"))
    assert copies(runtime, WORD, OLD) == []  # hooks.log, the daemon's socket folder


def _cli(env: dict, cwd: Path, *args: str) -> str:
    return run_memlsp(cwd, *args, env=env).stdout
