"""The per-scope recall counter behind the note hover's "recalled N times"."""

from __future__ import annotations

import json

from memlsp.core import sessions
from memlsp.core.store import Store


def test_injections_are_counted_once_per_injection(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())

    def inject(*paths):
        return lambda s: s.injected.extend(p for p in paths if p not in s.injected)

    sessions.update(scope, "s1", inject("global/a.md", "global/b.md"))
    sessions.update(scope, "s1", inject("global/a.md"))  # already injected: not again
    sessions.update(scope, "s2", inject("global/a.md"))
    assert sessions.times_recalled([scope], "global/a.md") == 2
    assert sessions.times_recalled([scope], "global/b.md") == 1
    # After a compaction a note may be injected again, and that counts.
    sessions.compacted(scope, "s1")
    sessions.update(scope, "s1", inject("global/b.md"))
    assert sessions.times_recalled([scope], "global/b.md") == 2
    assert sessions.times_recalled([scope], "global/none.md") == 0


def test_a_corrupt_counter_starts_again(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    (scope.state_dir).mkdir(parents=True, exist_ok=True)
    (scope.state_dir / sessions.COUNTS_FILE).write_text("[not json", "utf-8")
    assert sessions.times_recalled([scope], "global/a.md") == 0
    sessions.update(scope, "s", lambda s: s.injected.append("global/a.md"))
    assert sessions.times_recalled([scope], "global/a.md") == 1


def test_the_counter_holds_digests_and_reads_an_old_one_of_paths(tmp_path):
    store = Store(tmp_path / "home")
    scope = store.ensure_scope(store.global_scope())
    scope.state_dir.mkdir(parents=True, exist_ok=True)
    counts = scope.state_dir / sessions.COUNTS_FILE
    counts.write_text(json.dumps({"global/a.md": 3, "global/b.md": 1}), "utf-8")  # older memlsp
    assert sessions.times_recalled([scope], "global/a.md") == 3
    sessions.update(scope, "s", lambda s: s.injected.append("global/a.md"))
    assert sessions.times_recalled([scope], "global/a.md") == 4
    assert sessions.times_recalled([scope], "global/b.md") == 1
    assert "global/" not in counts.read_text("utf-8"), "no note's path is kept"


def test_a_recall_is_counted_for_the_hover(store):
    from memlsp.core.recall import Recaller
    from memlsp.core.remember import remember
    from memlsp.core.retrieval.embedders import HashingEmbedder

    from .test_session_state import LENIENT

    scope = store.ensure_scope(store.global_scope())
    path = remember(store, scope, "Use bun, not npm, for installs", type_="feedback").path
    recaller = Recaller(store, None, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    assert [m.path for m in recaller.recall("s1", "bun or npm?").memories] == [path]
    assert [m.path for m in recaller.recall("s2", "bun or npm?").memories] == [path]
    assert sessions.times_recalled([recaller.home_scope], path) == 2
    assert path not in (recaller.home_scope.state_dir / sessions.COUNTS_FILE).read_text("utf-8")
