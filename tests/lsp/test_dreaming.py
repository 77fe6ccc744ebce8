"""The automatic dream in the server (SPEC R13, R25): the gate is checked at start-up and a
due scope gets a dream job; at rollout ``off`` nothing runs."""

from __future__ import annotations

import json

import pytest
from memlsp.core.notes import Note
from memlsp.core.store import Scope, Store

from .conftest import PROJECT, start_harness, stop_harness


def plant_due_scope(home) -> Scope:
    """A project scope with an inbox observation and 5 sessions ended since no dream."""
    store = Store(home)
    scope = store.ensure_scope(Scope("project", PROJECT, home / PROJECT))
    store.write_note(
        scope,
        Note("deploy-window", "Deploys happen on Tuesdays and Thursdays", "project", "Team rule."),
    )
    (scope.state_dir / "state.json").write_text(json.dumps({"sessions_since_dream": 5}))
    return scope


@pytest.mark.parametrize(("rollout", "dreams"), [("on", True), ("off", False)])
async def test_a_due_scope_dreams_at_start_up(tmp_path, rollout, dreams):
    scope = plant_due_scope(tmp_path / "home")
    h = await start_harness(tmp_path, "vscode", init_options={"rollout": rollout})
    try:

        async def dream_done():
            return [s for s in h.job_status if s.kind == "dream" and s.state == "done"]

        done = await h.eventually(dream_done, timeout=20 if dreams else 3)
        if dreams:
            assert done, [(s.kind, s.state, s.message) for s in h.job_status]
            assert not list((scope.root / "inbox").glob("*.md"))  # folded into a topic note
            assert (scope.root / "deploy-window.md").exists()
            state = json.loads((scope.state_dir / "state.json").read_text())
            assert state.get("last_dream")
        else:
            assert not done and not [s for s in h.job_status if s.kind == "dream"]
            assert (scope.root / "inbox" / "deploy-window.md").exists()
    finally:
        await stop_harness(h)
