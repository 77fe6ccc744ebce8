"""Per-turn recall rules (SPEC R14–R19) on a real memory home, with a fast hashing embedder."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from memlsp.core import sessions
from memlsp.core.notes import Note
from memlsp.core.recall import (
    MAX_INJECTED_NOTE_BYTES,
    SESSION_BUDGET_BYTES,
    Recaller,
    age_line,
)
from memlsp.core.retrieval.embedders import HashingEmbedder
from memlsp.core.retrieval.params import RecallParams
from memlsp.core.store import Scope, Store

NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
LENIENT = RecallParams(min_score=0.05, first_turn_min_score=0.05, follow_margin=0.05)


def project_scope(store: Store) -> Scope:
    rel = "projects/example.com/acme/shop"
    return store.ensure_scope(Scope("project", rel, store.home / rel))


def add(
    store: Store,
    scope: Scope,
    name: str,
    desc: str,
    body: str = "",
    *,
    days_old: int = 0,
    type_: str = "project",
    section: str = "",
    refs=None,
) -> str:
    created = (NOW - dt.timedelta(days=days_old)).isoformat().replace("+00:00", "Z")
    meta = {"created": created}
    if refs:
        meta["refs"] = refs
    res = store.write_note(
        scope,
        Note(name=name, description=desc, type=type_, body=body or desc, meta=meta),
        section=section,
        now=NOW - dt.timedelta(days=days_old),
    )
    return res.path


@pytest.fixture
def setup(store: Store):
    scope = project_scope(store)
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    return store, scope, recaller


def test_reminder_has_the_freshness_rules_and_age_lines(setup) -> None:
    store, scope, recaller = setup
    add(store, scope, "deploy-freeze", "Deploy freeze for the payments service", days_old=47)
    add(store, scope, "payments-owner", "Payments service owner is the ledger team")
    res = recaller.recall("s1", "Can I deploy the payments service today?", now=NOW)
    assert res.memories, res
    text = res.reminder
    assert "instructions take precedence" in text
    assert "out of date" in text and "Verify before recommending" in text
    assert "check that the file exists" in text and "search for it" in text
    assert "This memory is 47 days old." in text
    fresh = next(m for m in res.memories if m.name == "payments-owner")
    assert fresh.age_days == 0
    assert age_line(0) == "" and age_line(1) == "This memory is 1 day old."


def test_at_most_five_notes_of_at_most_4kb(setup) -> None:
    store, scope, recaller = setup
    for i in range(12):
        add(
            store,
            scope,
            f"cache-rule-{i}",
            f"Redis cache rule number {i} for sessions",
            body=f"Redis cache sessions rule {i}. " + "détail " * 2000,
        )
    res = recaller.recall("s1", "redis cache sessions rule", now=NOW)
    assert 1 <= len(res.memories) <= 5
    for m in res.memories:
        assert len(m.content.encode()) <= MAX_INJECTED_NOTE_BYTES + 60
        assert m.truncated and "cut at 4 KB" in m.content


def test_no_repeats_until_compaction(setup) -> None:
    store, scope, recaller = setup
    path = add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    first = recaller.recall("s1", "which tool for installs, bun or npm?", now=NOW)
    assert [m.path for m in first.memories] == [path]
    again = recaller.recall("s1", "bun or npm for installs again?", now=NOW)
    assert again.memories == [] and again.reminder == ""
    other_session = recaller.recall("s2", "bun or npm for installs?", now=NOW)
    assert [m.path for m in other_session.memories] == [path]
    recaller.compacted("s1")
    after = recaller.recall("s1", "bun or npm for installs?", now=NOW)
    assert [m.path for m in after.memories] == [path]


def test_already_read_or_written_by_the_model_is_skipped(setup) -> None:
    store, scope, recaller = setup
    path = add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    for form in (path, str(store.home / path), f"file://{store.home / path}", "bun-not-npm.md"):
        res = recaller.recall(
            f"s-{hash(form)}", "bun or npm for installs?", already_read=[form], now=NOW
        )
        assert res.memories == [], form


def test_session_budget_of_60kb_stops_recall(setup) -> None:
    store, scope, recaller = setup
    for i in range(40):
        add(
            store,
            scope,
            f"topic-{i}",
            f"Kafka topic {i} retention policy",
            body=f"Kafka topic {i} retention policy. " + "x" * 5000,
        )
    total = 0
    rounds = 0
    while True:
        res = recaller.recall("big", f"kafka topic retention policy round {rounds}", now=NOW)
        total += len(res.reminder.encode())
        rounds += 1
        if res.skipped == "budget-exhausted" or rounds > 30:
            break
    assert res.skipped == "budget-exhausted" and res.budget_left == 0
    assert total <= SESSION_BUDGET_BYTES
    assert total > SESSION_BUDGET_BYTES - 5 * 5000  # it did fill the budget first
    state = sessions.load(scope, "big")
    assert state.exhausted and state.bytes_injected == total
    recaller.compacted("big")  # compaction re-allows repeats, not more bytes
    assert recaller.recall("big", "kafka topic retention", now=NOW).skipped == "budget-exhausted"


def test_open_files_pull_in_notes_that_cite_them(setup) -> None:
    store, scope, recaller = setup
    path = add(
        store,
        scope,
        "invoice-rounding",
        "Invoices round half-even per finance",
        body="Finance requires half-even rounding; see `src/billing/invoice.py`.",
    )
    add(
        store,
        scope,
        "ref-note",
        "Webhook retries documented",
        refs=[{"path": "src/webhooks/retry.go"}],
        body="Retry schedule agreed with partners.",
    )
    res = recaller.recall(
        "s1", "let's tidy this up", open_files=["/work/app/src/billing/invoice.py"], now=NOW
    )
    assert [m.path for m in res.memories] == [path]
    assert res.memories[0].why == "open-file"
    res = recaller.recall("s2", "hmm", open_files=["file:///w/src/webhooks/retry.go"], now=NOW)
    assert [m.name for m in res.memories] == ["ref-note"]


def test_first_turn_threshold_is_stricter(store: Store) -> None:
    scope = project_scope(store)
    add(store, scope, "lint-rule", "Run the linter before pushing branches")
    params = RecallParams(min_score=0.05, first_turn_min_score=0.99)
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=params, rescan_s=0)
    assert recaller.recall("a", "linter before pushing?", first_turn=True, now=NOW).memories == []
    assert recaller.recall("b", "linter before pushing?", first_turn=False, now=NOW).memories
    # without an explicit flag, a session's first call is its first turn
    assert recaller.recall("c", "linter before pushing?", now=NOW).first_turn is True
    assert recaller.recall("c", "linter before pushing again?", now=NOW).first_turn is False


class ScriptedSelector:
    def __init__(self, names=None, error: Exception | None = None):
        self.names, self.error, self.seen = names or [], error, []

    def select(self, manifest: str, message: str, limit: int) -> list[str]:
        self.seen.append((manifest, message, limit))
        if self.error:
            raise self.error
        return self.names


def test_model_selector_sees_only_manifest_and_names_not_in_it_are_dropped(setup) -> None:
    store, scope, recaller = setup
    add(store, scope, "alpha-rule", "Alpha rule for deploys", body="SECRET-BODY-TEXT alpha")
    add(store, scope, "beta-rule", "Beta rule for reviews")
    recaller.selector = ScriptedSelector(["beta-rule.md", "invented-note.md", "../../etc/passwd"])
    res = recaller.recall("s1", "how do reviews work?", now=NOW)
    assert [m.name for m in res.memories] == ["beta-rule"] and res.selector == "model"
    manifest, message, limit = recaller.selector.seen[0]
    assert message == "how do reviews work?" and limit == 5
    assert "alpha-rule.md [project, 2026-11-30] Alpha rule for deploys" in manifest
    assert "SECRET-BODY-TEXT" not in manifest


def test_failed_model_call_falls_back_to_hybrid(setup) -> None:
    store, scope, recaller = setup
    add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    recaller.selector = ScriptedSelector(error=TimeoutError("model timed out"))
    res = recaller.recall("s1", "bun or npm for installs?", now=NOW)
    assert [m.name for m in res.memories] == ["bun-not-npm"] and res.selector == "model-failed"


def test_session_start_hands_over_the_budgeted_index(setup) -> None:
    store, scope, recaller = setup
    for i in range(300):
        (scope.root / f"n{i}.md").write_text(
            f"---\nname: n{i}\ndescription: note {i} {'y' * 100}\ntype: project\n---\nb\n"
        )
    store.rebuild_index(scope)
    text = recaller.session_started("s1")
    assert len(text.splitlines()) <= 200 and len(text.encode()) <= 25_000
    assert "Details belong in the notes" in text


def test_the_index_is_a_cache(setup, tmp_path: Path) -> None:
    store, scope, recaller = setup
    path = add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    assert recaller.recall("s1", "bun or npm?", now=NOW).memories
    shutil.rmtree(scope.state_dir)  # every derived file (and session state) is gone
    res = recaller.recall("s2", "bun or npm for installs?", now=NOW)
    assert [m.path for m in res.memories] == [path]
    fresh = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT)
    assert [m.path for m in fresh.recall("s3", "bun or npm for installs?", now=NOW).memories] == [
        path
    ]


def test_hand_edits_additions_and_deletions_are_picked_up(setup) -> None:
    store, scope, recaller = setup
    path = add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    assert recaller.recall("s1", "bun npm installs", now=NOW).memories
    (store.home / path).write_text(
        "---\nname: bun-not-npm\ndescription: Use pnpm for monorepo installs\n"
        "type: feedback\n---\nUse pnpm workspaces.\n"
    )
    (scope.root / "hand.md").write_text(
        "---\nname: hand\ndescription: Gradle daemon flags\ntype: project\n---\nx\n"
    )
    res = recaller.recall("s2", "pnpm monorepo installs", now=NOW)
    assert res.memories and "pnpm" in res.memories[0].content
    assert recaller.recall("s3", "gradle daemon flags", now=NOW).memories[0].name == "hand"
    (scope.root / "hand.md").unlink()
    assert all(
        m.name != "hand" for m in recaller.recall("s4", "gradle daemon flags", now=NOW).memories
    )


def test_adversarial_inputs_keep_the_limits(setup) -> None:
    store, scope, recaller = setup
    (scope.root / "broken.md").write_text("---\nname: [oops\n---\n")
    (scope.root / "binary.md").write_bytes(b"\x00\x01")
    for i in range(8):
        add(
            store,
            scope,
            f"big-{i}",
            f"Terraform state locking rule {i}",
            body="terraform state " * 4000,
        )
    huge = "terraform state locking " * 45_000  # ~1 MB
    res = recaller.recall("s1", huge, now=NOW)
    assert len(res.memories) <= 5
    assert all(len(m.content.encode()) <= MAX_INJECTED_NOTE_BYTES + 60 for m in res.memories)
    assert len(res.reminder.encode()) <= SESSION_BUDGET_BYTES
    assert recaller.recall("s2", "", now=NOW).memories == []
    assert recaller.recall("s3", "\x00\u202e'\"*() OR NEAR/3 AND", now=NOW) is not None
    # a lone UTF-16 surrogate (JSON "\udcff" from an MCP client or a hook) reaches no encoder
    res = recaller.recall("s4", "terraform state locking \udcff", now=NOW)
    assert res.memories and "terraform" in res.memories[0].content.lower()


def test_session_notes_decay(store: Store) -> None:
    scope = project_scope(store)
    add(
        store,
        scope,
        "old-session",
        "Investigated flaky checkout tests",
        days_old=120,
        section="sessions",
    )
    add(
        store,
        scope,
        "new-session",
        "Investigated flaky checkout tests again",
        days_old=1,
        section="sessions",
    )
    recaller = Recaller(store, scope, embedder=HashingEmbedder(), params=LENIENT, rescan_s=0)
    recaller.refresh(force=True)
    hits = recaller.index.search("flaky checkout tests", 5, now=NOW, params=LENIENT, select=False)
    by_key = {h.key.rsplit("/", 1)[-1]: h for h in hits}
    old = next(h for k, h in by_key.items() if "old-session" in k)
    new = next(h for k, h in by_key.items() if "new-session" in k)
    assert old.decay == pytest.approx(0.5 ** (120 / 30), rel=0.05)
    assert new.score > old.score


def test_deleting_the_cache_from_another_process_mid_query(setup) -> None:
    """Issue 3, acceptance 5: `.memlsp/` may vanish at any instant; answers stay right."""
    import os
    import signal
    import time

    store, scope, recaller = setup
    path = add(store, scope, "bun-not-npm", "Use bun not npm for installs")
    for i in range(30):
        add(store, scope, f"filler-{i}", f"Unrelated filler topic {i} about gardening")
    pid = os.fork()
    if pid == 0:  # the other process: delete every derived file, again and again
        try:
            while True:
                shutil.rmtree(scope.state_dir, ignore_errors=True)
                time.sleep(0.002)
        finally:
            os._exit(0)
    try:
        answers = [
            [m.path for m in recaller.recall(f"s{i}", "bun or npm for installs?", now=NOW).memories]
            for i in range(60)
        ]
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert all(a[:1] == [path] for a in answers), answers


def test_refresh_hands_the_index_only_what_changed(setup, caplog) -> None:
    store, scope, recaller = setup
    for i in range(5):
        add(store, scope, f"note-{i}", f"topic {i} rule about caching layer {i}")
    recaller.refresh()
    calls: list[tuple[list, list]] = []
    update = recaller.index.update

    def counting(upserts, deletes):
        upserts, deletes = list(upserts), list(deletes)
        calls.append(([d.key for d in upserts], deletes))
        return update(upserts, deletes)

    recaller.index.update = counting
    recaller.refresh()  # a stat pass that finds nothing
    assert calls == []
    edited = scope.root / "note-2.md"
    edited.write_text(edited.read_text("utf-8").replace("caching", "zeppelin"), "utf-8")
    (scope.root / "note-4.md").unlink()
    (scope.root / "broken.md").write_text("---\nname: [oops\n---\n", "utf-8")
    recaller.invalidate()
    with caplog.at_level("WARNING", logger="memlsp"):
        res = recaller.recall("s", "zeppelin rule", now=NOW)
    assert len(calls) == 1
    assert [k.rsplit("/", 1)[-1] for k in calls[0][0]] == ["note-2.md"]
    assert [k.rsplit("/", 1)[-1] for k in calls[0][1]] == ["note-4.md"]
    assert res.memories and res.memories[0].name == "note-2"
    assert any("unreadable note" in r.getMessage() for r in caplog.records)
