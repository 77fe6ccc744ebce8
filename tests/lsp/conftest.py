"""Shared set-up of the language-server tests: a real git workspace, a fresh memory home,
and a pytest-lsp client started over stdio with a chosen set of client capabilities.

Two client profiles run the protocol suite: ``vscode`` (VS Code's real capabilities, plus
the ``experimental.memlsp.complete`` opt-in our VS Code client sends) and ``minimal`` (no
work-done progress, no workspace/configuration, nothing experimental).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsprotocol import types
from pytest_lsp import client_capabilities
from pytest_lsp.client import LanguageClient, make_test_lsp_client

SERVER_CMD = [sys.executable, "-m", "memlsp.cli.main", "serve", "--stdio"]
ORIGIN = "git@github.com:example/shop.git"
PROJECT = "projects/github.com/example/shop"


def make_repo(root: Path, origin: str = ORIGIN) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "remote", "add", "origin", origin], check=True)
    return root


def capabilities(profile: str) -> types.ClientCapabilities:
    if profile == "minimal":
        return types.ClientCapabilities()
    caps = client_capabilities("visual-studio-code")
    caps.experimental = {"memlsp": {"complete": True}}
    return caps


@dataclass
class Harness:
    client: LanguageClient
    profile: str
    home: Path
    workspace: Path
    job_status: list[Any] = field(default_factory=list)
    notes_changed: list[Any] = field(default_factory=list)
    completes: list[Any] = field(default_factory=list)
    complete_delay: float = 0.0
    complete_error: bool = False
    init_result: Any = None

    async def request(self, method: str, params: Any = None) -> Any:
        return await self.client.protocol.send_request_async(method, params)

    async def wait_job(self, job_id: str, timeout: float = 15.0) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for status in self.job_status:
                if status.jobId == job_id and status.state in ("done", "failed", "cancelled"):
                    return status
            await asyncio.sleep(0.02)
        raise TimeoutError(f"job {job_id} did not finish")

    async def eventually(self, fn, timeout: float = 10.0):
        deadline = time.monotonic() + timeout
        while True:
            value = await fn()
            if value or time.monotonic() > deadline:
                return value
            await asyncio.sleep(0.05)

    def states(self, job_id: str) -> list[str]:
        return [s.state for s in self.job_status if s.jobId == job_id]


async def start_harness(
    tmp: Path,
    profile: str,
    *,
    init_options: dict | None = None,
    configuration: dict | None = None,
    env: dict | None = None,
) -> Harness:
    home = tmp / "home"
    workspace = make_repo(tmp / "shop")
    client = make_test_lsp_client()
    harness = Harness(client=client, profile=profile, home=home, workspace=workspace)

    @client.feature("memory/jobStatus")
    def on_job_status(ls, params):
        harness.job_status.append(params)

    @client.feature("memory/notesChanged")
    def on_notes_changed(ls, params):
        harness.notes_changed.append(params)

    @client.feature("memory/complete")
    async def on_complete(ls, params):
        harness.completes.append(params)
        if harness.complete_delay:
            await asyncio.sleep(harness.complete_delay)
        if harness.complete_error:
            raise RuntimeError("the editor's model is switched off")
        return {"text": "OK"}

    @client.feature("client/registerCapability")
    def on_register(ls, params):
        return None

    if configuration is not None:
        client.set_configuration(configuration)
    server_env = {
        **os.environ,
        "MEMLSP_HOME": str(home),
        "XDG_DATA_HOME": str(tmp / "xdg"),
        **(env or {}),
    }
    server_env.pop("MEMLSP_ROLLOUT", None)
    await client.start_io(*SERVER_CMD, env=server_env, cwd=str(workspace))
    harness.init_result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(profile),
            root_uri=workspace.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="shop")],
            initialization_options=init_options,
        )
    )
    return harness


async def stop_harness(harness: Harness) -> None:
    try:
        await asyncio.wait_for(harness.client.shutdown_session(), 10)
    finally:
        await harness.client.stop()


def error_reason(excinfo) -> str | None:
    data = getattr(excinfo.value, "data", None)
    if isinstance(data, dict):
        return data.get("reason")
    return getattr(data, "reason", None)


def folder_in_place_of(index: Path) -> None:
    """Replace ``index`` (a MEMORY.md) with a folder, so writing it fails; the server's
    watcher may write the file again between the two steps, hence the retries."""
    for _ in range(20):
        index.unlink(missing_ok=True)
        try:
            index.mkdir()
            return
        except FileExistsError:
            continue
    raise AssertionError(f"{index} kept coming back")
