"""Dream behaviour (SPEC R13, R20–R22, R38): gate, snapshot, user edits, the offline
planner's rules, dry run (acceptance 5), the deletion cap, soft deletes and restore,
model plans validated whole, audit, cancel."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from memlsp.core.dream import (
    PLAN_SCHEMA,
    ModelPlanner,
    PlanRefused,
    RestoreError,
    dream,
    note_session_ended,
    restore,
    should_dream,
)
from memlsp.core.dream.plan import PlanInvalid, PlanView, validate_plan
from memlsp.core.dream.similarity import cosine
from memlsp.core.lease import read_lease
from memlsp.core.policy.dates import absolutize
from memlsp.core.runtime import CancelToken
from memlsp.core.settings import DreamSettings, RetentionSettings, Settings
from memlsp.core.state import read_state
from memlsp.core.store import Store
from memlsp.core.text import similarity_tokens as tokens

from tests.core.date_phrases import RECURRING
from tests.core.dreamkit import MERGE_PLAN, NOW, hash_tree, live_notes, put, session, small_home

S = Settings()


def topics_text(store, scope) -> str:
    return "\n".join(
        e.file.read_text("utf-8") for e in store.scan(scope).entries if e.section == ""
    )


# ---- gate (R13) ------------------------------------------------------------------------


def test_gate_needs_24h_and_5_sessions(tmp_path):
    store = Store(tmp_path)
    scope = store.ensure_scope(store.global_scope())
    assert should_dream(scope, NOW, settings=S).reason == "too-few-sessions"
    for _ in range(4):
        note_session_ended(scope, NOW)
    assert not should_dream(scope, NOW, settings=S).due
    session(scope, NOW - dt.timedelta(hours=1), "s1", "- a session record")
    assert should_dream(scope, NOW, settings=S).sessions_since == 4  # max, not the sum
    note_session_ended(scope, NOW)
    decision = should_dream(scope, NOW, settings=S)
    assert decision.due and decision.sessions_since == 5 and decision.hours_since is None
    result = dream(store, scope, now=NOW, settings=S)
    assert result.status == "applied"
    state = read_state(scope)
    assert state["last_dream"] == "2026-11-30T12:00:00Z" and state["sessions_since_dream"] == 0
    later = NOW + dt.timedelta(hours=23)
    for _ in range(6):
        note_session_ended(scope, later)
    assert should_dream(scope, later, settings=S).reason == "too-soon"
    assert dream(store, scope, now=later, settings=S).status == "skipped"
    assert should_dream(scope, NOW + dt.timedelta(hours=25), settings=S).due


def test_session_records_after_last_dream_count(tmp_path):
    store = Store(tmp_path)
    scope = store.ensure_scope(store.global_scope())
    for i in range(5):
        session(scope, NOW - dt.timedelta(hours=i + 1), f"s{i}", "- worked on billing")
    assert should_dream(scope, NOW, settings=S).due
    custom = Settings(dream=DreamSettings(min_sessions=6))
    assert not should_dream(scope, NOW, settings=custom).due


# ---- offline planner rules (R10, R22) ---------------------------------------------------


def test_offline_plan_supersedes_merges_folds_and_expires(tmp_path):
    store, scope = small_home(tmp_path)
    result = dream(store, scope, now=NOW, force=True, settings=S)
    by_path = {op["path"]: op for op in result.applied}
    text = topics_text(store, scope)
    # A newer rule supersedes the older one: the old value is gone, not annotated.
    assert "once per week" not in text and "one production release per week" not in text
    assert by_path["release-train-twice-weekly.md"]["superseded"] == ["release-train.md"]
    assert "250 ms" not in text and "200 ms" in text
    # Near-duplicates are merged into one note, keeping the fuller paragraph.
    assert not (scope.root / "python-tooling-uv.md").exists()
    assert "uv run for scripts" in (scope.root / "python-tooling.md").read_text()
    # Inbox observations become topic notes; the inbox is archived under the run id.
    assert (scope.root / "grafana-dashboards.md").exists()
    assert result.counts_after["inbox"] == 0
    archived = sorted(p.name for p in (scope.root / "archive" / result.run_id / "inbox").iterdir())
    assert len(archived) == 4
    # Session records past retention are archived; recent ones stay.
    assert [p.name for p in (scope.root / "sessions").iterdir()] == ["20261128T120000Z-recent.md"]
    # Every operation carries evidence and a one-line reason.
    assert all(
        op["evidence"] and op["reason"] and "\n" not in op["reason"] for op in result.applied
    )
    # The index lists exactly the notes.
    index = scope.index_path.read_text()
    assert "release-train-twice-weekly.md" in index and "(release-train.md)" not in index


def test_second_dream_is_quiet(tmp_path):
    store, scope = small_home(tmp_path)
    dream(store, scope, now=NOW, force=True, settings=S)
    again = dream(store, scope, now=NOW + dt.timedelta(days=2), force=True, settings=S)
    assert again.applied == []


def test_relative_dates_and_gathered_errors(tmp_path):
    store = Store(tmp_path)
    scope = store.ensure_scope(store.global_scope())
    put(
        scope,
        "inbox/freeze.md",
        "Deploy freeze starts tomorrow",
        "The deploy pipeline failed during the freeze rehearsal.",
        created=dt.datetime(2026, 11, 26, 9, tzinfo=dt.UTC),
    )
    session(
        scope,
        NOW - dt.timedelta(days=3),
        "x",
        "- the deploy pipeline failed: `ImagePullBackOff` on the rehearsal\n- unrelated line",
    )
    result = dream(store, scope, now=NOW, force=True, settings=S)
    note = (scope.root / "freeze.md").read_text()
    assert "2026-11-27" in note and "tomorrow" not in note
    assert "ImagePullBackOff" in note
    assert result.gathered["findings"][0]["session"].startswith("sessions/")
    assert 0 < result.gathered["bytesRead"] <= 256 * 1024


def test_dream_dates_leave_recurring_phrases():
    anchor = dt.datetime(2026, 11, 26, tzinfo=dt.UTC)  # a Thursday
    assert absolutize("ship by Friday", anchor) == "ship by 2026-11-27"
    assert absolutize("every Tuesday; on Tuesdays; 每周二", anchor) == (
        "every Tuesday; on Tuesdays; 每周二"
    )
    assert absolutize("明天上线", anchor) == "2026-11-27上线"


def test_a_dream_keeps_recurring_phrases_as_written(tmp_path):
    """The dream rewrites relative dates with the write policy's rewriter, which leaves
    schedules alone: every recurring phrase of the inbox reaches the topic notes as written,
    while a real relative date next to them is made absolute."""
    store = Store(tmp_path)
    scope = store.ensure_scope(store.global_scope())
    said = dt.datetime(2026, 11, 26, 9, tzinfo=dt.UTC)  # a Thursday
    for i, phrase in enumerate(RECURRING):
        put(scope, f"inbox/schedule-{i:02d}.md", phrase, phrase, created=said)
    put(
        scope,
        "inbox/freeze.md",
        "Deploy freeze starts tomorrow",
        "Announced in #eng.",
        created=said,
    )
    result = dream(store, scope, now=NOW, force=True, settings=S)
    assert result.status == "applied" and not result.conflicts
    topics = [e.note for e in store.scan(scope).entries if e.section == ""]
    text = "\n".join(f"{n.description}\n{n.body}" for n in topics)
    missing = [phrase for phrase in RECURRING if phrase not in text]
    assert missing == []
    assert "Deploy freeze starts on 2026-11-27" in text and "tomorrow" not in text


def test_similarity_handles_chinese():
    assert "周报" in tokens("周报改成四段")
    assert cosine("周报按三段写", "周报改成四段写") > 0.2
    assert cosine("周报按三段写", "release train") == 0.0


def test_pluggable_similarity_is_used(tmp_path):
    store, scope = small_home(tmp_path)
    calls = []

    def never_similar(a: str, b: str) -> float:
        calls.append((a, b))
        return 0.0

    result = dream(store, scope, now=NOW, force=True, settings=S, similarity=never_similar)
    assert calls
    assert (scope.root / "python-tooling-uv.md").exists()  # nothing merged
    assert all(
        not op.get("superseded") or op["path"] != "python-tooling.md" for op in result.applied
    )


# ---- snapshot and user edits (R21) ------------------------------------------------------


def test_inbox_file_arriving_mid_dream_waits_and_user_edit_is_kept(tmp_path):
    store, scope = small_home(tmp_path)
    edited = "---\nname: search-latency\ndescription: Search budget is the user's call\ntype: project\n---\nEdited by hand.\n"

    def progress(message: str, percent: int) -> None:
        if percent == 45:  # after the snapshot, before the apply
            put(
                scope,
                "inbox/late-arrival.md",
                "Ledger exports run at 03:00 UTC",
                "Arrived mid-dream.",
            )
            (scope.root / "search-latency.md").write_text(edited)

    result = dream(store, scope, now=NOW, force=True, settings=S, progress=progress)
    assert result.status == "applied"
    assert "inbox/late-arrival.md" not in {c["path"] for c in result.claimed}
    assert (scope.root / "inbox" / "late-arrival.md").exists()  # waits for the next dream
    assert (scope.root / "search-latency.md").read_text() == edited  # the user's change wins
    assert [c["path"] for c in result.conflicts] == ["search-latency.md"]
    assert result.requeued == ["inbox/latency-tightened.md"]
    assert (scope.root / "inbox" / "latency-tightened.md").exists()
    nxt = dream(store, scope, now=NOW + dt.timedelta(days=1), force=True, settings=S)
    assert {"inbox/late-arrival.md", "inbox/latency-tightened.md"} <= {
        c["path"] for c in nxt.claimed
    }
    assert nxt.counts_after["inbox"] == 0


# ---- dry run (R38; acceptance 5) --------------------------------------------------------


def test_dry_run_changes_nothing_on_disk(tmp_path):
    store, scope = small_home(tmp_path)
    before = hash_tree(store.home)
    result = dream(store, scope, now=NOW, force=True, dry_run=True, settings=S)
    assert hash_tree(store.home) == before
    assert result.status == "dry-run" and result.applied
    assert "--- a/search-latency.md" in result.diff and "+++ b/search-latency.md" in result.diff
    assert "-description: Search p95 latency budget is 250 ms" in result.diff
    assert "rename to archive/" in result.diff


# ---- deletion cap, soft deletes, restore, audit (R38) ----------------------------------


def test_offline_planner_defers_past_the_cap(tmp_path):
    store, scope = small_home(tmp_path)
    capped = Settings(dream=DreamSettings(max_deletes=1))
    result = dream(store, scope, now=NOW, force=True, settings=capped)
    assert result.deferred == 1
    assert sum(1 for op in result.applied for s in op.get("sources", []) if "/" not in s) == 1


def test_a_plan_over_the_cap_is_refused_whole(tmp_path):
    store, scope = small_home(tmp_path)
    before = live_notes(scope)
    paths = ["release-train.md", "search-latency.md", "python-tooling.md"]
    plan = {
        "version": 1,
        "operations": [
            {"op": "delete", "path": p, "evidence": [p], "reason": "runaway"} for p in paths
        ],
    }
    capped = Settings(dream=DreamSettings(max_deletes=2))
    with pytest.raises(PlanRefused) as err:
        validate_plan(plan, PlanView(set(paths), set(), set(), set(), 2))
    assert err.value.reason == "delete-cap"
    result = dream(store, scope, now=NOW, force=True, settings=capped, planner=lambda ctx: plan)
    assert result.model_rejected.startswith("delete-cap")
    assert result.planner == "offline"
    assert all(
        (scope.root / p).exists()
        or p in {s for op in result.applied for s in op.get("sources", [])}
        for p in paths
    )
    assert set(before) != set(live_notes(scope))  # the offline plan ran instead


def test_soft_delete_restore_and_audit(tmp_path):
    store, scope = small_home(tmp_path)
    result = dream(store, scope, now=NOW, force=True, settings=S)
    assert not (scope.root / "release-train.md").exists()
    record = json.loads((scope.state_dir / "audit.jsonl").read_text().splitlines()[-1])
    assert record["event"] == "dream-apply" and record["run_id"] == result.run_id
    assert "release-train.md" in record["deleted"]
    assert "Tuesdays" not in (scope.state_dir / "audit.jsonl").read_text()  # content-free
    run = read_state(scope)["runs"][-1]
    assert run["run_id"] == result.run_id and "release-train.md" in run["deleted"]
    one = restore(store, scope, result.run_id, "python-tooling-uv.md", now=NOW)
    assert (
        one.restored == ["python-tooling-uv.md"] and (scope.root / "python-tooling-uv.md").exists()
    )
    again = restore(store, scope, result.run_id, "python-tooling-uv.md", now=NOW)
    assert again.restored == [] and again.already_restored == ["python-tooling-uv.md"]
    rest = restore(store, scope, result.run_id, now=NOW)
    assert "release-train.md" in rest.restored and (scope.root / "release-train.md").exists()
    assert "(release-train.md)" in scope.index_path.read_text()
    with pytest.raises(RestoreError) as err:
        restore(store, scope, "no-such-run", now=NOW)
    assert err.value.reason == "unknown-run"


def test_restore_refused_after_the_window_and_archives_purged(tmp_path):
    store, scope = small_home(tmp_path)
    result = dream(store, scope, now=NOW, force=True, settings=S)
    later = NOW + dt.timedelta(days=31)
    with pytest.raises(RestoreError) as err:
        restore(store, scope, result.run_id, now=later)
    assert err.value.reason == "restore-expired"
    nxt = dream(store, scope, now=later, force=True, settings=S)
    assert nxt.purged_archives == [result.run_id]
    assert not (scope.root / "archive" / result.run_id).exists()


# ---- model plans (R22): validated whole ------------------------------------------------


class FakeModel:
    """A provider double: returns a fixed JSON answer (the model is what is faked here,
    not the store)."""

    def __init__(self, answer):
        self.answer = answer
        self.calls = []

    def complete_json(self, system, prompt, schema, timeout):
        self.calls.append((system, prompt, schema, timeout))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_valid_model_plan_is_applied(tmp_path):
    store, scope = small_home(tmp_path)
    model = FakeModel(MERGE_PLAN)
    result = dream(store, scope, now=NOW, force=True, settings=S, planner=ModelPlanner(model))
    assert result.planner == "model" and result.model_rejected is None
    assert model.calls[0][2] is PLAN_SCHEMA
    assert "inbox/latency-tightened.md" in model.calls[0][1]
    assert "Search p95 budget 200 ms" in (scope.root / "search-latency.md").read_text()
    assert (scope.root / "inbox" / "python-uv-lock.md").exists()  # untouched by the plan


@pytest.mark.parametrize(
    "bad",
    [
        {
            "version": 1,
            "operations": [{"op": "explode", "path": "a.md", "evidence": ["a.md"], "reason": "x"}],
        },
        {
            "version": 1,
            "operations": [
                {"op": "delete", "path": "search-latency.md", "evidence": [], "reason": "x"}
            ],
        },
        {
            "version": 1,
            "operations": [
                {
                    "op": "delete",
                    "path": "../../etc/passwd",
                    "evidence": ["search-latency.md"],
                    "reason": "x",
                }
            ],
        },
        {
            "version": 1,
            "operations": [
                {
                    "op": "delete",
                    "path": "search-latency.md",
                    "evidence": ["search-latency.md"],
                    "reason": "ok",
                },
                {
                    "op": "update",
                    "path": "search-latency.md",
                    "note": {"description": "d", "type": "project", "body": ""},
                    "evidence": ["search-latency.md"],
                    "reason": "twice",
                },
            ],
        },
        {
            "version": 1,
            "operations": [
                {
                    "op": "delete",
                    "path": "sessions/20261128T120000Z-recent.md",
                    "evidence": ["sessions/20261128T120000Z-recent.md"],
                    "reason": "too young",
                }
            ],
        },
        {
            "version": 1,
            "operations": [
                {
                    "op": "create",
                    "path": "new.md",
                    "note": {"description": "d", "type": "nope", "body": ""},
                    "evidence": ["search-latency.md"],
                    "reason": "bad type",
                }
            ],
        },
        "not json at all",
    ],
)
def test_invalid_model_plan_is_rejected_whole(tmp_path, bad):
    store, scope = small_home(tmp_path)
    good_first = {
        "op": "delete",
        "path": "python-tooling-uv.md",
        "evidence": ["python-tooling-uv.md"],
        "reason": "dup",
    }
    if isinstance(bad, dict):
        bad = {**bad, "operations": [good_first, *bad["operations"]]}
    result = dream(
        store, scope, now=NOW, force=True, settings=S, planner=ModelPlanner(FakeModel(bad))
    )
    assert result.model_rejected and result.model_rejected.startswith("invalid-plan")
    assert result.planner == "offline"
    with pytest.raises(PlanInvalid):
        validate_plan(
            bad,
            PlanView(
                {"search-latency.md", "python-tooling-uv.md"},
                set(),
                {"sessions/20261128T120000Z-recent.md"},
                set(),
                10,
            ),
        )


def test_failed_model_call_falls_back_to_offline(tmp_path):
    store, scope = small_home(tmp_path)
    result = dream(
        store,
        scope,
        now=NOW,
        force=True,
        settings=S,
        planner=ModelPlanner(FakeModel(TimeoutError("slow"))),
    )
    assert result.model_rejected.startswith("model-failed") and result.status == "applied"


# ---- cancel, progress ------------------------------------------------------------------


def test_cancel_before_apply_changes_no_note(tmp_path):
    store, scope = small_home(tmp_path)
    before = live_notes(scope)
    cancel = CancelToken()
    seen = []

    def progress(message, percent):
        seen.append(percent)
        if percent == 25:
            cancel.cancel()

    from memlsp.core.dream import DreamCancelled

    with pytest.raises(DreamCancelled):
        dream(store, scope, now=NOW, force=True, settings=S, progress=progress, cancel=cancel)
    assert live_notes(scope) == before
    assert read_lease(scope) is None  # released
    assert seen == [5, 25]


def test_retention_setting_controls_session_expiry(tmp_path):
    store, scope = small_home(tmp_path)
    keep = Settings(retention=RetentionSettings(session_days=365))
    result = dream(store, scope, now=NOW, force=True, settings=keep)
    assert not any(op["path"].startswith("sessions/") for op in result.applied)


def test_recover_all_rolls_back_an_unfinished_prepared_journal(tmp_path):
    from memlsp.core.dream import recover_all

    store, scope = small_home(tmp_path)
    before = live_notes(scope)
    jdir = scope.state_dir / "journal"
    jdir.mkdir(parents=True, exist_ok=True)
    staged = scope.root / ".search-latency.md.r1.dream.tmp"
    staged.write_text("half-done")
    (jdir / "r1.json").write_text(
        json.dumps(
            {
                "run_id": "r1",
                "status": "prepared",
                "actions": [
                    {
                        "kind": "write",
                        "op": 0,
                        "target": "search-latency.md",
                        "staged": staged.name,
                        "old_sha": "x",
                        "new_sha": "y",
                    }
                ],
            }
        )
    )
    reports = recover_all(store)
    assert reports["global"].rolled_back == ["r1"]
    assert not staged.exists() and not (jdir / "r1.json").exists()
    assert live_notes(scope) == before
    assert recover_all(store) == {}  # idempotent


def test_autosaved_session_records_are_dated_by_their_lower_case_name(tmp_path):
    """Autosave names records ``20260407t080000z-<id>.md`` (slugs are lower case): the gate
    dates them by that stamp, not by the file's mtime."""
    import os

    from memlsp.core.autosave import autosave_session
    from memlsp.core.dream.gather import session_time

    store = Store(tmp_path)
    scope = store.ensure_scope(store.global_scope())
    prompts = [
        "Let us migrate the billing reports to the new warehouse schema",
        "Keep the old column names as views for the finance dashboards",
        "Now backfill last quarter and compare the totals per region",
    ]
    at = NOW - dt.timedelta(hours=30)
    res = autosave_session(
        store,
        scope,
        session_id="s1",
        messages=[{"role": "user", "content": p, "at": at.isoformat()} for p in prompts],
    )
    record = tmp_path / res.path
    assert record.name.startswith(at.strftime("%Y%m%dt%H%M%Sz"))
    os.utime(record, (NOW.timestamp(), NOW.timestamp()))  # touched after the session
    assert session_time(record) == at
    state_file = scope.state_dir / "state.json"
    state_file.write_text(json.dumps({"last_dream": (NOW - dt.timedelta(hours=25)).isoformat()}))
    assert should_dream(scope, NOW, settings=S).sessions_since == 0
