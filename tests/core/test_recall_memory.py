"""What a long-lived Recaller and its index keep per note (issue 19: resident memory at
100,000 notes): hashes and dates rather than parsed notes, one copy of each path and hash,
a build embedded and written in chunks, and the notes read again for the few hits used."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import numpy as np
import pytest
from memlsp.core.notes import Note
from memlsp.core.recall import Recaller
from memlsp.core.retrieval import index as index_module
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.index import Doc, RetrievalIndex
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Entry, Scope, Store

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)
TOPICS = ["gapless invoice numbers per legal entity", "bun install never npm or yarn",
          "grafana golden signals dashboards", "terraform state lives in the shared bucket"]  # fmt: skip


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[int] = []

    def embed(self, texts):
        self.batches.append(len(texts))
        return super().embed(texts)


@pytest.fixture
def memory(tmp_path: Path):
    store = Store(tmp_path / "home")
    rel = "projects/example.com/acme/shop"
    scope = store.ensure_scope(Scope("project", rel, store.home / rel))
    for i, topic in enumerate(TOPICS):
        store.write_note(
            scope,
            Note(
                f"rule-{i}", topic.capitalize(), "project", f"{topic}.", {"created": "2026-11-01"}
            ),
            section="",
            now=NOW,
        )
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return store, scope, recaller


def test_the_recaller_keeps_hashes_and_dates_not_notes(memory) -> None:
    store, _, recaller = memory
    got = recaller.recall("s1", "which invoice numbers must be gapless?", record=False, now=NOW)
    assert [m.name for m in got.memories][:1] == ["rule-0"]
    assert "gapless invoice numbers" in got.memories[0].content
    rows = recaller._known.rows
    assert len(rows) == len(TOPICS)
    for row in rows.values():
        assert not any(isinstance(part, (Entry, Note)) for part in row)
    recaller.invalidate()
    recaller.refresh()  # a rescan that finds no change keeps each row (no date parsed again)
    assert all(recaller._known.rows[k] is row for k, row in rows.items())
    # the index keeps each note's fingerprint, not its doc (the source rebuilds from files)
    assert recaller.index._docs == {}
    assert set(recaller.index._fps) == set(rows)


def test_one_copy_of_each_path_and_hash(memory) -> None:
    store, scope, recaller = memory
    recaller.refresh(force=True)
    recaller.recall("s1", "bun install", record=False, now=NOW)  # loads the vectors
    again = {e.path: e for e in store.scan(scope).entries}
    vectors = recaller.index._vectors
    for i, key in enumerate(vectors.keys):
        entry = again[key]
        assert key is entry.path  # interned: the store, the recaller and the index share it
        assert vectors.fps[i] is entry.sha256
        assert next(k for k in recaller._known.rows if k == key) is key
    note = again[vectors.keys[0]].note
    assert note.description is note.meta["description"]  # one copy of the text, not two
    assert note.type is note.meta["type"]


def test_a_note_changed_since_the_scan_is_not_injected_stale(memory) -> None:
    store, scope, recaller = memory
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=3600)
    recaller.refresh(force=True)
    file = scope.root / "rule-0.md"
    stamp = file.stat()
    text = file.read_text().replace("gapless invoice numbers", "gapless invoice numbers (edited)")
    file.write_text(text)
    os.utime(file, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000))
    # within the rescan interval the index still has the old bytes: the note is not handed
    # out as the scan saw it (its file has other bytes now)
    assert recaller._known.entry("projects/example.com/acme/shop/rule-0.md") is None
    recaller.invalidate()
    got = recaller.recall("s2", "which invoice numbers must be gapless?", record=False, now=NOW)
    assert got.memories and "(edited)" in got.memories[0].content


def test_a_lost_index_file_is_rebuilt_from_the_notes(memory) -> None:
    store, scope, recaller = memory
    recaller.refresh(force=True)
    path = recaller.index.path
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    got = recaller.recall("s3", "grafana golden signals dashboards", record=False, now=NOW)
    assert got.memories and got.memories[0].name == "rule-2"
    assert path.exists() and len(recaller.index) == len(TOPICS)


def test_an_index_with_a_source_asks_it_for_the_docs_of_a_rebuild(tmp_path: Path) -> None:
    docs = {f"n{i}.md": Doc(f"n{i}.md", "1", t, {"description": t}) for i, t in enumerate(TOPICS)}
    asked: list[list[str]] = []

    def source(keys):
        asked.append(sorted(keys))
        return [docs[k] for k in keys if k in docs]

    idx = RetrievalIndex(tmp_path / "i.sqlite", HashingEmbedder(), source=source)
    idx.sync(docs.values())
    assert idx._docs == {} and asked == []
    for suffix in ("", "-wal", "-shm"):
        Path(str(idx.path) + suffix).unlink(missing_ok=True)
    hits = idx.search("terraform state bucket", 3, params=LENIENT)
    assert hits and hits[0].key == "n3.md"
    assert asked == [sorted(docs)]
    # an update after the file vanished again: the source gives the rest, the change its own
    for suffix in ("", "-wal", "-shm"):
        Path(str(idx.path) + suffix).unlink(missing_ok=True)
    idx.close()
    new = Doc("n9.md", "1", "webhook retries back off", {"description": "Webhook retries"})
    idx.update([new], ["n0.md"])
    assert asked[1:] == [["n1.md", "n2.md", "n3.md"]]  # not the deleted one, not the new one
    assert {h.key for h in idx.search("webhook retries", 5, select=False)} >= {"n9.md"}
    assert "n0.md" not in {h.key for h in idx.search("gapless invoice", 5, select=False)}


def test_a_large_sync_is_embedded_and_committed_in_chunks(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(index_module, "BUILD_CHUNK", 3)
    emb = CountingEmbedder()
    docs = [
        Doc(f"n{i}.md", "1", f"{TOPICS[i % 4]} {i}", {"description": f"r{i}"}) for i in range(10)
    ]
    idx = RetrievalIndex(tmp_path / "i.sqlite", emb)
    assert idx.sync(docs)["added"] == 10
    assert emb.batches == [6, 6, 6, 2]  # two texts a note, three notes a chunk
    assert len(idx) == 10
    assert idx.search("terraform state shared bucket", 3, params=LENIENT)[0].key == "n3.md"
    # reopened: every chunk was committed, nothing is embedded again
    again = CountingEmbedder()
    assert RetrievalIndex(tmp_path / "i.sqlite", again).sync(docs)["unchanged"] == 10
    assert again.batches == []


def test_hits_carry_scope_type_and_created(tmp_path: Path) -> None:
    created = "2026-11-01T00:00:00Z"
    idx = RetrievalIndex(tmp_path / "i.sqlite", HashingEmbedder())
    meta = {"name": "a", "description": "bun install", "scope": "session", "type": "user"}
    idx.sync([Doc("a.md", "1", "bun install never npm", {**meta, "created": created})])
    (hit,) = idx.search("bun install npm", 1, select=False, now=NOW)
    assert hit.meta == {
        "scope": "session",
        "type": "user",
        "created": dt.datetime(2026, 11, 1, tzinfo=dt.UTC),
    }
    assert hit.decay < 1.0  # a session note a month old decays


def test_a_first_build_asks_the_source_a_chunk_at_a_time(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(index_module, "BUILD_CHUNK", 3)
    docs = {f"n{i}.md": Doc(f"n{i}.md", "1", f"{TOPICS[i % 4]} {i}", {}) for i in range(10)}
    asked: list[int] = []

    def source(keys):
        asked.append(len(keys))
        return [docs[k] for k in keys]

    idx = RetrievalIndex(tmp_path / "i.sqlite", HashingEmbedder(), source=source)
    assert idx.sync_fingerprints({k: "1" for k in docs})["added"] == 10
    assert asked == [3, 3, 3, 1] and len(idx) == 10
    assert idx.sync_fingerprints({k: "1" for k in docs})["unchanged"] == 10 and len(asked) == 4
    with pytest.raises(ValueError):
        RetrievalIndex(tmp_path / "j.sqlite", HashingEmbedder()).sync_fingerprints({})


def test_rowids_map_to_rows_without_a_dict() -> None:
    from memlsp.core.retrieval.vectors import RowOf

    rising = RowOf(np.array([2, 5, 9], dtype=np.int64))
    assert rising.rows([9, 2, 7, 5, 100, -1]).tolist() == [2, 0, -1, 1, -1, -1]
    shuffled = RowOf(np.array([5, 2, 9], dtype=np.int64))
    assert shuffled.rows([9, 2, 7, 5, 100]).tolist() == [2, 1, -1, 0, -1]
    assert RowOf(np.zeros(0, dtype=np.int64)).rows([1]).tolist() == [-1]
