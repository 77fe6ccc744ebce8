"""Issue 19: what the server publishes first at start-up, over the real server (stdio).

The start-up check publishes the file-level findings (cited files that do not exist) as soon
as the notes are read, before the symbol pass; the full diagnostics follow, sent only for
the notes whose diagnostics changed. The recall warm-up waits for the first diagnostics and
still happens.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from memlsp.core.store import Store

from bench.fixtures.citation_repo import committed_repo, write
from bench.fixtures.editor import Editor

SOURCES = {
    "src/billing.py": "def charge(amount):\n    return amount\n\n\nclass Invoice:\n    pass\n",
    "web/client.ts": "export function send(x: number): number {\n  return x;\n}\n",
}

MIXED = """---
name: mixed
description: a missing file, a live call, a missing method
type: project
---
The retry lives in `src/retry.py` now.
Charging goes through `charge()` in `src/billing.py`.
It used to call `Invoice.refund` before.
"""

SYMBOL_ONLY = """---
name: symbols
description: only a missing symbol
type: project
---
The client calls `send_later()` in `web/client.ts`.
"""

FILE_ONLY = """---
name: files
description: only a missing file
type: project
---
Configuration was read from `config/loader.py`.
"""

LIVE = """---
name: live
description: nothing stale
type: project
---
Sending is `send()` in `web/client.ts`.
"""


@pytest.fixture
def workspace(tmp_path) -> tuple[Path, Path, dict]:
    repo = committed_repo(tmp_path / "repo", SOURCES)
    home = tmp_path / "home"
    store = Store(home)
    scope = store.ensure_scope(store.project_scope(repo))
    uris = {}
    for name, text in (
        ("mixed", MIXED),
        ("symbols", SYMBOL_ONLY),
        ("files", FILE_ONLY),
        ("live", LIVE),
    ):
        write(scope.root / f"{name}.md", text)
        uris[name] = (scope.root / f"{name}.md").as_uri()
    store.rebuild_index(scope)
    env = {
        **os.environ,
        "MEMLSP_HOME": str(home),
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
    }
    env.pop("MEMLSP_ROLLOUT", None)
    return repo, env, uris


async def until(predicate, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def publishes(editor: Editor, uri: str) -> list[tuple[str, ...]]:
    return [m[2] for m in editor.messages if m[0] == "diagnostics" and m[1] == uri]


async def test_missing_files_are_published_before_the_symbol_pass(workspace):
    repo, env, uris = workspace
    editor = Editor()
    try:
        await editor.start(repo, env)
        assert await until(lambda: "full check" in editor.phases)
        logs = editor.logs()
        first = next(i for i, m in enumerate(editor.messages) if m[0] == "diagnostics")
        report = next(i for i, m in enumerate(editor.messages) if "first report" in str(m))
        full = next(i for i, m in enumerate(editor.messages) if "full check" in str(m))
        assert report < full
        # the first publish comes from the file-level report, before the full check ended
        assert first < full
        assert any("first report" in line and "extract" in line for line in logs)

        mixed = publishes(editor, uris["mixed"])
        assert mixed[0] == ("stale-file",)  # the file finding alone: no symbol index yet
        assert mixed[-1] == ("stale-file", "stale-symbol")
        assert len(mixed) == 2
        # a note with only a missing file is complete at once, and not sent again
        assert publishes(editor, uris["files"]) == [("stale-file",)]
        # a note with only a missing symbol appears with the full check, once
        assert publishes(editor, uris["symbols"]) == [("stale-symbol",)]
        assert publishes(editor, uris["live"]) == []

        # the symbol pass's publishes came after every file-level one
        codes = [m[2] for m in editor.messages if m[0] == "diagnostics"]
        last_file_level = max(i for i, c in enumerate(codes) if "stale-symbol" not in c)
        first_symbol = min(i for i, c in enumerate(codes) if "stale-symbol" in c)
        assert last_file_level < first_symbol
    finally:
        await editor.stop()


async def test_a_second_start_from_the_cached_index_publishes_the_same(workspace):
    repo, env, uris = workspace
    finals = []
    for _ in range(2):
        editor = Editor()
        try:
            await editor.start(repo, env)
            assert await until(lambda editor=editor: "full check" in editor.phases)
            finals.append({name: publishes(editor, uri)[-1:] for name, uri in uris.items()})
            phases = editor.phases["full check"]
        finally:
            await editor.stop()
    assert finals[0] == finals[1]
    assert finals[1]["mixed"] == [("stale-file", "stale-symbol")]
    assert "symbols" in phases  # the second start loaded the persisted index


async def test_the_recall_warm_up_waits_for_the_first_diagnostics_and_happens(workspace):
    repo, env, uris = workspace
    editor = Editor()
    try:
        await editor.start(repo, env, init_options={"rollout": "on"})
        assert await until(
            lambda: any("recall warmed up" in line for line in editor.logs()), timeout=120
        ), editor.logs()
        first = next(i for i, m in enumerate(editor.messages) if m[0] == "diagnostics")
        warmed = next(i for i, m in enumerate(editor.messages) if "recall warmed up" in str(m))
        assert first < warmed
    finally:
        await editor.stop()
