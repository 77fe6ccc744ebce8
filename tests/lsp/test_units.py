"""In-process checks of server pieces that the wire tests cannot see directly."""

from __future__ import annotations

import pytest
from memlsp.lsp import messages
from memlsp.lsp.server import create_server
from memlsp.lsp.sessions import Sessions


def test_compacted_lets_recall_inject_again(tmp_path, monkeypatch):
    """memory/compacted reaches the core's session state (R17) through the server."""
    import asyncio

    from memlsp.core import sessions as core_sessions

    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    server = create_server()
    server.sessions.get("s1", str(tmp_path))
    recaller = server.recaller(str(tmp_path))
    core_sessions.update(recaller.home_scope, "s1", lambda st: st.injected.append("global/a.md"))
    handler = server.protocol.fm.features["memory/compacted"]
    asyncio.run(handler(messages.CompactedParams(session_id="s1")))
    state = core_sessions.load(recaller.home_scope, "s1")
    assert state.injected == [] and state.compactions == 1


def test_sessions_are_bounded():
    sessions = Sessions(limit=3)
    for i in range(10):
        sessions.get(f"s{i}")
    assert len(sessions) == 3
    assert sessions.get("s9").session_id == "s9"


def test_a_factory_with_fewer_features():
    from memlsp.lsp.features import lifecycle, requests

    server = create_server([lifecycle, requests])
    assert server.feature_names == ["lifecycle", "requests"]
    assert "memlsp.modelStatus" not in server.protocol.fm.commands


@pytest.mark.parametrize(
    ("value", "field"),
    [
        ({"sessionId": "s", "turn": True, "messages": []}, "turn"),
        ({"sessionId": "s", "turn": 1, "messages": {}}, "messages"),
        ({"sessionId": "s", "turn": 1}, "messages"),
    ],
)
def test_strict_structuring_names_the_field(value, field):
    with pytest.raises(messages.WireError) as excinfo:
        messages.structure(value, messages.TurnCompletedParams)
    assert excinfo.value.field == field


def test_unknown_fields_are_ignored_and_empty_array_means_no_params():
    p = messages.structure({"scope": "global", "future": 1}, messages.ListParams)
    assert p.scope == "global"
    assert messages.structure([], messages.StatusParams) == messages.StatusParams()
