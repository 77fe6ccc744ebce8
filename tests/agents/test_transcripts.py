"""Transcripts in the shapes agents write (issue 17): role/content strings, content-block
lists, Claude Code session logs; ``memlsp extract`` and ``memlsp import claude-code``."""

from __future__ import annotations

import json
import random
import resource
import string
import subprocess
import sys
from pathlib import Path

from memlsp.agents.transcripts import for_extraction, last_turn, parse_lines

from .conftest import PROJECT, write_session_log

CORRECTION = "Don't use npm in this repo, we always use pnpm for installs and scripts."


def lines(*objs: dict) -> list[str]:
    return [json.dumps(o) for o in objs]


def test_strings_and_content_blocks_are_messages_and_tool_output_is_not_the_user():
    found = parse_lines(
        lines(
            {"role": "user", "content": "hello", "at": "2026-11-30T10:00:00Z"},
            {
                "role": "assistant",
                "content": [{"type": "thinking", "thinking": "hm"}, {"type": "text", "text": "hi"}],
            },
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "t",
                        "content": [{"type": "text", "text": "tool says obey"}],
                    },
                    {"type": "text", "text": "and my own words"},
                ],
            },
            {"role": "tool", "content": "raw tool output"},
        )
        + ["not json", "[]", json.dumps({"neither": 1})]
    )
    assert [(m.role, m.content) for m in found.messages] == [
        ("user", "hello"),
        ("assistant", "hi"),
        ("tool", "tool says obey"),
        ("user", "and my own words"),
        ("tool", "raw tool output"),
    ]
    assert found.skipped_lines == 3
    assert found.messages[0].at is not None


def test_a_claude_code_log_merges_reply_parts_and_leaves_out_meta_sidechain_and_summaries(tmp_path):
    log = write_session_log(
        tmp_path / "s.jsonl", tmp_path, "sess-1", [(CORRECTION, "Understood."), ("thanks", "Sure.")]
    )
    found = parse_lines(log.read_text().splitlines())
    assert found.session_id == "sess-1" and found.cwd == str(tmp_path)
    users = [m.content for m in found.messages if m.role == "user"]
    assert users == [CORRECTION, "thanks"]  # no command echo, meta, sidechain or summary
    replies = [m.content for m in found.messages if m.role == "assistant"]
    assert replies == ["Understood.", "Sure."]  # three lines of one reply, one message
    assert all("push straight" not in u for u in users)
    shaped = for_extraction(found.messages)
    assert [m.role for m in shaped] == ["user", "tool", "assistant", "user", "tool", "assistant"]
    number, turn = last_turn(found.messages, "Sure, happy to help.")
    assert number == 2
    assert turn[-1].content == "Sure, happy to help." and turn[-3].content == "thanks"


def test_memory_tool_calls_in_the_last_turn_are_counted():
    call = {"type": "tool_use", "id": "1", "name": "mcp__memlsp__remember", "input": {}}
    base = {"sessionId": "s", "cwd": "/"}
    found = parse_lines(
        lines(
            {**base, "type": "user", "message": {"role": "user", "content": "remember X"}},
            {
                **base,
                "type": "assistant",
                "message": {"id": "m", "role": "assistant", "content": [call]},
            },
        )
    )
    assert found.memory_tools == 1
    found = parse_lines(
        lines(
            {**base, "type": "user", "message": {"role": "user", "content": "remember X"}},
            {
                **base,
                "type": "assistant",
                "message": {"id": "m", "role": "assistant", "content": [call]},
            },
            {**base, "type": "user", "message": {"role": "user", "content": "next"}},
        )
    )
    assert found.memory_tools == 0


def run_cli(env: dict, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "memlsp", *args], cwd=cwd, env=env, capture_output=True, text=True
    )


def test_extract_reads_a_claude_code_log(agent_env, project, tmp_path, memlsp_home):
    log = write_session_log(tmp_path / "s.jsonl", project, "sess-2", [(CORRECTION, "OK.")])
    out = run_cli(agent_env, project, "extract", "--transcript", str(log), "--json")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["session"] == "sess-2"
    written = [p for t in result["turns"] for p in t["written"]]
    assert written and "pnpm" in (memlsp_home / written[0]).read_text()
    assert "agent: cli" in (memlsp_home / written[0]).read_text()


def test_import_claude_code_replays_once(agent_env, project, tmp_path, memlsp_home):
    logs = Path(agent_env["CLAUDE_CONFIG_DIR"]) / "projects" / "-some-project"
    logs.mkdir(parents=True)
    write_session_log(logs / "a.jsonl", project, "sess-a", [(CORRECTION, "OK.")])
    turns = [
        ("The release freeze starts on 2026-12-15 for the holidays.", "Noted."),
        ("We are migrating billing to Postgres 16 this quarter.", "OK."),
        ("Please keep the changelog in docs/changes current.", "Will do."),
    ]
    b = write_session_log(logs / "b.jsonl", project, "sess-b", turns)
    out = run_cli(agent_env, project, "import", "claude-code", str(logs.parent), "--json")
    assert out.returncode == 0, out.stderr
    first = json.loads(out.stdout)
    assert first["sessions"] == 2 and first["turns"] == 4 and first["skipped"] == 0
    assert first["written"] and first["records"]
    assert "2/2" in out.stderr  # the progress bar
    snapshot = sorted(p.read_bytes() for p in (memlsp_home / PROJECT).rglob("*.md"))

    again = json.loads(
        run_cli(agent_env, project, "import", "claude-code", str(logs.parent), "--json").stdout
    )
    assert again["sessions"] == 0 and again["skipped"] == 2 and again["written"] == []
    assert sorted(p.read_bytes() for p in (memlsp_home / PROJECT).rglob("*.md")) == snapshot

    # the session went on: only the new turn is replayed, no second session record
    with b.open("a") as f:
        f.write(
            json.dumps(
                {
                    "type": "user",
                    "sessionId": "sess-b",
                    "cwd": str(project),
                    "message": {
                        "role": "user",
                        "content": "Our on-call rotation lives in PagerDuty under team Atlas.",
                    },
                }
            )
            + "\n"
        )
    more = json.loads(run_cli(agent_env, project, "import", "claude-code", str(b), "--json").stdout)
    assert more["sessions"] == 1 and more["turns"] == 1 and more["records"] == []


def test_a_session_id_holding_a_secret_is_kept_nowhere_by_the_import(
    agent_env, project, tmp_path, memlsp_home
):
    """SPEC R8: a session log's own ``sessionId`` is the import ledger's key and the
    session's state file name; when it holds a secret, neither keeps it."""
    rng = random.Random()
    token = "gh" + "p_" + "".join(rng.choice(string.ascii_letters) for _ in range(34)) + "42"
    log = write_session_log(tmp_path / "s.jsonl", project, token, [(CORRECTION, "OK.")])
    out = run_cli(agent_env, project, "import", "claude-code", str(log), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["sessions"] == 1
    found = [
        str(p.relative_to(memlsp_home))
        for p in memlsp_home.rglob("*")
        if token in p.name or (p.is_file() and token.encode() in p.read_bytes())
    ]
    assert found == []
    again = run_cli(agent_env, project, "import", "claude-code", str(log), "--json")
    assert json.loads(again.stdout)["skipped"] == 1  # the ledger still knows the session


def test_a_transcript_past_the_size_limit_is_refused_before_it_is_read(
    agent_env, project, tmp_path
):
    """An endless input (a device, a pipe) or a huge file is refused with ``too-large``
    after at most the limit's bytes — never read whole into memory."""
    limit_as = 4 * 1024**3  # if the read were unbounded, a MemoryError, not the machine

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))

    with open("/dev/zero", "rb") as endless:
        # the device named, then the same endless bytes on standard input
        for source, stdin in (("/dev/zero", subprocess.DEVNULL), ("-", endless)):
            out = subprocess.run(
                [sys.executable, "-m", "memlsp", "extract", "--transcript", source],
                cwd=project,
                env=agent_env,
                stdin=stdin,
                capture_output=True,
                text=True,
                timeout=120,
                preexec_fn=bounded,
            )
            assert out.returncode == 2, (source, out.stderr)
            assert "[too-large]" in out.stderr and "Traceback" not in out.stderr, out.stderr
