"""A server assembled from any one feature or any two either works or is refused at
construction — never an internal error at the first request (issue 13)."""

from __future__ import annotations

import asyncio
import itertools
import os
import sys

import pytest
from lsprotocol import types
from memlsp.lsp.server import FeatureError, create_server, default_features, features_named
from pytest_lsp.client import make_test_lsp_client

from .conftest import make_repo

NAMES = [m.__name__.rsplit(".", 1)[-1] for m in default_features()]
SETS = [(n,) for n in NAMES] + list(itertools.combinations(NAMES, 2))
LAUNCH = (
    "import sys; from memlsp.lsp.server import create_server, features_named; "
    "create_server(features_named(sys.argv[1:])).start_io()"
)

# Minimal, valid params of each custom request; some name things that do not exist, so a
# typed refusal (not-found, unknown-job) is a working answer too.
CALLS = {
    "memory/sessionStarted": {"sessionId": "s1"},
    "memory/recall": {"sessionId": "s1", "message": "how do I install the deps?"},
    "memory/turnCompleted": {
        "sessionId": "s1",
        "turn": 1,
        "messages": [{"role": "user", "content": "Use pnpm, not npm, in this repo."}],
    },
    "memory/sessionEnded": {"sessionId": "s1", "messages": []},
    "memory/remember": {"text": "Deploys stop on Fridays after 15:00"},
    "memory/list": {},
    "memory/read": {"path": "global/nothing-here.md"},
    "memory/forget": {"path": "global/nothing-here.md", "sha256": "0" * 64},
    "memory/dream": {"dryRun": True, "force": True},
    "memory/status": {},
    "memory/reindex": {},
    "memory/cancelJob": {"jobId": "no-such-job"},
}


def test_sets_cover_every_feature_alone_and_every_pair():
    assert len(SETS) == len(NAMES) + len(NAMES) * (len(NAMES) - 1) // 2


def _works_or_refused(names: tuple[str, ...]) -> bool:
    try:
        create_server(features_named(names))
    except FeatureError as exc:
        assert any(n in str(exc) for n in NAMES), exc
        return False
    return True


def test_a_refusal_says_what_is_missing():
    with pytest.raises(FeatureError, match="'hover' needs 'lifecycle', 'diagnostics'"):
        create_server(features_named(["hover"]))
    with pytest.raises(FeatureError, match="unknown feature"):
        features_named(["telepathy"])


async def _exercise(names: tuple[str, ...], tmp_path) -> list[str]:
    """Start the server with ``names`` over stdio, call every method it registered and
    every command it offers; returns the failures (internal errors, hangs)."""
    workspace = make_repo(tmp_path / "shop")
    client = make_test_lsp_client()
    for method in ("memory/jobStatus", "memory/notesChanged", "client/registerCapability"):
        client.feature(method)(lambda ls, params: None)
    env = {**os.environ, "MEMLSP_HOME": str(tmp_path / "home"), "MEMLSP_ROLLOUT": "on"}
    await client.start_io(sys.executable, "-c", LAUNCH, *names, env=env, cwd=str(workspace))
    failures: list[str] = []
    try:
        result = await client.initialize_session(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=workspace.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="shop")],
            )
        )
        offered = (result.capabilities.experimental or {}).get("memlsp", {})
        for method in offered.get("methods", []):
            if method not in CALLS:
                continue
            try:
                await asyncio.wait_for(
                    client.protocol.send_request_async(method, CALLS[method]), 20
                )
            except TimeoutError:
                failures.append(f"{method}: no answer in 20 s")
            except Exception as exc:  # noqa: BLE001 - a typed refusal is an answer
                data = getattr(exc, "data", None) or {}
                reason = data.get("reason") if isinstance(data, dict) else None
                if reason in (None, "internal"):
                    failures.append(f"{method}: {exc}")
        for command in offered.get("commands", []):
            if command.startswith("memlsp.") and command.endswith("Status"):
                await client.workspace_execute_command_async(
                    types.ExecuteCommandParams(command=command)
                )
        if "requests" in names:
            client.protocol.notify("memory/compacted", {"sessionId": "s1"})
    finally:
        await asyncio.wait_for(client.shutdown_session(), 60)
        await client.stop()
    return failures


@pytest.mark.parametrize("names", SETS, ids=["+".join(s) for s in SETS])
async def test_each_set_works_or_is_refused_at_construction(names, tmp_path):
    if not _works_or_refused(names):
        return
    assert await _exercise(names, tmp_path) == []
