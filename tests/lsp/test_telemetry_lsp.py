"""Telemetry from the server (SPEC R27): the local sink when enabled, and LSP
``telemetry/event`` only when the editor's own telemetry is on as well."""

from __future__ import annotations

import asyncio
import json

import pytest

from .conftest import start_harness, stop_harness


@pytest.mark.parametrize(
    ("telemetry", "forwarded", "sunk"),
    [
        ({"enabled": True, "editorEnabled": True}, True, True),
        ({"enabled": True, "editorEnabled": False}, False, True),
        ({"enabled": False, "editorEnabled": True}, False, False),
    ],
)
async def test_events_go_where_the_switches_allow(tmp_path, telemetry, forwarded, sunk):
    canary = "canary-7f3a9-telemetry-text"
    h = await start_harness(
        tmp_path, "vscode", init_options={"rollout": "on", "telemetry": telemetry}
    )
    events: list = []
    h.client.feature("telemetry/event")(lambda ls, params: events.append(params))
    try:
        res = await h.request("memory/remember", {"text": f"Deploys need two approvals {canary}"})
        assert res.path
        await asyncio.sleep(0.5)
    finally:
        await stop_harness(h)
    sink = tmp_path / "home" / ".telemetry" / "events.jsonl"
    lines = sink.read_text().splitlines() if sink.exists() else []
    assert bool([e for e in lines if "remember.completed" in e]) is sunk
    names = [
        getattr(e, "event", None) or (e.get("event") if isinstance(e, dict) else None)
        for e in events
    ]
    assert bool(events) is forwarded, names
    assert canary not in sink.read_text() if sink.exists() else True
    assert all(canary not in json.dumps(e if isinstance(e, dict) else e._asdict()) for e in events)
