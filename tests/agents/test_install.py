"""``memlsp install|uninstall claude-code`` (issue 17, acceptance 2): the round trip leaves a
settings file with other hooks and keys byte-identical; installing twice is one install;
a broken file is refused and left alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from memlsp.agents.claude_code import install

# What a person's settings look like, in Claude Code's own layout (two-space JSON): other
# hooks on the same events, a matcher group, unrelated keys, non-ASCII text.
SETTINGS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(npm run lint)", "Read(~/.zshrc)"], "deny": []},
    "env": {"GREETING": "grüß dich — 你好"},
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 5}],
            }
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "cat ~/.prompt-rules"}]}],
    },
    "statusLine": {"type": "command", "command": "~/bin/status"},
}


def cli(env: dict, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "memlsp", *args], cwd=cwd, env=env, capture_output=True, text=True
    )


@pytest.mark.parametrize("indent", [2, 4, "\t"])
def test_round_trip_leaves_the_file_byte_identical(tmp_path, indent):
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir()
    original = json.dumps(SETTINGS, indent=indent, ensure_ascii=False) + "\n"
    path.write_text(original, encoding="utf-8")

    change = install.install(path, "/opt/py/bin/python -m memlsp hook")
    assert change.changed and set(change.events) == set(install.EVENTS)
    data = json.loads(path.read_text("utf-8"))
    for event in install.EVENTS:
        commands = [h["command"] for g in data["hooks"][event] for h in g["hooks"]]
        assert commands.count("/opt/py/bin/python -m memlsp hook") == 1
    # the person's own hooks are still there, first, unchanged
    assert data["hooks"]["Stop"][0] == SETTINGS["hooks"]["Stop"][0]
    assert data["hooks"]["PreToolUse"] == SETTINGS["hooks"]["PreToolUse"]
    after_install = path.read_bytes()

    again = install.install(path, "/opt/py/bin/python -m memlsp hook")
    assert not again.changed and path.read_bytes() == after_install  # idempotent

    removed = install.uninstall(path)
    assert removed.changed
    assert path.read_text("utf-8") == original  # byte-identical
    assert not install.uninstall(path).changed


def test_install_replaces_an_older_memlsp_entry_and_creates_a_missing_file(tmp_path):
    path = tmp_path / "settings.json"
    install.install(path, "memlsp hook")
    install.install(path, "'/new venv/bin/python' -m memlsp hook")
    data = json.loads(path.read_text())
    commands = [h["command"] for g in data["hooks"]["Stop"] for h in g["hooks"]]
    assert commands == ["'/new venv/bin/python' -m memlsp hook"]
    install.uninstall(path)
    assert json.loads(path.read_text()) == {}


def test_a_lookalike_command_is_not_ours(tmp_path):
    path = tmp_path / "settings.json"
    mine = {"type": "command", "command": "echo memlsp hook is great > /dev/null; true"}
    path.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [mine]}]}}, indent=2) + "\n")
    install.install(path, "memlsp hook")
    install.uninstall(path)
    assert json.loads(path.read_text())["hooks"]["Stop"] == [{"hooks": [mine]}]


@pytest.mark.parametrize("text", ['{"hooks": ', "[1]", '{"hooks": []}', '{"hooks": {"Stop": {}}}'])
def test_a_settings_file_it_cannot_read_is_refused_and_left_alone(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    with pytest.raises(Exception) as excinfo:
        install.install(path, "memlsp hook")
    assert getattr(excinfo.value, "reason", None) == "bad-settings"
    assert path.read_text() == text
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left


def test_the_commands_write_the_user_and_project_files(agent_env, project):
    user_file = Path(agent_env["CLAUDE_CONFIG_DIR"]) / "settings.json"
    out = cli(agent_env, project, "install", "claude-code")
    assert out.returncode == 0, out.stderr
    assert "installed memlsp hooks" in out.stdout and user_file.exists()
    command = json.loads(user_file.read_text())["hooks"]["UserPromptSubmit"][0]["hooks"][0]
    assert command["command"].endswith("-m memlsp hook") and command["timeout"] == 30
    assert "already installed" in cli(agent_env, project, "install", "claude-code").stdout
    out = cli(agent_env, project, "install", "claude-code", "--project", "--rollout", "on")
    shared = json.loads((project / ".claude" / "settings.json").read_text())
    command = shared["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert command.startswith("MEMLSP_ROLLOUT=on ") and command.endswith(" -m memlsp hook")
    out = cli(agent_env, project, "uninstall", "claude-code")
    assert out.returncode == 0 and json.loads(user_file.read_text()) == {}
    bad = project / ".claude" / "settings.json"
    bad.write_text("{oops")
    out = cli(agent_env, project, "uninstall", "claude-code", "--project")
    assert out.returncode == 2 and "bad-settings" in out.stderr and bad.read_text() == "{oops"
