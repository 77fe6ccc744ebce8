"""Managed ``off`` on every LSP method and command (issue 14, acceptance 4), generated from
the registries: every method the server registers (``memory/*`` from
:data:`memlsp.lsp.messages.METHODS`, the standard ones its features handle) and every
``workspace/executeCommand`` command must have a case below — a new one fails the test
until it has — and under a managed file saying ``off`` (with ``rollout: on`` asked by the
editor) each is refused with ``managed-off`` or only reads: 0 bytes of the memory home
change, from start-up to exit. Forget is the documented exception (SPEC R26), tested by the
CLI suite; here it only has to keep its own refusals."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

from memlsp.lsp import messages
from memlsp.lsp.server import create_server

from bench.fixtures.rawclient import RawClient

from ..homes import changes, managed_off, snapshot
from .conftest import make_repo

LIFECYCLE = {"initialize", "initialized", "shutdown", "exit"}
REFUSED, ANSWERED, NOTIFIED = "refused", "answered", "notified"
TURN = [
    {"role": "user", "content": "From now on always use pnpm in this repo, never npm."},
    {"role": "assistant", "content": "Understood: pnpm only."},
]


def cases(note: str, note_uri: str, ws: Path, sha: str) -> dict[str, tuple[object, str]]:
    """method or command -> (params or command arguments, expected outcome)."""
    doc = {"uri": note_uri}
    return {
        "memory/sessionStarted": ({"sessionId": "s1"}, ANSWERED),
        "memory/recall": ({"sessionId": "s1", "message": "which package manager?"}, ANSWERED),
        "memory/turnCompleted": ({"sessionId": "s1", "turn": 1, "messages": TURN}, ANSWERED),
        "memory/compacted": ({"sessionId": "s1"}, NOTIFIED),
        "memory/sessionEnded": ({"sessionId": "s1", "messages": TURN * 3}, ANSWERED),
        "memory/remember": ({"text": "Prefer ruff to flake8", "type": "feedback"}, REFUSED),
        "memory/list": ({}, ANSWERED),
        "memory/read": ({"path": note}, ANSWERED),
        "memory/forget": ({"path": note, "sha256": "0" * 64}, ANSWERED),  # stale-hash
        "memory/dream": ({"force": True}, REFUSED),
        "memory/status": ({}, ANSWERED),
        "memory/reindex": ({}, REFUSED),
        "memory/cancelJob": ({"jobId": "none"}, ANSWERED),
        "memory/review": ({}, ANSWERED),
        "memory/reviewDecide": ({"id": "0123456789ab", "decision": "accept"}, REFUSED),
        "textDocument/codeAction": (
            {
                "textDocument": doc,
                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}},
                "context": {"diagnostics": []},
            },
            ANSWERED,
        ),
        "textDocument/hover": (
            {"textDocument": doc, "position": {"line": 5, "character": 2}},
            ANSWERED,
        ),
        "textDocument/didSave": ({"textDocument": doc}, NOTIFIED),
        "workspace/didChangeConfiguration": ({"settings": {"rollout": "on"}}, NOTIFIED),
        "workspace/didChangeWatchedFiles": ({"changes": [{"uri": note_uri, "type": 2}]}, NOTIFIED),
        "workspace/didRenameFiles": (
            {"files": [{"oldUri": f"file://{ws}/a.py", "newUri": f"file://{ws}/b.py"}]},
            NOTIFIED,
        ),
        "memlsp.fixCitation": (
            [{"note": note, "sha256": sha, "code": "missing-file", "line": 1, "character": 0}],
            REFUSED,
        ),
        "memlsp.forgetNote": ([{"path": note, "sha256": "0" * 64}], ANSWERED),  # stale-hash
        "memlsp.modelStatus": ([], ANSWERED),
        "memlsp.recheckCitations": ([], ANSWERED),  # reads the workspace, writes no note
    }


def registered() -> set[str]:
    server = create_server()
    methods = set(server.protocol.fm.features) | set(server.protocol.fm.commands)
    custom = {n for n, m in messages.METHODS.items() if m.direction == "client->server"}
    assert custom <= methods, "every memory/* method of the registry is served"
    return methods - LIFECYCLE


def test_every_method_and_command_writes_nothing_under_managed_off(tmp_path):
    ws = make_repo(tmp_path / "ws")
    home = tmp_path / "home"
    env = {"MEMLSP_HOME": str(home)}
    made = subprocess.run(
        [sys.executable, "-m", "memlsp", "remember", "Run `make lint` before pushing"],
        cwd=ws,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert made.returncode == 0, made.stderr
    note = made.stdout.split(": ", 1)[1].strip()
    sha = hashlib.sha256((home / note).read_bytes()).hexdigest()
    table = cases(note, (home / note).as_uri(), ws, sha)
    assert set(table) == registered(), "a new method or command needs a case here"

    before = snapshot(home)
    env["MEMLSP_MANAGED_SETTINGS"] = str(managed_off(tmp_path))
    client = RawClient(env, cwd=str(ws))
    try:
        client.initialize(str(ws), options={"rollout": "on"})
        for name, (params, expected) in table.items():
            if name.startswith("memlsp."):
                reply = client.request(
                    "workspace/executeCommand", {"command": name, "arguments": params}, timeout=30
                )
            elif expected == NOTIFIED:
                client.notify(name, params)
                reply = client.request("memory/status", {}, timeout=30)  # a round trip after
            else:
                reply = client.request(name, params, timeout=30)
            if expected == REFUSED:
                assert reply.get("error", {}).get("data", {}).get("reason") == "managed-off", (
                    name,
                    reply,
                )
            else:
                assert "result" in reply or reply["error"]["data"]["reason"] != "internal", reply
            assert changes(before, snapshot(home)) == [], name
        time.sleep(0.5)  # anything a background job would still write
        client.request("shutdown", timeout=10)
        client.notify("exit")
        assert client.proc.wait(10) == 0
    finally:
        client.close()
    assert changes(before, snapshot(home)) == []
    assert not any("Traceback" in line for line in client.stderr_lines)
