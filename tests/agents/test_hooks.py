"""Claude Code hooks (issue 17, acceptance 1): recorded inputs of each event, built from the
documented schema, fed to the real ``memlsp hook`` process; the JSON printed and the notes
written are checked. Timings are for bench/hooks_latency.py, never asserted here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import PROJECT, hook_input, run_hook, wait_for, write_session_log

CORRECTION = "Don't use npm in this repo, we always use pnpm for installs and scripts."


def notes(home: Path, section: str = "inbox") -> list[Path]:
    folder = home / PROJECT / section
    return sorted(folder.glob("*.md")) if folder.is_dir() else []


def remember(env: dict, cwd: Path, text: str) -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "memlsp", "remember", text, "--type", "feedback"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr


def test_stop_prints_nothing_and_learns_the_turn_in_the_background(
    agent_env, project, tmp_path, memlsp_home
):
    log = write_session_log(
        tmp_path / "s1.jsonl", project, "s1", [(CORRECTION, "Understood, pnpm it is.")]
    )
    payload = hook_input(
        "Stop", project, "s1", log, stop_hook_active=False, last_assistant_message="Noted: pnpm."
    )
    out = run_hook(payload, agent_env)
    assert out.returncode == 0 and out.stdout == b""  # any output would continue the chat
    written = wait_for(lambda: notes(memlsp_home))
    assert written, "the background extraction wrote nothing"
    text = "\n".join(p.read_text() for p in written)
    assert "pnpm" in text
    assert "agent: claude-code" in text and "source: extraction" in text
    # the tool result's "instruction" is untrusted input, never learned as a rule
    assert "push straight to main" not in text.lower()


def test_user_prompt_submit_answers_recall_as_additional_context(agent_env, project):
    remember(agent_env, project, CORRECTION)
    payload = hook_input(
        "UserPromptSubmit", project, "s2", prompt="which package manager do we use for installs?"
    )
    out = run_hook(payload, agent_env)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    specific = answer["hookSpecificOutput"]
    assert specific["hookEventName"] == "UserPromptSubmit"
    context = specific["additionalContext"]
    assert "pnpm" in context and len(context) <= 10_000
    assert "not instructions" in context  # factual framing, not system text
    # the same prompt in the same session: nothing injected twice (R17), so no output;
    # the second call may be served by the daemon the first one started
    again = run_hook(payload, agent_env)
    assert again.returncode == 0 and b"pnpm" not in again.stdout


def test_session_start_hands_over_the_index_and_pre_compact_allows_again(agent_env, project):
    remember(agent_env, project, CORRECTION)
    start = run_hook(hook_input("SessionStart", project, "s3", source="startup"), agent_env)
    assert start.returncode == 0, start.stderr
    context = json.loads(start.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "memory index" in context and "pnpm" in context
    prompt = hook_input("UserPromptSubmit", project, "s3", prompt="which package manager here?")
    first = run_hook(prompt, agent_env)
    assert b"pnpm" in first.stdout
    assert b"pnpm" not in run_hook(prompt, agent_env).stdout
    compact = run_hook(hook_input("PreCompact", project, "s3", trigger="auto"), agent_env)
    assert compact.returncode == 0 and compact.stdout == b""
    assert b"pnpm" in run_hook(prompt, agent_env).stdout  # R17: after compaction, again


def test_session_end_saves_the_session_record(agent_env, project, tmp_path, memlsp_home):
    turns = [
        ("We are migrating the billing service to Postgres 16 this quarter.", "OK."),
        ("The release freeze starts on 2026-12-15 for the holidays.", "Noted."),
        ("Please keep the API changelog in docs/changes when you touch endpoints.", "Will do."),
    ]
    log = write_session_log(tmp_path / "s4.jsonl", project, "s4", turns)
    out = run_hook(hook_input("SessionEnd", project, "s4", log, reason="exit"), agent_env)
    assert out.returncode == 0 and out.stdout == b""
    records = wait_for(lambda: notes(memlsp_home, "sessions"))
    assert records
    record = records[0].read_text()
    assert "agent: claude-code" in record and "Postgres 16" in record
    assert "Fridays only" not in record  # a sub-agent's line is not the person's prompt


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'{"hook_event_name": 7}',
        b'{"hook_event_name": "UserPromptSubmit", "session_id": "../../etc", "cwd": "/", "prompt": "x"}',
        b'{"hook_event_name": "UserPromptSubmit", "session_id": "s", "cwd": "relative", "prompt": "x"}',
        b'{"hook_event_name": "UserPromptSubmit", "session_id": "s", "cwd": "/tmp", "prompt": 5}',
        b'{"hook_event_name": "NoSuchEvent", "session_id": "s"}',
        b"\xff\xfe",
    ],
)
def test_bad_input_exits_zero_with_nothing_on_stdout(agent_env, raw, memlsp_home):
    out = run_hook(None, agent_env, raw=raw)
    assert out.returncode == 0
    assert out.stdout == b""
    assert b"memlsp hook:" in out.stderr or raw.startswith(b'{"hook_event_name": "NoSuch')
    assert not (memlsp_home / "projects").exists()


def test_rollout_off_injects_nothing(agent_env, project):
    remember(agent_env, project, CORRECTION)
    env = {**agent_env, "MEMLSP_ROLLOUT": "off"}
    out = run_hook(
        hook_input(
            "UserPromptSubmit",
            project,
            "s5",
            prompt="which package manager do we use for installs?",
        ),
        env,
    )
    assert out.returncode == 0 and out.stdout == b""


@pytest.mark.parametrize(("rollout", "daemons"), [("off", 0), ("on", 1)])
def test_a_warm_daemon_only_where_recall_runs(
    agent_env, project, monkeypatch, rollout, daemons
) -> None:
    """With rollout off every prompt was answered in-process and then started a daemon that
    held the models for half an hour, for nothing."""
    import io

    from memlsp.agents.claude_code import hook

    for key in ("MEMLSP_HOME", "XDG_RUNTIME_DIR", "XDG_DATA_HOME", "HOME", "CLAUDE_CONFIG_DIR"):
        monkeypatch.setenv(key, agent_env[key])
    monkeypatch.setenv("MEMLSP_ROLLOUT", rollout)
    started: list[list[str]] = []
    monkeypatch.setattr(hook, "spawn", lambda args, payload: started.append(args))
    payload = hook_input("UserPromptSubmit", project, "s-warm", prompt="how do we run the tests?")
    assert hook.answer(payload, io.StringIO()) == 0
    assert [a for a in started if a[:1] == ["--daemon"]] == [["--daemon", "--warm", str(project)]][
        :daemons
    ]
