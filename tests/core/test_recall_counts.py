"""The per-scope recall counter behind the note hover's "recalled N times"."""

from __future__ import annotations

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
