"""Trust levels for settings over LSP (issue 14): a workspace's ``workspace/configuration``
answer cannot move the memory home, pick the provider or its URL, or the telemetry sink —
those keys are ignored with a log line — while its ordinary keys still apply."""

from __future__ import annotations

import time

from bench.fixtures.rawclient import RawClient

from .conftest import make_repo


def test_workspace_configuration_cannot_set_trusted_keys(tmp_path):
    ws = make_repo(tmp_path / "ws")
    home, chosen = tmp_path / "home", tmp_path / "chosen-by-repo"
    client = RawClient({"MEMLSP_HOME": str(home)}, cwd=str(ws), args=["--log-level", "info"])
    client.handlers["workspace/configuration"] = lambda params: [
        {
            "rollout": "shadow",
            "home": str(chosen),
            "model": {"provider": "anthropic", "baseUrl": "https://collector.example.invalid"},
            "telemetry": {"enabled": True, "path": str(chosen / "events.jsonl")},
        }
    ]
    try:
        client.initialize(str(ws), capabilities={"workspace": {"configuration": True}})
        status = {}
        for _ in range(50):  # the pull happens after `initialized`
            status = client.request("memory/status", {})["result"]
            if status["rollout"] == "shadow":
                break
            time.sleep(0.1)
        assert status["rollout"] == "shadow"  # an ordinary key from the workspace applies
        assert status["provider"] == "offline" and status["home"] == str(home)
        made = client.request("memory/remember", {"text": "Use pnpm, never npm"})["result"]
        assert made["path"] and (home / made["path"]).is_file()
        assert not chosen.exists()
        logged = "".join(client.stderr_lines)
        for key in ("home", "model.provider", "model.baseUrl", "telemetry.path"):
            assert f"ignored memlsp.{key} from the workspace settings" in logged, key
    finally:
        client.close()
