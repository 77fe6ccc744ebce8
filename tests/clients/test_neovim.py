"""Neovim 0.7 as a second real client (SPEC R33; acceptance 2 of the language-server issue).

Runs ``nvim --headless`` with tests/clients/nvim_check.lua — the configuration documented in
docs/howto/neovim.md (``vim.lsp.start_client`` + ``buf_attach_client``, ``settings``
answering workspace/configuration, a ``memory/complete`` handler) — and checks what it saw:
initialize, settings pulled, session start, remember, list, a turn with extraction and
recall on the next turn, and a
server->client ``memory/complete`` answered by the Neovim handler.

Skips with a reason when ``nvim`` is not installed (``scripts/ci-deps.sh`` installs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..lsp.conftest import PROJECT, make_repo

NVIM = shutil.which("nvim")
CHECK = Path(__file__).with_name("nvim_check.lua")

pytestmark = pytest.mark.skipif(
    NVIM is None, reason="nvim is not installed (run scripts/ci-deps.sh: apt-get install neovim)"
)


def run_nvim(tmp_path: Path) -> dict:
    ws = make_repo(tmp_path / "shop")
    (ws / "notes.md").write_text("# scratch\n")
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "MEMLSP_HOME": str(tmp_path / "home"),
        "MEMLSP_PYTHON": sys.executable,
        "MEMLSP_NVIM_OUT": str(out),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg" / "config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg" / "data"),
        "XDG_STATE_HOME": str(tmp_path / "xdg" / "state"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg" / "cache"),
    }
    env.pop("MEMLSP_ROLLOUT", None)
    proc = subprocess.run(
        [
            NVIM,
            "--headless",
            "--clean",
            "-n",
            "-i",
            "NONE",
            "-u",
            "NONE",
            "-S",
            str(CHECK),
            "notes.md",
        ],
        cwd=ws,
        env=env,
        capture_output=True,
        timeout=180,
    )
    assert out.exists(), proc.stderr.decode(errors="replace")[-2000:]
    data = json.loads(out.read_text())
    assert proc.returncode == 0, data.get("error") or proc.stderr.decode(errors="replace")[-2000:]
    return data


def test_neovim_drives_the_memory_protocol(tmp_path):
    data = run_nvim(tmp_path)
    assert data["initialized"] is True
    status = data["status"]["result"]
    assert status["rollout"] == "on", "the settings pushed in on_init were applied"
    assert status["provider"] == "editor"

    assert data["sessionStarted"]["result"]["rollout"] == "on"
    remembered = data["remember"]["result"]
    assert remembered["action"] == "created" and remembered["path"].startswith(PROJECT)
    listed = data["list"]["result"]["entries"]
    assert [e["path"] for e in listed] == [remembered["path"]]
    assert "Never force-push to main" in data["sessionStarted2"]["result"]["index"]

    # memory/complete, sent by the server, answered by the Neovim handler.
    model = data["modelStatus"]["result"]
    assert model["reachable"] is True and model["reply"] == "OK from neovim"
    assert any(c["maxTokens"] == 8 for c in data["completes"]), data["completes"]

    # A turn with extraction (the editor provider's prompt goes through the same handler),
    # then recall on the next turn returns the extracted note.
    job = data["turnCompleted"]["result"]["jobId"]
    assert data["jobFinished"] is True, data["jobs"]
    states = [j["state"] for j in data["jobs"] if j["jobId"] == job]
    assert states == ["queued", "running", "done"], data["jobs"]
    extracted = [
        e
        for e in data["listAfterTurn"]["result"]["entries"]
        if "Tuesday" in e["description"] and e["path"] != remembered["path"]
    ]
    assert len(extracted) == 1, data["listAfterTurn"]
    assert extracted[0]["path"].startswith(f"{PROJECT}/inbox/")
    recall = data["recall"]["result"]
    assert extracted[0]["path"] in [m["path"] for m in recall["memories"]], recall
    assert "Tuesday" in recall["reminder"]
