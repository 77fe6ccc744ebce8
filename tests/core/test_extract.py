"""Per-turn offline extraction (SPEC R7, R10, R11) on phrasings of our own, English and
Chinese: corrections, approvals, roles, dated facts, references, forget, supersede, chatter."""

from __future__ import annotations

import datetime as dt

import pytest
from memlsp.core.extract import Message, extract_turn
from memlsp.core.notes import Note
from memlsp.core.store import Store

T0 = dt.datetime(2026, 9, 8, 9, 0, tzinfo=dt.UTC)  # a Tuesday


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMLSP_HOME", str(tmp_path / "home"))
    store = Store(tmp_path / "home")
    return store, store.project_scope(tmp_path / "work")


def turn(env, user, assistant="Done.", previous=None, at=T0, session="s1", number=1, **kw):
    store, scope = env
    msgs = []
    if previous:
        msgs.append(Message("assistant", previous, at))
    msgs.append(Message("user", user, at))
    if assistant:
        msgs.append(Message("assistant", assistant, at))
    return extract_turn(store, scope, session_id=session, turn=number, messages=msgs, **kw)


def notes(env):
    store, _ = env
    return [e for e in store.scan_all().entries if e.section in ("", "inbox")]


def only_note(env):
    found = notes(env)
    assert len(found) == 1, [e.note.description for e in found]
    return found[0]


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("No, we don't use Docker Compose for local dev here; use Tilt instead.", "Tilt"),
        ("Please never push directly to main in this repo, open a PR even for typos.", "open a PR"),
        ("Stop adding emojis to commit messages.", "emojis"),
        ("别用 unittest，这个项目统一用 pytest。", "pytest"),
        ("以后改接口之前一定要先更新 OpenAPI 文档。", "OpenAPI"),
    ],
)
def test_corrections_become_feedback(env, text, expect):
    res = turn(env, text)
    entry = only_note(env)
    assert entry.note.type == "feedback"
    assert expect in entry.note.body
    assert entry.note.meta["source"] == "extraction"
    assert entry.section == "inbox"
    assert res.written == [entry.path]
    assert len(entry.note.description) <= 150


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        (
            "Yes, exactly — a table comparing the options is what I want, keep doing that.",
            "Here is a table comparing the three queue options by cost and latency.",
        ),
        (
            "Perfect, always write the changelog entry like this.",
            "I added a changelog entry with the user-facing impact first.",
        ),
        ("对，就这样，以后都先列出风险再给方案。", "我先列出了三个风险，再给出迁移方案。"),
    ],
)
def test_approvals_are_recorded_with_what_was_approved(env, text, previous):
    turn(env, text, previous=previous)
    entry = only_note(env)
    assert entry.note.type == "feedback"
    assert previous[:20] in entry.note.body  # the approved behaviour is kept


@pytest.mark.parametrize(
    "text",
    ["Perfect.", "Great, thanks!", "Nice. Now rename the variable.", "好的。"],
)
def test_bare_acknowledgements_are_not_approvals(env, text):
    turn(env, text, previous="I renamed the function.")
    assert notes(env) == []


@pytest.mark.parametrize(
    ("text", "expect", "scope_kind"),
    [
        ("I'm a mobile developer, mostly Swift; backend Go is new to me.", "Swift", "global"),
        (
            "I'm the release manager on the team, so I sign off every deploy.",
            "release manager",
            "project",
        ),
        ("我是做前端的，对数据库不太熟。", "前端", "global"),
    ],
)
def test_roles_become_user_notes(env, text, expect, scope_kind):
    turn(env, text)
    entry = only_note(env)
    assert entry.note.type == "user"
    assert expect in entry.note.body
    assert entry.scope.kind == scope_kind


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("Heads up: the API freeze begins Thursday because of the partner audit.", "2026-09-10"),
        ("The vendor contract ends next Friday, no new integrations after that.", "2026-09-18"),
        ("We decided yesterday to sunset the v1 export endpoint.", "2026-09-07"),
        ("财务说下周三之前必须把对账报表交上去。", "2026-09-16"),
        ("月底之前所有服务都要切到新的日志平台。", "2026-09-30"),
    ],
)
def test_dated_facts_carry_absolute_dates(env, text, date):
    turn(env, text)
    entry = only_note(env)
    assert entry.note.type == "project"
    assert date in entry.note.description or date in entry.note.body


@pytest.mark.parametrize(
    ("text", "expect"),
    [
        ("Flaky test reports are tracked in the Jira board QA-FLAKES.", "QA-FLAKES"),
        ("The incident runbook lives in Confluence under 'SRE / Incidents'.", "SRE / Incidents"),
        ("Deploy approvals happen in the #release-desk channel.", "#release-desk"),
        ("性能看板在 Grafana 的 'API Latency' 面板里。", "API Latency"),
    ],
)
def test_external_references(env, text, expect):
    turn(env, text)
    entry = only_note(env)
    assert entry.note.type in ("reference", "project")
    assert expect in entry.note.body


@pytest.mark.parametrize(
    "text",
    [
        "hi there",
        "What's the difference between a mutex and a semaphore?",
        "lol that build took forever",
        "Can you add a docstring to this function?",
        "Thanks, that's all for today.",
        "今天天气不错。",
        "帮我把这个函数改成异步的。",
        "Any idea why the linter is slow?",
    ],
)
def test_chatter_and_task_requests_stay_silent(env, text):
    res = turn(env, text)
    assert notes(env) == [] and res.written == []


def test_skipped_when_main_model_already_wrote(env):
    res = turn(env, "Never use tabs in YAML files.", memory_written=True)
    assert res.skipped == "main-model-wrote-memory"
    assert notes(env) == []


def test_check_before_write_updates_instead_of_adding_a_twin(env):
    turn(env, "Always run the linter with ruff before committing.")
    turn(env, "Always run the linter with ruff before committing, it is required in CI.", number=2)
    entry = only_note(env)
    assert "required in CI" in entry.note.body


def test_superseding_statement_replaces_the_old_value(env):
    turn(env, "Rule for this repo: releases are cut by Hana on Tuesdays.")
    later = T0 + dt.timedelta(days=30)
    res = turn(env, "Update: from now on releases are cut by Ivo.", at=later, session="s2")
    entry = only_note(env)
    assert "Ivo" in entry.note.body
    text = (entry.note.description + entry.note.body + entry.note.name).lower()
    assert "hana" not in text and "previously" not in text
    assert res.updated


def test_chinese_supersede(env):
    turn(env, "以后日报发到飞书群里。")
    turn(
        env,
        "以后日报不用发飞书群了，统一发邮件给组长。",
        at=T0 + dt.timedelta(days=9),
        session="s2",
    )
    entry = only_note(env)
    assert "邮件" in entry.note.body and "飞书群里" not in entry.note.body


def test_forget_removes_the_note_and_says_so(env):
    store, _ = env
    turn(env, "Remember: the load-test cluster is at perf.example.io.")
    assert len(notes(env)) == 1
    res = turn(
        env, "Forget what I said about the load-test cluster, it was decommissioned.", number=2
    )
    assert res.forget_target_found is True and res.deleted
    assert notes(env) == []
    state = (store.home / res.deleted[0]).parent.parent / ".memlsp"
    audit, tombstones = (
        (state / "audit.jsonl").read_bytes(),
        (state / "tombstones.jsonl").read_bytes(),
    )
    assert b'"forget"' in audit and b'"reason": "matching"' in tombstones
    assert b"perf.example.io" not in audit + tombstones


def test_a_forgotten_note_is_never_extracted_again(env):
    """Issue 6: extraction never re-creates a note whose content is tombstoned (R23, R24)."""
    turn(env, "Remember: the load-test cluster is at perf.example.io.")
    turn(env, "Forget what I said about the load-test cluster.", number=2)
    assert notes(env) == []
    res = turn(env, "Remember: the load-test cluster is at perf.example.io.", session="s2")
    assert notes(env) == [] and [r.reason for r in res.refused] == ["forgotten"]


def test_forget_in_chinese(env):
    turn(env, "记住：周一上午不安排会议。")
    res = turn(env, "忘掉周一不安排会议那条吧。", number=2)
    assert res.forget_target_found and notes(env) == []


def test_forget_with_no_match_is_honest(env):
    res = turn(env, "Forget the thing about the coffee machine.")
    assert res.forget_target_found is False and res.deleted == []


def test_dont_forget_is_not_a_forget_request(env):
    res = turn(env, "Don't forget to run migrations before deploying, always.")
    assert res.forget_target_found is None
    assert only_note(env).note.type == "feedback"


def test_multi_idea_message_gives_one_note_per_idea(env):
    turn(env, "No, use yarn here, never npm. Also heads up: the release freeze starts next Monday.")
    kinds = sorted(e.note.type for e in notes(env))
    assert kinds == ["feedback", "project"]


def test_excluded_remember_in_chat_writes_nothing(env):
    res = turn(env, "Remember that the retry helper lives in lib/net/retry.ts.")
    assert notes(env) == []
    assert res.refused and res.refused[0].reason == "refused-excluded:file-path"


def test_a_loose_supersede_match_never_rewrites_a_note_a_person_wrote(env):
    """A dated statement that shares two words with a hand-written note must not replace it."""
    store, scope = env
    hand = Note(
        name="refund-rounding",
        description="Refunds round half-even, as the finance team requires",
        type="project",
        body="Finance audits refunds; the billing code must round half-even.",
        meta={"source": "manual"},
    )
    store.write_note(scope, hand, section="")
    turn(env, "The billing service is frozen from next Monday for the audit.")
    names = sorted(e.note.name for e in notes(env))
    assert "refund-rounding" in names and len(names) == 2
