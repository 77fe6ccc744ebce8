"""A language server opened on a folder whose project has no memory yet (SPEC R1, R3, R15,
R29): its start-up — the citation check and its symbol index, the recall warm-up, the
watcher — and a chat session read the global notes and create nothing for the project in
the memory home; its first write does."""

from __future__ import annotations

from memlsp.core.remember import remember
from memlsp.core.store import Store

from .conftest import PROJECT, start_harness, stop_harness


async def test_a_folder_without_memory_gets_no_project_until_a_write(tmp_path):
    store = Store(tmp_path / "home")
    glob = store.ensure_scope(store.global_scope())
    remember(store, glob, "Deploys run on Tuesdays only, see `tool.py`", type_="project")
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "tool.py").write_text("def main():\n    return 0\n", encoding="utf-8")
    options = {"rollout": "on", "recall": {"embedder": "hashing", "minScore": 0.05}}
    h = await start_harness(tmp_path, "vscode", init_options=options)
    try:

        async def warmed():
            return any("recall warmed up" in m.message for m in h.client.log_messages)

        assert await h.eventually(warmed, timeout=60), "the warm-up ran (after the diagnostics)"
        started = await h.request("memory/sessionStarted", {"sessionId": "s1"})
        assert "Deploys run on Tuesdays" in started.index
        got = await h.request(
            "memory/recall", {"sessionId": "s1", "message": "when do deploys run?"}
        )
        assert [m.scope for m in got.memories] == ["global"]
        assert not (h.home / "projects").exists()
        await h.request("memory/remember", {"text": "Our on-call rota lives in the ops wiki"})
        assert (h.home / PROJECT / "MEMORY.md").is_file()
    finally:
        await stop_harness(h)
