"""Forget audit, the language server over stdio (SPEC R24; docs/explanation/forget.md): a
note remembered, edited, recalled, hovered, quoted by a session record and diagnosed through
a real ``memlsp serve`` is forgotten with ``memory/forget`` while the server keeps running;
then one more recall on the same server. No byte of the home may still hold the note's
distinctive word, nor the word only its first version held — while the server runs and
after it stopped (its in-memory index must not write the note back)."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from tests.forget_search import copies

from .conftest import PROJECT, start_harness, stop_harness

WORD = "quillobrand"  # in the note from the start
OLD = "marzipenko"  # only in the note's first version
FIRST = f"Deploys go through the {WORD} pipeline\nCanary first on the {OLD} hosts; see `deploy/{WORD}.sh`."
SECOND = f"Deploys go through the {WORD} pipeline\nCanary first on the staging hosts; see `deploy/{WORD}.sh`."
PROMPTS = [
    {"role": "user", "content": f"Deploys go through the {WORD} pipeline, remember that"},
    {"role": "user", "content": "Then migrate the billing reports to the new warehouse schema"},
    {"role": "user", "content": "Keep the old column names as views for the finance dashboards"},
    {"role": "user", "content": "Now backfill last quarter and compare the totals per region"},
]


def leftovers(home):
    return copies(home, WORD, OLD)


@pytest.mark.asyncio
async def test_a_note_forgotten_through_the_running_server_leaves_no_copy(tmp_path):
    h = await start_harness(tmp_path, "vscode", init_options={"rollout": "on"})
    try:
        first = await h.request("memory/remember", {"text": FIRST, "type": "project"})
        assert first.action == "created"
        recalled = await h.request(
            "memory/recall", {"sessionId": "s1", "message": f"how do deploys work with {WORD}?"}
        )
        assert [m.path for m in recalled.memories] == [first.path]
        second = await h.request("memory/remember", {"text": SECOND, "type": "project"})
        assert (second.path, second.action) == (first.path, "updated")
        recalled = await h.request(
            "memory/recall", {"sessionId": "s2", "message": f"which hosts for {WORD} canaries?"}
        )
        assert [m.path for m in recalled.memories] == [first.path]
        ended = await h.request("memory/sessionEnded", {"sessionId": "s2", "messages": PROMPTS})
        assert ended.path is not None and WORD in (h.home / ended.path).read_text()
        await h.request(  # indexes the session record too
            "memory/recall", {"sessionId": "s2b", "message": "how did the billing migration go?"}
        )
        note = h.home / first.path
        hover = await h.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=note.as_uri()),
                position=types.Position(line=1, character=2),
            )
        )
        assert hover is not None  # the frontmatter's hover: the note's age, times recalled
        diagnosed = await h.eventually(
            lambda: _diagnosed(h, note.as_uri()), timeout=30
        )  # the cited script is not in the workspace: a stale-file diagnostic
        assert diagnosed
        assert leftovers(h.home), "the words are in the home before the forget"

        read = await h.request("memory/read", {"path": first.path})
        done = await h.request("memory/forget", {"path": first.path, "sha256": read.sha256})
        assert done.status == "forgotten"
        assert ended.path in (done.redacted or [])  # the session record's quote went too
        again = await h.request(
            "memory/recall", {"sessionId": "s3", "message": f"how do deploys work with {WORD}?"}
        )
        assert again.memories == []
        await asyncio.sleep(1.5)  # let the memory-home watcher and background jobs settle
        assert leftovers(h.home) == []
        assert not note.exists()
    finally:
        await stop_harness(h)
    assert leftovers(h.home) == []
    assert (h.home / PROJECT).is_dir()


async def _diagnosed(h, uri: str) -> bool:
    return any(d.code == "stale-file" for d in h.client.diagnostics.get(uri, []))
